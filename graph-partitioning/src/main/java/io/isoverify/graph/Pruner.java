package io.isoverify.graph;

import io.isoverify.history.check.Level;

/**
 * Pruning to a fixpoint (cobra section 3.3, polysi section 4.3). Each round rebuilds the
 * {@link CycleGraph} of the known edges, checks it is acyclic (else that cycle is the
 * violation), rebuilds the {@link ChainReachability} index, and tests every live
 * constraint: a side one of whose edges would close a cycle with a known path is
 * impossible, so the other side's edges become known. Both sides impossible is a violation,
 * explained by one cycle per side (the side's edge + the known path). Rounds repeat until
 * one prunes nothing (or the round limit is hit, which is sound: unpruned constraints go
 * to the solver). The first round first resolves chain pairs by {@link ChainOrdering}.
 *
 * <p>Two ways to keep the index current: rebuild graph and index before each round,
 * O(arcs * K) per round; or add each pruned side's edges to the index as they become known
 * ({@link ChainReachability#addArc}), which also lets later constraints of the same round
 * see them. {@link PartitionOptions#incrementalPruning()} chooses the second from the first
 * round on; otherwise rounds rebuild until one prunes few constraints, and the rest update.
 * The benchmark main compares both.
 */
final class Pruner {
  private final Level level;
  private final int vertexCount;
  private final ChainCover sessions;
  private final int[] vertexChain;
  private final int[] vertexPos;
  private final int threads;
  private final EdgeList known;
  private final Constraints constraints;

  private final boolean incremental;
  /**
   * A round that prunes fewer than 1/FEW of the live constraints ends the rebuilds: the
   * later rounds, which prune fewer and fewer, update the index edge by edge instead of
   * paying O(arcs * K) each (on a 1M-transaction zipf history, 8 of 10 rounds).
   */
  private static final int FEW = 20;
  /** True once the index follows each pruned side's edges ({@link ChainReachability#addArc}). */
  private boolean live;
  private CycleGraph graph;
  private ChainReachability index;
  private int builtEdges = -1;

  /** The known cycle found, as edges in cycle order; null while none. */
  EdgeList knownCycle;
  /** For a constraint with both sides impossible: one cycle per side; null while none. */
  EdgeList[] conflictCycles;
  long orderedPairs;
  int constraintsBefore;
  int rounds;

  /**
   * @param vertexChain session chain of each vertex (vertex 0 on the first chain)
   * @param vertexPos position of each vertex on its chain
   */
  Pruner(Level level, int vertexCount, int[] vertexChain, int[] vertexPos, int chainCount,
      int threads, boolean incremental, EdgeList known, Constraints constraints) {
    this.level = level;
    this.incremental = incremental;
    this.vertexCount = vertexCount;
    this.vertexChain = vertexChain;
    this.vertexPos = vertexPos;
    this.threads = threads;
    this.known = known;
    this.constraints = constraints;
    if (level == Level.SI) {
      int[] nodeChain = new int[2 * vertexCount];
      int[] nodePos = new int[2 * vertexCount];
      for (int v = 0; v < vertexCount; v++) {
        nodeChain[2 * v] = vertexChain[v];
        nodePos[2 * v] = vertexPos[v];
        nodeChain[2 * v + 1] = -1;
      }
      sessions = ChainCover.of(nodeChain, nodePos, chainCount);
    } else {
      sessions = ChainCover.of(vertexChain, vertexPos, chainCount);
    }
  }

  /**
   * Builds the first index and turns the chain pairs into forced edges and constraints
   * ({@link ChainOrdering}); false when the known graph is already cyclic.
   */
  boolean resolveChains(Chains chains, int keyCount, int denseChains) {
    if (!build()) {
      return false;
    }
    orderedPairs = ChainOrdering.resolve(chains, graph, index, keyCount, vertexChain, vertexPos,
        denseChains, known, constraints);
    constraintsBefore = constraints.count();
    return true;
  }

  /** Prunes to the fixpoint or {@code maxRounds}; afterwards check knownCycle, conflictCycles. */
  void prune(int maxRounds, PhaseProgress progress) {
    int pruned = 0;
    progress.progress("constraints left", constraints.aliveCount(), -1);
    while (rounds < maxRounds) {
      if (!live) {
        if (!build()) {
          return;
        }
        live = incremental || (rounds > 0 && pruned < constraints.aliveCount() / FEW);
      }
      rounds++;
      pruned = pruneRound();
      progress.progress("constraints left", constraints.aliveCount(), -1);
      if (pruned == 0 || conflictCycles != null || knownCycle != null) {
        return;
      }
    }
    build();
  }

  /** Rebuilds graph and index when edges were added; false when the known graph is cyclic. */
  private boolean build() {
    if (builtEdges == known.size()) {
      return true;
    }
    builtEdges = known.size();
    graph = new CycleGraph(level, vertexCount, known);
    int[] topo = TopologicalOrder.of(graph.out);
    if (topo == null) {
      knownCycle = pick(known, Paths.anyCycle(graph.out));
      return false;
    }
    ChainCover cover = ChainCover.best(graph, topo, sessions);
    index = new ChainReachability(graph, topo, cover.chainOf, cover.posOf, cover.count, threads);
    return true;
  }

  private int pruneRound() {
    int pruned = 0;
    EdgeList sides = constraints.edges;
    for (int c = 0; c < constraints.count(); c++) {
      if (!constraints.alive(c)) {
        continue;
      }
      int bad0 = impossibleEdge(c, 0);
      int bad1 = impossibleEdge(c, 1);
      if (bad0 >= 0 && bad1 >= 0) {
        build(); // incremental rounds leave the graph behind the index; paths need it
        conflictCycles = new EdgeList[] {explain(bad0), explain(bad1)};
        return pruned;
      }
      if (bad0 >= 0 || bad1 >= 0) {
        int keep = bad0 >= 0 ? 1 : 0;
        int begin = constraints.begin(c, keep);
        int end = constraints.end(c, keep);
        known.addRange(sides, begin, end);
        constraints.kill(c);
        pruned++;
        if (live && !addToIndex(sides, begin, end)) {
          build(); // finds and reports the cycle the new edges closed
          return pruned;
        }
      }
    }
    return pruned;
  }

  private boolean addToIndex(EdgeList edges, int begin, int end) {
    for (int e = begin; e < end; e++) {
      if (!graph.addToIndex(index, edges.from(e), edges.to(e), edges.type(e))) {
        return false;
      }
    }
    return true;
  }

  /** A side edge of constraint c that would close a cycle, or -1. */
  private int impossibleEdge(int c, int side) {
    EdgeList e = constraints.edges;
    for (int i = constraints.begin(c, side); i < constraints.end(c, side); i++) {
      if (graph.closesCycle(index, e.from(i), e.to(i), e.type(i))) {
        return i;
      }
    }
    return -1;
  }

  /** The cycle side edge i closes: the edge, then the known path back. */
  private EdgeList explain(int i) {
    EdgeList e = constraints.edges;
    int[] ends = graph.cycleEnds(e.from(i), e.to(i), e.type(i));
    int[] targets = java.util.Arrays.copyOfRange(ends, 1, ends.length);
    int[] path = Paths.shortest(graph.out, ends[0], targets);
    EdgeList cycle = new EdgeList(path.length + 1);
    cycle.addRange(e, i, i + 1);
    for (int p : path) {
      cycle.addRange(known, p, p + 1);
    }
    return cycle;
  }

  /** The edges of {@code from} with the given indices, in order. */
  static EdgeList pick(EdgeList from, int[] labels) {
    EdgeList out = new EdgeList(labels.length);
    for (int l : labels) {
      out.addRange(from, l, l + 1);
    }
    return out;
  }
}
