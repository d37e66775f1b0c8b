package io.isoverify.history.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes the tests' Debian packages present through bin/install-deps (which installs only what
 * is missing). Its exit code 2 means apt-get cannot be used here (not Debian, or not root):
 * the only case a test is skipped, with that message; CI runs as root on Debian.
 */
public final class DebianPackages {
  private DebianPackages() {}

  public static void require(String... packages) throws IOException, InterruptedException {
    Path script = projectRoot().resolve("bin/install-deps");
    List<String> cmd = new ArrayList<>(List.of(script.toString()));
    cmd.addAll(List.of(packages));
    Path log = Files.createTempFile("install-deps", ".log");
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(20, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new AssertionError("bin/install-deps " + String.join(" ", packages) + " took over 20 minutes");
      }
      String out = Files.readString(log, StandardCharsets.UTF_8);
      assumeTrue(p.exitValue() != 2, () -> "skipped: " + out.strip());
      assertEquals(0, p.exitValue(), () -> "bin/install-deps failed:\n" + out);
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private static Path projectRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("bin/install-deps"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new AssertionError("bin/install-deps not found above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
