package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.Level;
import java.util.List;

/**
 * Entry point of graph-partitioning: history -> polygraph -> pruning to a fixpoint -> P-SCC
 * components, on primitive arrays throughout (no object per edge or operation).
 *
 * <ol>
 *   <li>Vertices ({@link Vertices}): committed transactions, unknown-outcome ones read from,
 *       and a virtual initial vertex 0 with an SO edge to the first vertex of each session.</li>
 *   <li>Known edges: SO between consecutive vertices of a session; WR from each version to
 *       its readers; WW and RW along write chains ({@link Chains}, cobra section 3.1; a list
 *       key's chain and its order before the unobserved appends from its read lists, Elle
 *       section 4.2); for
 *       SSER, RT frontier edges ({@link RealTimeEdges}).</li>
 *   <li>Chain pairs of a key: forced edges when the known graph orders them, a constraint
 *       when concurrent ({@link ChainOrdering}; cobra 3.2, polysi Definition 9).</li>
 *   <li>Pruning to a fixpoint ({@link Pruner}; cobra 3.3, polysi 4.3), on the graph whose
 *       cycles are violations ({@link CycleGraph}: for SI the induced graph
 *       (SO u WR u WW) ; RW?).</li>
 *   <li>P-SCC components ({@link ComponentBuilder}; cobra appendix B.3).</li>
 * </ol>
 *
 * <p>What the solver must check on a component: SER and SSER, that the chosen edges with
 * the known ones form no cycle; SI, that they form no cycle without two consecutive RW
 * edges (cyclically), which is a cycle of the induced graph.
 */
public final class Partitioner {
  private Partitioner() {
  }

  public static Partition partition(History history, Level level, PartitionOptions options) {
    return partition(PolygraphInput.of(history), level, options);
  }

  /**
   * The same from arrays: what the Spark stages hand the driver, so both engines build the
   * polygraph with this one code.
   */
  public static Partition partition(PolygraphInput history, Level level, PartitionOptions options) {
    return partition(history, level, options, CheckPath.GENERAL);
  }

  /**
   * The partition of {@code level} on the path the level pipeline chose: the general one
   * above, or for a history of mini-transactions or lightweight transactions (history's
   * {@code TransactionShapes}) the known graph alone, checked by one linear search
   * ({@link MiniTransactionCheck}: no constraints, so no pruning, index or components).
   */
  public static Partition partition(PolygraphInput history, Level level, PartitionOptions options,
      CheckPath path) {
    if (path == CheckPath.MINI_TRANSACTIONS || path == CheckPath.LIGHTWEIGHT_TRANSACTIONS) {
      return MiniTransactionCheck.check(history, level, path == CheckPath.LIGHTWEIGHT_TRANSACTIONS,
          options.progress());
    }
    long t0 = System.nanoTime();
    PhaseProgress progress = options.progress();
    progress.phase("graph");
    KnownGraph g = new KnownGraph(history, level == Level.SSER);
    progress.retained("known graph and chains", g);
    int n = g.vertexCount();
    EdgeList known = g.known;
    Constraints constraints = new Constraints();
    Pruner pruner = new Pruner(level, n, g.chainOf, g.posOf, g.sessionChains, options.threads(),
        options.incrementalPruning(), known, constraints);
    boolean acyclic = pruner.resolveChains(g.chains, history.keyCount, options.denseChains());
    long t1 = System.nanoTime();
    if (acyclic) {
      progress.phase("prune");
      pruner.prune(options.maxPruneRounds(), progress);
    }
    progress.retained("constraints", constraints);
    progress.retained("reachability index and pruning", pruner);
    long t2 = System.nanoTime();
    CycleReport report = g.report();
    List<Edge> knownCycle = pruner.knownCycle == null ? null : report.edges(pruner.knownCycle);
    List<List<Edge>> conflict = pruner.conflictCycles == null ? null
        : List.of(report.edges(pruner.conflictCycles[0]), report.edges(pruner.conflictCycles[1]));
    long orderedPairs = pruner.orderedPairs;
    int constraintsBefore = pruner.constraintsBefore;
    int rounds = pruner.rounds;
    // the reachability index and the dead constraints' edges are garbage from here on: the
    // components are built from the live constraints alone (spark-jobs/README.md, memory)
    pruner = null;
    constraints = constraints.compacted();
    progress.retained("constraints left", constraints);
    progress.phase("components");
    ComponentBuilder parts = knownCycle == null && conflict == null
        ? new ComponentBuilder(n, g.vertices.txnOf, known, constraints, options) : null;
    progress.retained("components", parts);
    long t3 = System.nanoTime();
    long[] byType = g.countByType();
    PartitionStats stats = new PartitionStats(n, byType[EdgeType.SO.ordinal()],
        byType[EdgeType.WR.ordinal()], byType[EdgeType.WW.ordinal()],
        byType[EdgeType.RW.ordinal()], byType[EdgeType.RT.ordinal()], g.chains.chainCount(),
        orderedPairs, constraintsBefore, constraints.aliveCount(),
        parts == null ? 0 : parts.components.size(), parts == null ? 0 : parts.largest,
        g.vertices.unknownIncluded, g.vertices.unknownExcluded, rounds, t1 - t0, t2 - t1,
        t3 - t2);
    return new Partition(g.vertices.txnOf, known, parts == null ? new EdgeList() : parts.choices,
        knownCycle, conflict, parts == null ? List.of() : parts.components,
        parts == null ? null : parts.sccRank, stats, null);
  }
}
