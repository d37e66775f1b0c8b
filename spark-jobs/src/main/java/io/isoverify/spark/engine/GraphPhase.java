package io.isoverify.spark.engine;

import io.isoverify.engine.Certifier;
import io.isoverify.engine.DeferredCertifier;
import io.isoverify.engine.LevelPipeline;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.PredicateReads;
import io.isoverify.graph.Component;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.solver.ComponentSolver;
import io.isoverify.solver.PartitionInput;
import io.isoverify.solver.SolveLimits;
import io.isoverify.solver.SolveResult;
import io.isoverify.spark.graphx.GraphxScc;
import io.isoverify.spark.stages.GraphInputStage;
import io.isoverify.spark.stages.TxnColumns;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * The graph work from the arrays the Spark stages computed, through the one
 * {@link LevelPipeline}: the shape of the transactions decided from the same arrays
 * ({@link PolygraphInput#shape}, as in-process), so a mini-transaction or
 * lightweight-transaction history takes the same path here; graph-partitioning's
 * {@link Partitioner} builds the compact known
 * graph, prunes it and splits it into P-SCC components on the driver (the same code the
 * in-process engine runs on a History, through {@link PolygraphInput}); local-solver's
 * {@link ComponentSolver} decides each component; certificates are typed edges
 * ({@link DeferredCertifier}), restated and re-checked on the excerpt afterwards.
 *
 * <p>The P-SCC step runs where the residual graph fits: on the driver (iterative Tarjan)
 * while the P-graph after pruning (known edges plus both sides of every live constraint)
 * has fewer than {@link #DRIVER_GRAPH_EDGES_CONF} edges (default
 * {@link #DRIVER_GRAPH_EDGES}; no limit in local mode), and on Spark GraphX
 * ({@link GraphxScc}) from that size on.
 * The components are the same either way. Components are solved on the driver's threads
 * while their transactions together stay under {@link #DRIVER_SOLVE_VERTICES_CONF} (default
 * {@link #DRIVER_SOLVE_VERTICES}; no limit in local mode, where the executors are the
 * driver's own threads and shipping a component only copies it: 1M general SER solved in
 * 1.7 s there against 2.9-3.3 s shipped), and on the
 * executors (broadcast groups of components, {@link ComponentShipping}) above that.
 */
final class GraphPhase {
  /**
   * Setting for where components are solved: on the driver's threads while their
   * transactions together are fewer, else on the executors; 0 sends every component there.
   */
  static final String DRIVER_SOLVE_VERTICES_CONF = "spark.verifier.driverSolveVertices";
  /** Residual size (transactions in all components) solved on the driver by default. */
  static final long DRIVER_SOLVE_VERTICES = 200_000;
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

  /**
   * The level pipeline on the Spark stages' results: the graphs from the arrays, components
   * solved on the driver or the executors, certificates left for the excerpt to restate.
   *
   * @param a holds the graph input, null when the history has non-cycle anomalies (no graph
   *     is built; every level is VIOLATED by them); emptied here, so that the last level's
   *     partitioner can let the arrays go once its known graph is built, as in-process
   * @param predicates what the predicate reads say, in the run's ids (their observations are
   *     WR constraints of the graph, as in-process)
   * @param readLists whether some row holds a read list (then no level takes the
   *     mini-transaction path, as in-process)
   * @param certifier a {@link DeferredCertifier}, or a {@link ReplayingCertifier} when the
   *     driver holds the whole history
   */
  static Map<Level, LevelResult> check(SparkSession spark, TxnColumns txns, int keyCount,
      GraphInputStage.Arrays[] a, NonCycleFindings found, long nonCycleNanos, Set<Level> levels,
      Supplier<String> duplicateReason, PredicateReads predicates, boolean readLists,
      Certifier certifier, ProgressListener progress, LinkedHashMap<String, Long> phases) {
    // each level's observations replace these (forLevel); the ones the non-cycle checks made,
    // so that a run of SSER alone never makes the plain ones, as in-process
    PolygraphInput[] in = {a[0] == null ? null
        : input(txns, keyCount, a[0]).withPredicateObservations(predicates.forFindings(levels))};
    a[0] = null;
    // the last level searched lets the input go (levels a stronger one implies are not
    // searched, so the order's last is the last that can be)
    List<Level> order = LevelPipeline.order(levels, found.clean() && found.duplicate() == null,
        predicates::unchecked);
    Level last = order.get(order.size() - 1);
    GraphxScc graphx = new GraphxScc(JavaSparkContext.fromSparkContext(spark.sparkContext()));
    PartitionOptions options = PartitionOptions.defaults()
        .withSccLabeller(graphx, driverGraphEdges(spark))
        .withReachability(GpuChoice.select(spark));
    Map<Level, LevelResult> out = new LevelPipeline(
        (components, level) -> solve(spark, components, level, phases, progress), progress)
        .verify(levels, found, nonCycleNanos,
            () -> in[0].shape(readLists ? 1 : 0, predicates.count(), t -> "T" + txns.txnId[t]),
            (level, path, p) -> new PartitionInput(Partitioner.partition(predicates.forLevel(
                LevelPipeline.lastUse(in, level == last), level), level, options.withProgress(p),
                path)),
            duplicateReason, predicates::unchecked, certifier);
    if (graphx.nanos() > 0) {
      phases.put("P-SCC on GraphX (in partition)", graphx.nanos());
    }
    return out;
  }

  /** The P-SCC rule's threshold. */
  static long driverGraphEdges(SparkSession spark) {
    // in local mode GraphX runs on the driver's heap and threads: slower (README), and no
    // memory saved (the 10M general SER P-graph ran out of a 16 GiB heap there)
    return setting(spark, DRIVER_GRAPH_EDGES_CONF,
        spark.sparkContext().isLocal() ? Long.MAX_VALUE : DRIVER_GRAPH_EDGES);
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
        a.readWriter()).withListOrders(a.listOrderStart(), a.listOrderTxn(), a.listKey())
        .withHiddenOperations(a.internalReads(), a.overwrittenWrites());
  }

  /**
   * Solves on the driver's threads while the components' transactions stay under the
   * {@link #DRIVER_SOLVE_VERTICES_CONF} setting, else on the executors, the components sent
   * as broadcast variables ({@link ComponentShipping}; the time of that is also entered as
   * the phase "solve on executors").
   */
  private static List<SolveResult> solve(SparkSession spark, List<Component> components,
      Level level, LinkedHashMap<String, Long> phases, ProgressListener progress) {
    long vertices = components.stream().mapToLong(Component::vertexCount).sum();
    SolveLimits limits = SolveLimits.defaults();
    // in local mode the executors are this JVM's threads: shipping would only copy
    long driverSolve = spark.sparkContext().isLocal() ? Long.MAX_VALUE : DRIVER_SOLVE_VERTICES;
    if (vertices < setting(spark, DRIVER_SOLVE_VERTICES_CONF, driverSolve)) {
      AtomicInteger done = new AtomicInteger();
      return components.parallelStream().map(c -> {
        SolveResult r = ComponentSolver.solve(c, level, limits);
        progress.progress("components", done.incrementAndGet(), components.size());
        return r;
      }).toList();
    }
    long t0 = System.nanoTime();
    List<SolveResult> results = ComponentShipping.solve(
        JavaSparkContext.fromSparkContext(spark.sparkContext()), components, level, limits);
    phases.merge("solve on executors", System.nanoTime() - t0, Long::sum);
    return results;
  }
}
