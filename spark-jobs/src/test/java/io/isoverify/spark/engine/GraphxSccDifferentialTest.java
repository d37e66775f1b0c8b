package io.isoverify.spark.engine;

import io.isoverify.datasets.sim.RandomHistories;
import io.isoverify.engine.DeferredCertifier;
import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.PredicateReads;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.graph.Component;
import io.isoverify.graph.Partition;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.RepeatedValues;
import io.isoverify.spark.graphx.GraphxScc;
import io.isoverify.spark.stages.GraphInputStage;
import io.isoverify.spark.stages.HistoryStage;
import io.isoverify.spark.stages.KeyStage;
import io.isoverify.spark.stages.ListStage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * The P-SCC step on GraphX (threshold 0 forces it) against the driver's Tarjan, on the
 * Spark stages' arrays of random histories (fixed seeds) written to Parquet: the same
 * components, array for array, and the same verdicts and certificates from
 * {@link GraphPhase#check}, on valid histories and on ones with a cycle.
 */
class GraphxSccDifferentialTest {
  /** Up to 30 transactions on 3 keys: concurrent enough that pruning leaves components. */
  private static final RandomHistories.Shape SHAPE = new RandomHistories.Shape(3, 6, 8, 4, 3, 30);

  @TempDir Path dir;

  @Test
  void validHistoriesGiveTheSameComponentsAndVerdicts() throws Exception {
    List<History> parts = new ArrayList<>();
    for (long seed = 1; seed <= 30; seed++) {
      parts.add(RandomHistories.valid(seed, Level.SER, SHAPE));
    }
    List<LevelReport> reports = compare(parts, true);
    for (LevelReport r : reports) {
      assertEquals(Verdict.HOLDS, r.verdict(), r.level() + ": " + r.reason());
    }
  }

  /**
   * With repeated written values (reads with several candidate writers): the components
   * carry WR constraints to the executors and their writers back, and the witness states
   * the writers on either path.
   */
  @Test
  void repeatedValuesGiveTheSameComponentsAndVerdicts() throws Exception {
    List<History> parts = new ArrayList<>();
    for (long seed = 1; seed <= 6; seed++) {
      parts.add(RepeatedValues.of(RandomHistories.valid(seed, Level.SER, SHAPE), 3));
    }
    assertTrue(Partitioner.partition(HistoryUnion.of(parts), Level.SER, PartitionOptions.defaults())
        .components().stream().anyMatch(c -> c.reads().count() > 0), "some component has reads");
    List<LevelReport> reports = compare(parts, true);
    for (LevelReport r : reports) {
      assertEquals(Verdict.HOLDS, r.verdict(), r.level() + ": " + r.reason());
    }
  }

  @Test
  void historiesWithCyclesGiveTheSameComponentsAndVerdicts() throws Exception {
    List<History> parts = new ArrayList<>();
    InProcessVerifier verifier = new InProcessVerifier(VerifierOptions.defaults());
    for (long seed = 1; parts.size() < 12; seed++) {
      History c = RandomHistories.candidate(seed, Level.SER).history();
      if (NonCycleChecks.findings(c, 1).clean()) {
        parts.add(c);
      }
    }
    assertTrue(parts.stream().anyMatch(h -> verifier.verify(h, Set.of(Level.SER))
        .get(Level.SER).verdict() == Verdict.VIOLATED), "some part has a cycle");
    List<LevelReport> reports = compare(parts, false);
    assertEquals(Verdict.VIOLATED, reports.get(0).verdict());
  }

  @Test
  void aBadThresholdIsNamed() {
    SparkSession spark = TestSpark.session();
    spark.conf().set(GraphPhase.DRIVER_GRAPH_EDGES_CONF, "lots");
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> GraphPhase.driverGraphEdges(spark));
      assertEquals("spark.verifier.driverGraphEdges must be a number (0 or more), got 'lots'",
          e.getMessage());
    } finally {
      spark.conf().unset(GraphPhase.DRIVER_GRAPH_EDGES_CONF);
    }
    // unset in local mode (the tests' master): GraphX only when asked for
    assertEquals(Long.MAX_VALUE, GraphPhase.driverGraphEdges(spark));
  }

  /**
   * Partitions and checks the union of {@code parts} both ways; returns the driver path's
   * reports after asserting the GraphX path gives the same.
   */
  private List<LevelReport> compare(List<History> parts, boolean expectComponents) throws Exception {
    Path file = dir.resolve("union.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(parts), file);
    SparkSession spark = TestSpark.session();
    HistoryStage.Result read = HistoryStage.run(spark, file.toString(), file.toString());
    KeyStage.Result keys = KeyStage.run(spark, read, 1);
    GraphInputStage.Arrays arrays = GraphInputStage.run(keys, read.txns().count(),
        ListStage.run(keys, read.txns(), 100).lists());
    PolygraphInput in = GraphPhase.input(read.txns(), keys.keyCount(), arrays);
    List<Level> levels = List.of(Level.SER, Level.SI);
    for (Level level : levels) {
      Partition driver = Partitioner.partition(in, level, PartitionOptions.defaults());
      GraphxScc graphx = new GraphxScc(JavaSparkContext.fromSparkContext(spark.sparkContext()));
      Partition cluster = Partitioner.partition(in, level,
          PartitionOptions.defaults().withSccLabeller(graphx, 0));
      assertTrue(graphx.nanos() > 0 || driver.violated(), level + ": GraphX was asked");
      assertEquals(driver.violated(), cluster.violated(), level.toString());
      assertEquals(show(driver), show(cluster), level.toString());
      if (expectComponents) {
        assertFalse(driver.components().isEmpty(), level + ": the histories leave components");
      }
    }
    List<LevelReport> onDriver = graphPhase(spark, read, keys, arrays, levels, new LinkedHashMap<>());
    LinkedHashMap<String, Long> phases = new LinkedHashMap<>();
    // the cluster path: P-SCC on GraphX and every component solved on an executor
    spark.conf().set(GraphPhase.DRIVER_GRAPH_EDGES_CONF, "0");
    spark.conf().set(GraphPhase.DRIVER_SOLVE_VERTICES_CONF, "0");
    List<LevelReport> onGraphx;
    try {
      onGraphx = graphPhase(spark, read, keys, arrays, levels, phases);
    } finally {
      spark.conf().unset(GraphPhase.DRIVER_GRAPH_EDGES_CONF);
      spark.conf().unset(GraphPhase.DRIVER_SOLVE_VERTICES_CONF);
    }
    boolean searched = !onDriver.stream()
        .allMatch(r -> r.verdict() == Verdict.VIOLATED && r.witness() == null);
    assertTrue(!searched || phases.containsKey("P-SCC on GraphX (in partition)"), "GraphX ran: " + phases);
    assertTrue(!searched || phases.containsKey("solve on executors"), "executors solved: " + phases);
    for (int i = 0; i < levels.size(); i++) {
      LevelReport d = onDriver.get(i);
      LevelReport g = onGraphx.get(i);
      assertEquals(d.verdict(), g.verdict(), d.level().toString());
      assertEquals(d.reason(), g.reason(), d.level().toString());
      assertEquals(d.witness(), g.witness(), d.level().toString());
      assertEquals(d.counts(), g.counts(), d.level().toString());
      assertEquals(raw(d.certificates()), raw(g.certificates()), d.level().toString());
    }
    return onDriver;
  }

  /** The graph phase of a history without non-cycle anomalies, as the Spark engine runs it. */
  private static List<LevelReport> graphPhase(SparkSession spark, HistoryStage.Result read,
      KeyStage.Result keys, GraphInputStage.Arrays arrays, List<Level> levels,
      LinkedHashMap<String, Long> phases) {
    Map<Level, LevelResult> results = GraphPhase.check(spark, read.txns(), keys.keyCount(),
        new GraphInputStage.Arrays[] {arrays},
        new NonCycleFindings(List.of(), Map.of(), null), 0, new LinkedHashSet<>(levels), () -> "",
        PredicateReads.NONE, read.readLists(), new DeferredCertifier(), ProgressListener.NONE,
        phases);
    return LevelReport.of(levels, results, phases);
  }

  /** Certificates of the graph phase (dense ids, typed edges) as comparable text. */
  private static List<String> raw(List<Certificate> certs) {
    return certs.stream().map(c -> c.anomaly() + " " + Arrays.toString(c.txns()) + " "
        + Arrays.toString(c.keys()) + " " + c.edges() + " " + c.choices()).toList();
  }

  /** Every component's arrays, in order, and the count and sizes first. */
  private static List<String> show(Partition p) {
    List<String> out = new ArrayList<>();
    out.add(p.components().size() + " components, sizes "
        + p.components().stream().map(c -> c.vertexCount()).toList());
    for (Component c : p.components()) {
      StringBuilder s = new StringBuilder();
      for (int v = 0; v < c.vertexCount(); v++) {
        s.append(c.txn(v)).append(' ');
      }
      for (int e = 0; e < c.knownEdgeCount(); e++) {
        s.append(c.knownFrom(e)).append('>').append(c.knownTo(e)).append(':')
            .append(c.knownType(e)).append('/').append(c.knownKey(e)).append(' ');
      }
      for (int x = 0; x < c.constraintCount(); x++) {
        for (int side = 0; side < 2; side++) {
          s.append(side == 0 ? "[" : "|");
          for (int e = c.sideBegin(x, side); e < c.sideEnd(x, side); e++) {
            s.append(c.sideFrom(e)).append('>').append(c.sideTo(e)).append(':')
                .append(c.sideType(e)).append('/').append(c.sideKey(e)).append(' ');
          }
        }
        s.append(']');
      }
      out.add(s.append(" reads ").append(c.reads().count()).toString());
    }
    return out;
  }
}
