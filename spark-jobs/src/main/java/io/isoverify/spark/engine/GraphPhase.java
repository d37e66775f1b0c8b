package io.isoverify.spark.engine;

import io.isoverify.engine.LevelReport;
import io.isoverify.graph.Component;
import io.isoverify.graph.Partition;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.solver.ComponentSolver;
import io.isoverify.solver.SolveLimits;
import io.isoverify.solver.SolveResult;
import io.isoverify.spark.graphx.GraphxScc;
import io.isoverify.spark.stages.GraphInputStage;
import io.isoverify.spark.stages.TxnColumns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * The graph work for a history without non-cycle anomalies, from the arrays the Spark
 * stages computed: graph-partitioning's {@link Partitioner} builds the compact known graph,
 * prunes it and splits it into P-SCC components on the driver (the same code the
 * in-process engine runs on a History, through {@link PolygraphInput}); local-solver's
 * {@link ComponentSolver} decides each component.
 *
 * <p>The P-SCC step runs where the residual graph fits: on the driver (iterative Tarjan)
 * while the P-graph after pruning (known edges plus both sides of every live constraint)
 * has fewer than {@link #DRIVER_GRAPH_EDGES_CONF} edges (default
 * {@link #DRIVER_GRAPH_EDGES}), and on Spark GraphX ({@link GraphxScc}) from that size on.
 * The components are the same either way. Components are solved on the driver's threads
 * while their transactions together stay under {@link #DRIVER_SOLVE_VERTICES_CONF} (default
 * {@link #DRIVER_SOLVE_VERTICES}), and on the
 * executors (one task per component) above that.
 */
final class GraphPhase {
  /**
   * Setting for where components are solved: on the driver's threads while their
   * transactions together are fewer, else on the executors; 0 sends every component there.
   */
  static final String DRIVER_SOLVE_VERTICES_CONF = "spark.verifier.driverSolveVertices";
  /** Residual size (transactions in all components) solved on the driver by default. */
  static final long DRIVER_SOLVE_VERTICES = 200_000;
  /** How the summary of a cycle certificate continues after its prefix. */
  static final String SUMMARY = "a cycle of ";
  /**
   * Setting for the P-SCC rule: a Spark conf ({@code --conf}) or, for the embedded engine,
   * a system property of the same name; 0 sends every P-graph to GraphX.
   */
  static final String DRIVER_GRAPH_EDGES_CONF = "spark.verifier.driverGraphEdges";
  /**
   * P-graphs of this many edges and more go to GraphX by default. Measured
   * (GraphxSccBench, SER, local[2]; README): the driver's Tarjan and component assembly take
   * 0.1 s on 322 k arcs and 3.4 s on a 5.6 M-edge P-graph, GraphX 69 s on the first and
   * had not finished after 8 minutes on the second (5.2 M arcs after trimming and
   * deduplication).
   * The driver's step is linear (a minute or so at this default, extrapolated) and GraphX
   * does not save driver memory (the driver holds the P-graph's arrays either way), so the
   * default keeps every P-graph seen so far on the driver; the conf moves the bound, or
   * forces GraphX with 0.
   */
  static final long DRIVER_GRAPH_EDGES = 100_000_000L;

  private GraphPhase() {}

  static List<LevelReport> check(SparkSession spark, TxnColumns txns, int keyCount,
      GraphInputStage.Arrays a, List<Level> levels, LinkedHashMap<String, Long> phases) {
    PolygraphInput in = input(txns, keyCount, a);
    GraphxScc graphx = new GraphxScc(JavaSparkContext.fromSparkContext(spark.sparkContext()));
    PartitionOptions options = PartitionOptions.defaults()
        .withSccLabeller(graphx, driverGraphEdges(spark));
    List<LevelReport> out = new ArrayList<>();
    for (Level level : levels) {
      long t0 = System.nanoTime();
      Partition p = Partitioner.partition(in, level, options);
      long t1 = System.nanoTime();
      phases.merge("partition", t1 - t0, Long::sum);
      out.add(level(spark, p, level, t0, phases));
      phases.merge("solve", System.nanoTime() - t1, Long::sum);
    }
    if (graphx.nanos() > 0) {
      phases.put("P-SCC on GraphX (in partition)", graphx.nanos());
    }
    return out;
  }

  /** The P-SCC rule's threshold. */
  static long driverGraphEdges(SparkSession spark) {
    return setting(spark, DRIVER_GRAPH_EDGES_CONF, DRIVER_GRAPH_EDGES);
  }

  /** A size setting: the Spark conf, else the system property, else the default. */
  private static long setting(SparkSession spark, String name, long fallback) {
    String value = spark.conf().get(name, System.getProperty(name, String.valueOf(fallback)));
    try {
      long size = Long.parseLong(value.trim());
      if (size >= 0) {
        return size;
      }
    } catch (NumberFormatException e) {
      // reported below with the setting's name
    }
    throw new IllegalArgumentException(name + " must be a number (0 or more), got '" + value + "'");
  }

  /** The polygraph input of the Spark stages' arrays. */
  static PolygraphInput input(TxnColumns txns, int keyCount, GraphInputStage.Arrays a) {
    return new PolygraphInput(keyCount, txns.session, txns.outcome, txns.start, txns.end,
        a.writeKey(), a.writeValue(), a.writeTxn(), a.readStart(), a.readKey(), a.readValue(),
        a.readWriter());
  }

  private static LevelReport level(SparkSession spark, Partition p, Level level, long t0,
      LinkedHashMap<String, Long> phases) {
    if (p.knownCycle() != null) {
      return violated(level, List.of(cycle(p.knownCycle(), "")), t0);
    }
    if (p.conflictCycles() != null) {
      // as in-process: the side whose cycle runs through the initial state is not shown
      List<List<Edge>> sides = p.conflictCycles();
      return violated(level, List.of(cycle(sides.get(touchesInitial(sides.get(0)) ? 1 : 0),
          "every choice of 1 version-order constraint closes a cycle, e.g. ")), t0);
    }
    List<SolveResult> results = solve(spark, p.components(), level, phases);
    List<Certificate> certs = new ArrayList<>();
    String unknown = null;
    for (int i = 0; i < results.size(); i++) {
      SolveResult r = results.get(i);
      if (r.status() == SolveResult.Status.UNSAT) {
        certs.add(cycle(r.cycle(), r.core().length == 0 ? "" : choices(r.core().length)));
      } else if (r.status() == SolveResult.Status.UNKNOWN && unknown == null) {
        unknown = "component " + i + " (" + p.components().get(i).vertexCount()
            + " transactions): " + r.reason();
      }
    }
    if (!certs.isEmpty()) {
      return violated(level, certs, t0);
    }
    if (unknown != null) {
      return new LevelReport(level, Verdict.UNKNOWN, "a component hit a limit; first: " + unknown,
          List.of(), Map.of(), null, System.nanoTime() - t0);
    }
    return new LevelReport(level, Verdict.HOLDS, null, List.of(), Map.of(),
        p.components().size() + " components solved", System.nanoTime() - t0);
  }

  /**
   * Solves on the driver's threads while the components' transactions stay under the
   * {@link #DRIVER_SOLVE_VERTICES_CONF} setting, else one Spark task per component (the
   * time of that is also entered as the phase "solve on executors").
   */
  private static List<SolveResult> solve(SparkSession spark, List<Component> components,
      Level level, LinkedHashMap<String, Long> phases) {
    long vertices = components.stream().mapToLong(Component::vertexCount).sum();
    SolveLimits limits = SolveLimits.defaults();
    if (vertices < setting(spark, DRIVER_SOLVE_VERTICES_CONF, DRIVER_SOLVE_VERTICES)) {
      return components.parallelStream().map(c -> ComponentSolver.solve(c, level, limits)).toList();
    }
    long t0 = System.nanoTime();
    List<ComponentData> data = components.stream().map(ComponentData::of).toList();
    List<SolveResult> results = JavaSparkContext.fromSparkContext(spark.sparkContext())
        .parallelize(data, Math.max(1, Math.min(data.size(), 1000)))
        .map(d -> d.solve(level, limits))
        .collect().stream()
        .map(ComponentData.Answer::result).toList();
    phases.merge("solve on executors", System.nanoTime() - t0, Long::sum);
    return results;
  }

  private static LevelReport violated(Level level, List<Certificate> certs, long t0) {
    Map<Anomaly, Long> counts = new java.util.EnumMap<>(Anomaly.class);
    for (Certificate c : certs) {
      counts.merge(c.anomaly(), 1L, Long::sum);
    }
    return new LevelReport(level, Verdict.VIOLATED, null, certs, counts, null, System.nanoTime() - t0);
  }

  /** The in-process engine's words for a cycle closed by every choice of n constraints. */
  private static String choices(int n) {
    return "every choice of " + n + " version-order constraint(s) closes a cycle, e.g. ";
  }

  private static boolean touchesInitial(List<Edge> cycle) {
    return cycle.stream().anyMatch(e -> e.from() < 0 || e.to() < 0);
  }

  /**
   * A cycle as a certificate, named by its edge types (Adya; as local-solver names them),
   * its summary {@code prefix} + {@link #SUMMARY}: the driver restates it with values and
   * operations on the excerpt of the history ({@link ExcerptReader}), keeping the prefix.
   */
  private static Certificate cycle(List<Edge> edges, String prefix) {
    Set<Integer> txns = new LinkedHashSet<>();
    Set<Integer> keys = new LinkedHashSet<>();
    int rw = 0;
    boolean rt = false;
    boolean allWw = true;
    for (Edge e : edges) {
      txns.add(e.from());
      if (e.key() >= 0) {
        keys.add(e.key());
      }
      rw += e.type() == EdgeType.RW ? 1 : 0;
      rt |= e.type() == EdgeType.RT;
      allWw &= e.type() == EdgeType.WW;
    }
    Anomaly a = rt ? Anomaly.REALTIME_VIOLATION : rw == 0 ? (allWw ? Anomaly.G0 : Anomaly.G1C)
        : rw == 1 ? Anomaly.G_SINGLE : Anomaly.G2_ITEM;
    return new Certificate(a, txns.stream().mapToInt(Integer::intValue).toArray(),
        keys.stream().mapToInt(Integer::intValue).toArray(), new int[0], edges,
        prefix + SUMMARY + edges.size() + " dependencies");
  }
}
