package io.isoverify.spark.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.sim.RandomHistories;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.spark.engine.HistoryUnion;
import io.isoverify.spark.engine.TestSpark;
import io.isoverify.spark.submit.SparkVerify;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verifier submitted to a real standalone cluster (a Master and two Workers in their
 * own JVMs, executors launched by the Workers) gives the verdict and certificates of the
 * embedded engine; and still does when one executor JVM is killed (kill -9) mid-job.
 */
class StandaloneClusterTest {
  @TempDir static Path dir;
  static StandaloneCluster cluster;
  static Path history;
  static String expected;

  @BeforeAll
  static void startCluster() throws Exception {
    History[] parts = new History[120];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = RandomHistories.candidate(1000 + i, Level.SER).history();
    }
    history = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(List.of(parts)), history);
    expected = normal(local(history));
    cluster = StandaloneCluster.start(dir, 2);
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void aSubmittedRunGivesTheEmbeddedEnginesVerdictAndCertificates() throws Exception {
    Path out = dir.resolve("run1.out");
    Path err = dir.resolve("run1.err");
    Process driver = cluster.submit(dir, SparkVerify.class.getName(),
        List.of("--level", "SER", history.toString()), out, err);
    assertTrue(driver.waitFor(240, TimeUnit.SECONDS), "the driver finished");
    assertEquals(1, driver.exitValue(), Files.readString(err));
    assertEquals(expected, normal(Files.readString(out)));
    assertTrue(cluster.masterJson().contains("\"completedapps\" : [ {"), cluster.masterJson());
    assertTrue(executorDirs() >= 1, "the Workers launched executors for the job");
  }

  @Test
  void killingAnExecutorMidJobChangesNothing() throws Exception {
    Path out = dir.resolve("run2.out");
    Path err = dir.resolve("run2.err");
    Process driver = cluster.submit(dir, SparkVerify.class.getName(),
        List.of("--level", "SER", "--progress-seconds", "1", history.toString()), out, err);
    long killed = -1;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
    while (killed < 0 && driver.isAlive() && System.nanoTime() < deadline) {
      List<ProcessHandle> executors = cluster.executors();
      // Kill once tasks run on both executors, in a stage after the first read.
      if (executors.size() == 2 && Files.readString(err).contains("spark: encode")) {
        ProcessHandle victim = executors.get(0);
        killed = victim.pid();
        new ProcessBuilder("kill", "-9", String.valueOf(killed)).start().waitFor();
      }
      Thread.sleep(200);
    }
    assertTrue(killed > 0, "an executor was killed while the job ran: " + Files.readString(err));
    assertTrue(driver.waitFor(300, TimeUnit.SECONDS), "the driver finished");
    assertEquals(1, driver.exitValue(), Files.readString(err));
    assertEquals(expected, normal(Files.readString(out)));
    assertFalse(ProcessHandle.of(killed).map(ProcessHandle::isAlive).orElse(false));
  }

  private static long executorDirs() throws Exception {
    long n = 0;
    for (Path work : cluster.workDirs) {
      try (Stream<Path> apps = Files.list(work)) {
        for (Path app : apps.toList()) {
          try (Stream<Path> execs = Files.list(app)) {
            n += execs.count();
          }
        }
      }
    }
    return n;
  }

  /** The embedded engine's output on the same history. */
  private static String local(Path file) {
    TestSpark.session();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code = SparkVerify.run(new String[] {"--level", "SER", file.toString()},
        new PrintStream(out, true, StandardCharsets.UTF_8), System.err, Map.of());
    assertEquals(1, code, "the history violates SER");
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The output without what depends on timing: phase lines and elapsed seconds. */
  private static String normal(String text) {
    return text.lines().filter(l -> !l.startsWith("phase "))
        .map(l -> l.replaceAll("\\(\\d+\\.\\d+ s\\)", "(s)"))
        .collect(Collectors.joining("\n"));
  }
}
