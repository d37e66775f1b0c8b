package io.isoverify.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version every command prints for {@code -V} and {@code --version}: "isoverify VERSION",
 * the project's Maven version, which the build writes into version.properties.
 */
final class Version implements IVersionProvider {
  /** "isoverify VERSION". */
  static String line() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return "isoverify " + p.getProperty("version", "(version unknown)");
  }

  @Override
  public String[] getVersion() {
    return new String[] {line()};
  }
}
