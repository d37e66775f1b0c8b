package io.isoverify.datasets.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Test fixture: a throwaway PostgreSQL cluster on a free loopback port, started and stopped
 * through {@code bin/pg-cluster} (which installs PostgreSQL when it is missing). Use one per
 * test class, through {@link PostgresExtension}.
 */
public final class PostgresCluster implements AutoCloseable {
  private static final int START_ATTEMPTS = 3;
  private static final long SCRIPT_TIMEOUT_MINUTES = 10;

  private final Path script;
  private final Path home;
  private final int port;
  private final String jdbcUrl;

  private PostgresCluster(Path script, Path home, int port, String jdbcUrl) {
    this.script = script;
    this.home = home;
    this.port = port;
    this.jdbcUrl = jdbcUrl;
  }

  /** Starts a cluster, retrying on another port if the free one was taken meanwhile. */
  public static PostgresCluster start() throws IOException, InterruptedException {
    Path script = repositoryRoot().resolve("bin/pg-cluster");
    // The server runs as the postgres user, who must be able to enter the directory.
    Path home = Files.createTempDirectory("isoverify-pg-",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    IllegalStateException last = null;
    for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      int port = freePort();
      try {
        String url = run(script, "start", port, home.resolve("cluster")).strip();
        return new PostgresCluster(script, home, port, url);
      } catch (IllegalStateException e) {
        last = e;
        run(script, "stop", port, home.resolve("cluster"));
      }
    }
    throw last;
  }

  /** The JDBC URL bin/pg-cluster printed, carrying the user. */
  public String jdbcUrl() {
    return jdbcUrl;
  }

  /** The URL of a database of this cluster that does not exist. */
  public String missingDatabaseUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/no_such_db?user=isoverify";
  }

  @Override
  public void close() throws IOException, InterruptedException {
    run(script, "stop", port, home.resolve("cluster"));
    try (Stream<Path> files = Files.walk(home)) {
      files.sorted(Comparator.reverseOrder()).forEach(PostgresCluster::delete);
    }
  }

  private static void delete(Path p) {
    try {
      Files.delete(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Runs the script and returns its standard output; throws with its errors if it fails. */
  private static String run(Path script, String command, int port, Path dir)
      throws IOException, InterruptedException {
    Path errors = Files.createTempFile("pg-cluster-", ".err");
    try {
      Process p = new ProcessBuilder("bash", script.toString(), command, Integer.toString(port),
          dir.toString()).redirectError(errors.toFile()).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(SCRIPT_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException("bin/pg-cluster " + command + " timed out");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException("bin/pg-cluster " + command + " " + port + " failed ("
            + p.exitValue() + "): " + Files.readString(errors));
      }
      return out;
    } finally {
      Files.deleteIfExists(errors);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static Path repositoryRoot() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("bin/pg-cluster"))) {
        return p;
      }
    }
    throw new IllegalStateException("no bin/pg-cluster above " + Path.of("").toAbsolutePath());
  }
}
