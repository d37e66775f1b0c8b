package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.Level;
import io.isoverify.history.anomaly.WrConstraint;
import java.util.ArrayList;
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
    KnownGraph g = new KnownGraph(history, level == Level.SSER, options.threads());
    Partition fixed = options.fixedOrders()
        ? FixedOrderCheck.check(g, level, options.threads(), t0) : null;
    if (fixed != null) {
      return fixed;
    }
    long[] txnTime = history.solverTimes();
    // nothing below reads the input but its timestamps: garbage from here on if the caller
    // let it go
    g.releaseInput();
    history = null;
    progress.retained("known graph and chains", g);
    int n = g.vertexCount();
    EdgeList known = g.known;
    ChainPairs constraints = new ChainPairs(g.chains);
    ReadPruning reads = new ReadPruning(g.versions, known, g.chainOf);
    Pruner pruner = new Pruner(level, n, g.chainOf, g.posOf, g.sessionChains, options.threads(),
        options.reachability(), options.incrementalPruning(), known, constraints, reads);
    boolean acyclic = pruner.resolveChains(g.chains, g.keyCount, options.denseChains(),
        options.unreadPairs(), g.times);
    constraints.trim();
    long t1 = System.nanoTime();
    if (acyclic) {
      progress.phase("prune");
      pruner.prune(options.maxPruneRounds(), progress);
    }
    // the edges pruning made known grew the known graph's list after it was handed over:
    // its new arrays (spark-jobs/README.md, "Memory budget")
    progress.retained("known edge list after pruning", known);
    progress.retained("constraints", constraints);
    progress.retained("reachability index and pruning", pruner);
    long t2 = System.nanoTime();
    CycleReport report = g.report();
    List<Edge> knownCycle = pruner.knownCycle == null ? null : report.edges(pruner.knownCycle);
    List<List<Edge>> conflict = null;
    if (pruner.conflictCycles != null) {
      conflict = new ArrayList<>();
      for (EdgeList cycle : pruner.conflictCycles) {
        conflict.add(report.edges(cycle));
      }
    }
    WrConstraint conflictRead = pruner.conflictRead < 0 ? null
        : wrConstraint(g.versions, reads, g.vertices.txnOf, pruner.conflictRead);
    long orderedPairs = pruner.orderedPairs;
    int constraintsBefore = pruner.constraintsBefore;
    int rounds = pruner.rounds;
    int constraintsLeft = constraints.aliveCount();
    progress.phase("components");
    ComponentBuilder parts = null;
    if (knownCycle == null && conflict == null) {
      // the components read the live constraints' sides as they go (spark-jobs/README.md,
      // memory). The readers' edges are tested first, so that the index and pruning graph
      // (200 ints per vertex with 200 sessions) are garbage before the components are built.
      ReadEdges readEdges = new ReadEdges(g.versions, reads, constraints, pruner::closes);
      int[][] knownArcs = pruner.reachabilityArcs();
      pruner = null;
      Constraints sides = new Constraints(constraints, reads);
      parts = new ComponentBuilder(n, g.vertices.txnOf, txnTime, known, knownArcs, sides,
          readEdges, options);
    }
    progress.retained("components", parts);
    long t3 = System.nanoTime();
    long[] byType = g.countByType();
    ReadConstraints wr = reads.reads();
    PartitionStats stats = new PartitionStats(n, byType[EdgeType.SO.ordinal()],
        byType[EdgeType.WR.ordinal()], byType[EdgeType.WW.ordinal()],
        byType[EdgeType.RW.ordinal()], byType[EdgeType.RT.ordinal()], g.chains.chainCount(),
        orderedPairs, constraintsBefore, constraintsLeft,
        parts == null ? 0 : parts.assembly.components.size(),
        parts == null ? 0 : parts.assembly.largest,
        g.vertices.unknownIncluded, g.vertices.unknownExcluded, wr.count, wr.candSlot.length,
        wr.liveCount(),
        wr.leftOut, wr.unexplained, rounds, t1 - t0, t2 - t1, t3 - t2);
    return new Partition(g.vertices.txnOf, known, parts == null ? new EdgeList() : parts.choices,
        knownCycle, conflict, conflictRead,
        parts == null ? List.of() : parts.assembly.components,
        parts == null ? null : parts.sccRank, fixedReads(g.versions, parts), stats, null);
  }

  /**
   * WR constraint j in dense History ids: every candidate (those pruning's first round never
   * listed too, in the order of {@link Pruner#conflictCycles}), the first one assumed.
   */
  private static WrConstraint wrConstraint(Versions versions, ReadPruning pruning, int[] txnOf,
      int j) {
    ReadConstraints r = pruning.reads;
    int[] slots = pruning.allCandidates(j);
    int[] writers = new int[slots.length];
    for (int i = 0; i < writers.length; i++) {
      writers[i] = txnOf[versions.slotVertex[slots[i]]];
    }
    return new WrConstraint(txnOf[r.reader[j]], -1, r.key[j], -1, writers, writers[0]);
  }

  /**
   * The reads whose writer is settled outside the components: resolved by pruning, or
   * dropped with a free candidate; as (reader vertex, writer vertex, key) triples.
   */
  private static int[][] fixedReads(Versions versions, ComponentBuilder parts) {
    ReadConstraints r = versions.reads;
    IntBuffer reader = new IntBuffer();
    IntBuffer writer = new IntBuffer();
    IntBuffer key = new IntBuffer();
    for (int j = 0; j < r.count; j++) {
      if (!r.live(j)) {
        reader.add(r.reader[j]);
        writer.add(versions.slotVertex[r.candSlot[r.resolved[j]]]);
        key.add(r.key[j]);
      }
    }
    if (parts != null) {
      for (int i = 0; i < parts.fixedReader.size(); i++) {
        reader.add(parts.fixedReader.get(i));
        writer.add(parts.fixedWriter.get(i));
        key.add(parts.fixedKey.get(i));
      }
    }
    return new int[][] {reader.toArray(), writer.toArray(), key.toArray()};
  }
}
