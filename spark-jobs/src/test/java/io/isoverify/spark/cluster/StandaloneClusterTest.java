package io.isoverify.spark.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.sim.Isolation;
import io.isoverify.datasets.sim.RandomHistories;
import io.isoverify.datasets.sim.Simulator;
import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelPipeline;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.graph.Component;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.spark.engine.HistoryUnion;
import io.isoverify.spark.submit.SparkVerify;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
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
 * own JVMs, executors launched by the Workers) gives the in-process verdict and
 * certificates; and still does when one executor JVM is killed (kill -9) mid-job; and
 * solves components larger than an RPC message on the executors.
 */
class StandaloneClusterTest {
  @TempDir static Path dir;
  static StandaloneCluster cluster;
  static Path history;
  static String expected;
  /** Generous: a loaded 2-core machine runs the job's ~100 stages slowly. */
  private static final long DRIVER_LIMIT_S = 900;
  /**
   * The contended history: its largest SER component is about 4.5 MB. Mostly writes, so that
   * many versions are read and concurrent (SER needs no constraint between two unread
   * versions: half reads on 500 keys left a component of 120 kB).
   */
  private static final int CONTENDED_TXNS = 20_000;
  private static final int CONTENDED_SESSIONS = 50;
  private static final int CONTENDED_KEYS = 1_000;
  private static final double CONTENDED_READS = 0.3;

  @BeforeAll
  static void startCluster() throws Exception {
    List<History> parts = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      parts.add(RandomHistories.candidate(1000 + i, Level.SER).history());
    }
    history = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(parts), history);
    expected = inProcess(ParquetHistoryReader.read(history));
    cluster = StandaloneCluster.start(dir, 2);
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void aSubmittedRunGivesTheInProcessVerdictAndCertificates() throws Exception {
    Run run = submitted("run1", List.of(), List.of("--level", "SER", history.toString()));
    assertEquals(1, run.exit(), run.err());
    assertEquals(expected, shown(run.out()));
    assertTrue(cluster.masterJson().contains("isoverify"), "the Master ran the application");
    assertTrue(executorDirs() >= 1, "the Workers launched executors for the job");
  }

  @Test
  void killingAnExecutorMidJobChangesNothing() throws Exception {
    Path out = dir.resolve("run2.out");
    Path err = dir.resolve("run2.err");
    Process driver = cluster.submit(dir, SparkVerify.class.getName(),
        List.of("--level", "SER", "--progress-seconds", "1", history.toString()), out, err);
    long killed = -1;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRIVER_LIMIT_S);
      while (killed < 0 && driver.isAlive() && System.nanoTime() < deadline) {
        List<ProcessHandle> executors = cluster.executors();
        // Kill once both executors run and the read stage is over: later stages need its
        // output. Any later phase's line says so (a phase shorter than the period prints none).
        if (executors.size() == 2 && readStageOver(Files.readString(err))) {
          killed = executors.get(0).pid();
          new ProcessBuilder("kill", "-9", String.valueOf(killed)).start().waitFor();
        }
        Thread.sleep(200);
      }
      assertTrue(killed > 0, "an executor was killed while the job ran: " + Files.readString(err));
      assertTrue(driver.waitFor(DRIVER_LIMIT_S, TimeUnit.SECONDS), "the driver finished");
    } finally {
      StandaloneCluster.stop(driver);
    }
    assertEquals(1, driver.exitValue(), Files.readString(err));
    assertEquals(expected, shown(Files.readString(out)));
    long victim = killed;
    assertFalse(ProcessHandle.of(victim).map(ProcessHandle::isAlive).orElse(false));
  }

  /**
   * A component larger than an RPC message (the setting at its least, 1 MiB, and every
   * component sent to the executors) is solved there: components travel as broadcast
   * variables, where a task holding one is refused by the cluster (issue 12's 1M SI run).
   */
  @Test
  void aComponentLargerThanAnRpcMessageIsSolvedOnTheExecutors() throws Exception {
    History h = contended();
    long largest = 0;
    for (Component c : Partitioner.partition(PolygraphInput.of(h), Level.SER,
        PartitionOptions.defaults()).components()) {
      largest = Math.max(largest, serializedBytes(c));
    }
    assertTrue(largest > 2 << 20, "the history has a component over 2 MiB: " + largest);
    Path contended = dir.resolve("contended.parquet");
    ParquetHistoryWriter.write(h, contended);
    Run run = submitted("run3",
        List.of("spark.rpc.message.maxSize=1", "spark.verifier.driverSolveVertices=0"),
        List.of("--level", "SER", contended.toString()));
    assertEquals(0, run.exit(), run.err());
    assertEquals(Verdict.HOLDS, new InProcessVerifier(VerifierOptions.defaults())
        .verify(h, EnumSet.of(Level.SER)).get(Level.SER).verdict());
    assertTrue(run.out().lines().anyMatch(l -> l.startsWith("SER   HOLDS")), run.out());
  }

  /**
   * Predicate reads on the cluster: vbox's predicate read skew (T2's predicate read returns
   * x but not y, both inserted by T1 and matching) is caught by the executors' and the
   * driver's predicate stage with the in-process engine's cycle; at SER the submitted run
   * shows the certificate the in-process engine gives.
   */
  @Test
  void predicateReadsAreCheckedOnTheCluster() throws Exception {
    History h = HistoryDsl.parse("s1: [i x 1 {1=1}; i y 2 {1=1}]\ns2: [p 1 1 1 1; r x 1]");
    Path file = dir.resolve("predicates.parquet");
    ParquetHistoryWriter.write(h, file);
    Run run = submitted("run4", List.of(), List.of("--level", "SER", file.toString()));
    assertEquals(1, run.exit(), run.err());
    History read = ParquetHistoryReader.read(file);
    List<String> local = new InProcessVerifier(VerifierOptions.defaults())
        .verify(read, EnumSet.of(Level.SER)).get(Level.SER).certificates().stream()
        .map(c -> CertificateSummary.of(read, c)).toList();
    assertEquals(List.of("G-single: T1 -WR(x=1)-> T2 -RW(y=init)-> T1"), local);
    String shown = shown(run.out());
    assertTrue(shown.startsWith("SER   VIOLATED  1 anomaly (G-single 1)"), shown);
    assertTrue(shown.endsWith(": " + local.get(0)), shown);
  }

  /** Whether a progress line names a phase after the read stage. */
  private static boolean readStageOver(String progress) {
    return progress.lines().anyMatch(l -> l.matches("spark: [^;]*, \\d+ s.*")
        && !l.startsWith("spark: read and validate") && !l.startsWith("spark: starting"));
  }

  /** A serializable history, 50 sessions on 1,000 keys, whose SER polygraph has a large part. */
  private static History contended() throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("contended");
    Simulator.run(new GeneralWorkload(8, 15, CONTENDED_READS,
        KeyDistribution.uniform(CONTENDED_KEYS)),
        Simulator.Config.of(CONTENDED_SESSIONS, CONTENDED_TXNS, Isolation.of(Level.SER), 1), sink);
    return sink.history();
  }

  private static long serializedBytes(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.size();
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

  /** A finished run of SparkVerify on the cluster: its exit value, stdout and stderr. */
  private record Run(int exit, String out, String err) {}

  /** Submits SparkVerify with {@code conf} and {@code args}, waits for it, and stops it. */
  private static Run submitted(String name, List<String> conf, List<String> args)
      throws Exception {
    Path out = dir.resolve(name + ".out");
    Path err = dir.resolve(name + ".err");
    Process driver = cluster.submit(dir, SparkVerify.class.getName(), conf, args, out, err);
    try {
      assertTrue(driver.waitFor(DRIVER_LIMIT_S, TimeUnit.SECONDS), "the driver finished");
    } finally {
      StandaloneCluster.stop(driver);
    }
    return new Run(driver.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** The verdict line and the certificates shown, from the in-process non-cycle checks. */
  private static String inProcess(History h) {
    NonCycleFindings f = NonCycleChecks.findings(h, LevelPipeline.EXAMPLES);
    long total = f.total();
    StringBuilder s = new StringBuilder("SER   VIOLATED  " + total + " anomalies ("
        + f.counts().entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> e.getKey().displayName() + " " + e.getValue()).collect(Collectors.joining(", "))
        + ")");
    int[] n = {0};
    f.examples().stream().limit(5).forEach(c -> s.append("\n      [").append(++n[0]).append("] ")
        .append(c.anomaly().displayName()).append(" breaks SER: ").append(CertificateSummary.of(h, c)));
    return s.toString();
  }

  /** The run's verdict line, without its time, and the certificate lines it shows. */
  private static String shown(String text) {
    return text.lines().filter(l -> l.startsWith("SER ") || l.startsWith("      ["))
        .map(l -> l.replaceAll(" \\(\\d+\\.\\d+ s\\)$", ""))
        .collect(Collectors.joining("\n"));
  }
}
