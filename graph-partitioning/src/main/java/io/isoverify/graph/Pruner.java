package io.isoverify.graph;

import io.isoverify.history.check.Level;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Pruning to a fixpoint (cobra section 3.3, polysi section 4.3, veristrong section 6.1.1).
 * Each round rebuilds the {@link CycleGraph} of the known edges, checks it is acyclic (else
 * that cycle is the violation), rebuilds the reachability index ({@link ReachabilityBackend}), and tests
 * every live constraint: a side one of whose edges would close a cycle with a known path is
 * impossible, so the other side's edges become known (with the RW edges of the readers
 * {@link ReadPruning} resolved to the version it overwrites). Both sides impossible is a
 * violation, explained by one cycle per side (the side's edge + the known path). Then the
 * WR constraints ({@link ReadPruning}): a candidate writer closing a cycle is eliminated,
 * the last one becomes known, none left is a violation with one cycle per candidate. Rounds
 * repeat until one prunes nothing (or the round limit is hit, which is sound: unpruned
 * constraints go to the solver). The first round first resolves chain pairs by
 * {@link ChainOrdering}.
 *
 * <p>Two ways to keep the index current: rebuild graph and index before each round,
 * O(arcs * K) per round; or add each pruned side's edges to the index as they become known
 * ({@link ReachabilityIndex#addArc}), which also lets later constraints of the same round
 * see them. {@link PartitionOptions#incrementalPruning()} chooses the second from the first
 * round on; otherwise each round chooses by counts ({@link #updatesCheaper}): it updates when
 * updating the index for the edges the last round made known costs less than the index's
 * fill did, else it rebuilds (a history with many sessions goes back and forth). The
 * benchmark main compares both. A round that updates tests again only the constraints whose
 * queries the previous round's updates touched ({@link ReachabilityIndex#markChanges}): on the
 * 1M-transaction general history at SI the last five rounds prune 22k of 2.7M live
 * constraints, and took 1.3-2 s each testing all of them, 0.1-0.4 s testing those.
 *
 * <p>A round that rebuilt the index tests its constraints on {@code threads} threads, in
 * blocks whose results are applied in constraint order ({@link #testInParallel}); a round
 * that updates the index tests them in turn. Either way the outcome is one thread's.
 */
final class Pruner {
  private final Level level;
  private final int vertexCount;
  private final ChainCover sessions;
  private final int[] vertexChain;
  private final int[] vertexPos;
  private final int threads;
  private final ReachabilityBackend backend;
  private final EdgeList known;
  private final ChainPairs constraints;
  /** Scratch, per side: the edges of the constraint being tested ({@link ChainPairs#side}). */
  private final EdgeList[] side = {new EdgeList(), new EdgeList()};
  private final ReadPruning reads;
  /** Scratch, per side: the edge that makes it impossible when that is a late reader's. */
  private final EdgeList[] late = {new EdgeList(1), new EdgeList(1)};

  private final boolean incremental;
  /** True once the index follows each pruned side's edges ({@link ReachabilityIndex#addArc}). */
  private boolean live;
  private CycleGraph graph;
  private ReachabilityIndex index;
  /** Live rounds: the nodes this round's index updates change, and the array to reuse. */
  private boolean[] marking;
  private boolean[] spare;
  /** {@link ReadPruning#lateCount()} when the current round began. */
  private int lateSeen;
  private int builtEdges = -1;
  /** The built index's chains (K). */
  private int indexChains;
  /** Update work per edge seen in an earlier index's updating rounds; -1 while none. */
  private double observedPerEdge = -1;

  /** The known cycle found, as edges in cycle order; null while none. */
  EdgeList knownCycle;
  /**
   * For a constraint with both sides impossible: one cycle per side; for a WR constraint
   * with every candidate impossible ({@link #conflictRead}): one per candidate; null while
   * none.
   */
  EdgeList[] conflictCycles;
  /** The WR constraint of {@link #conflictCycles}, or -1 when they are a WW constraint's. */
  int conflictRead = -1;
  long orderedPairs;
  int constraintsBefore;
  int rounds;

  /**
   * @param vertexChain session chain of each vertex (vertex 0 on the first chain)
   * @param vertexPos position of each vertex on its chain
   */
  Pruner(Level level, int vertexCount, int[] vertexChain, int[] vertexPos, int chainCount,
      int threads, ReachabilityBackend backend, boolean incremental, EdgeList known,
      ChainPairs constraints, ReadPruning reads) {
    this.backend = backend;
    this.level = level;
    this.reads = reads;
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
   * ({@link ChainOrdering}; {@code unreadPairs}: {@link PartitionOptions#unreadPairs};
   * {@code times}: SSER's real-time intervals, or null); false when the known graph is
   * already cyclic.
   */
  boolean resolveChains(Chains chains, int keyCount, int denseChains, boolean unreadPairs,
      VertexTimes times) {
    if (!build()) {
      return false;
    }
    orderedPairs = ChainOrdering.resolve(chains, graph, index, times, keyCount, vertexChain,
        vertexPos, denseChains, threads, unreadPairs, known, constraints);
    constraintsBefore = constraints.count();
    return true;
  }

  /** Prunes to the fixpoint or {@code maxRounds}; afterwards check knownCycle, conflictCycles. */
  void prune(int maxRounds, PhaseProgress progress) {
    progress.progress("constraints left", constraints.aliveCount(), -1);
    int roundStart = builtEdges;
    while (rounds < maxRounds) {
      // incremental: the first round rebuilds with ChainOrdering's forced edges, the rest update
      boolean update = incremental ? rounds > 0 : updatesCheaper(known.size() - roundStart);
      if (!live && update) {
        // the edges known since the build go to the index, and so will the later rounds'
        live = true;
        if (!indexKnown(builtEdges, known.size())) {
          build(); // finds and reports the cycle the new edges closed
          return;
        }
      } else if (live && !update) {
        live = false;
        stopMarking(); // the rebuilt index is new: the next updating round tests everything
      }
      if (!live) {
        if (!build()) {
          return;
        }
        live = incremental;
      }
      rounds++;
      roundStart = known.size();
      int pruned = pruneRound(startMarking());
      progress.progress("constraints left", constraints.aliveCount(), -1);
      if (pruned == 0 || conflictCycles != null || knownCycle != null) {
        stopMarking();
        return;
      }
    }
    stopMarking();
    build();
  }

  /**
   * In a live round, the nodes whose answers the previous live round changed ({@link
   * ReachabilityIndex#markChanges}), and starts marking this round's: a constraint none of
   * whose sides' nodes is marked answers as it did, and is not tested again. Null, for
   * "test every constraint", outside live rounds, in the first one (the index is new), and
   * after a round that resolved reads (their readers' RW edges join the sides).
   */
  private boolean[] startMarking() {
    if (!live) {
      return null;
    }
    boolean[] previous = marking;
    boolean lateGrew = reads.lateCount() != lateSeen;
    lateSeen = reads.lateCount();
    if (spare == null) {
      spare = new boolean[index.vertexCount()];
    } else {
      java.util.Arrays.fill(spare, false);
    }
    marking = spare;
    spare = previous;
    index.markChanges(marking);
    return previous == null || lateGrew ? null : previous;
  }

  private void stopMarking() {
    if (index != null) {
      index.markChanges(null);
    }
    marking = null;
    spare = null;
  }

  /**
   * False when a node of either side's queries ({@link #impossibleEdge}) is marked: the
   * head the side's edges enter, whose reach the queries read (and its RW-entry node under
   * SI), and the tail its WW edge leaves (under SI, the tail's RW-entry node is a target off
   * every chain, answered through its in-arcs).
   */
  private boolean untouched(int c, boolean[] marks) {
    for (int s = 0; s < 2; s++) {
      int to = graph.chainNode(constraints.wwTo(c, s));
      int from = graph.chainNode(constraints.wwFrom(c, s));
      if (marks[to] || marks[from] || graph.induced && (marks[to + 1] || marks[from + 1])) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the next round should update the index rather than rebuild it, given the edges
   * the last round made known (for the first round, ChainOrdering's forced edges): when
   * updating the index for as many edges costs less than the index's fill did. The update
   * cost per edge is what this pruning's updates have cost so far ({@link
   * ReachabilityIndex#updateWork} over the edges added since the build), and before any,
   * max(8, K/4) rows of K entries (measured at K = 20 sessions: 7-9 rows per edge; at K =
   * 200: 40-50). Counts, not clocks, so the rounds are the same on every run. A rebuild's
   * tests run on every thread and an update's in turn; the rule does not weigh that.
   *
   * <p>Measured on the 200-session 1M history at SI (2-core machine, 12 GiB): the rule
   * before this one (update once a round pruned under an eighth of the live constraints)
   * updated from round 5 on, and rounds 5 to 7 took 32.8, 22.7 and 16.2 s for 672k, 341k and
   * 96k edges (33.7M, 14.1M and 4.0M rows lowered), where a rebuilding round takes 8-10 s.
   * On the 1M histories at K = 20, a round updating for the 321k edges of the general
   * history's third SI round is chosen, as before (its fill: 21.4M arcs and 2.7M rows).
   */
  private boolean updatesCheaper(long edges) {
    if (index == null || edges == 0) {
      return live; // nothing to add: a round that rebuilt tests on every thread again
    }
    double perEdge;
    long indexed = known.size() - builtEdges;
    if (live && indexed >= MIN_OBSERVED_EDGES) {
      perEdge = (double) index.updateWork() / indexed;
      observedPerEdge = perEdge;
    } else if (observedPerEdge >= 0) {
      perEdge = observedPerEdge;
    } else {
      perEdge = (double) Math.max(8, indexChains / 4) * indexChains;
    }
    return edges * perEdge < index.fillWork();
  }

  /**
   * The most bytes of arcs a rebuild extends rather than builds anew ({@link
   * CycleGraph#extended}, which holds the old arcs beside the new): a twenty-fourth of the
   * heap. The 1M histories' 22-29M arcs (88-118 MB) are extended at 4 GiB; 10M histories at
   * 16 GiB (about 1 GB of arcs) are built anew, as before, their memory never measured with
   * two copies.
   */
  private static final long EXTEND_HEAP_SHARE = Runtime.getRuntime().maxMemory() / 24;

  /** The fewest edges whose updates give {@link #updatesCheaper} a cost per edge. */
  private static final int MIN_OBSERVED_EDGES = 1000;

  /** Rebuilds graph and index when edges were added; false when the known graph is cyclic. */
  private boolean build() {
    if (builtEdges == known.size()) {
      return true;
    }
    builtEdges = known.size();
    // the old index is garbage before the new one is built (at 10M transactions it alone is
    // ~0.7 GB); the old graph's arcs are extended by the new edges' when a second copy of
    // them is small beside the heap, else it too is garbage first
    CycleGraph previous = graph != null && graph.arcCount() * 4 < EXTEND_HEAP_SHARE
        ? graph : null;
    graph = null;
    index = null;
    graph = previous != null ? CycleGraph.extended(previous, known, threads)
        : new CycleGraph(level, vertexCount, known, threads);
    previous = null;
    int[] topo = TopologicalOrder.of(graph.out);
    if (topo == null) {
      knownCycle = pick(known, graph.edgesOf(Paths.anyCycle(graph.paths()), known));
      return false;
    }
    ChainCover cover = ChainCover.best(graph, topo, sessions);
    index = backend.build(graph.withCover(topo, cover), threads);
    indexChains = cover.count;
    return true;
  }

  /**
   * The known edges for the P-SCC step ({@link ComponentBuilder}), as vertex pairs {tails,
   * heads} with the known graph's reachability, so that with any other edges they make the
   * same strongly connected components: the pruning graph's arcs that the index fill merged
   * ({@link ChainReachability#mergedArcs}), each as the edge it stands for (under SI anti(u)
   * -> dep(v) and dep(u) -> anti(v) are the edge u -> v, and dep(v) -> anti(v) none; a path of
   * the SI graph is a path of the edges), then the edges known since that graph was built.
   * Null when the index has no such arcs (another backend filled it): then every known edge.
   * On the low-abort 1M history at SER, 2.9M pairs stand for 24.6M known edges (SI: 3.6M
   * for 29.5M).
   */
  int[][] reachabilityArcs() {
    long[] merged = index instanceof ChainReachability c ? c.mergedArcs() : null;
    if (merged == null || graph == null) {
      return null;
    }
    // counted first, so that the arrays are made once at their size (10^8 pairs at 10M)
    int count = known.size() - builtEdges + graph.edgesOfArcs(merged, null, null);
    int[] tail = new int[count];
    int[] head = new int[count];
    int m = graph.edgesOfArcs(merged, tail, head);
    for (int e = builtEdges; e < known.size(); e++) {
      tail[m] = known.from(e);
      head[m++] = known.to(e);
    }
    return new int[][] {tail, head};
  }

  /** One round; {@code retest}: test only the constraints it touches ({@link #startMarking}). */
  private int pruneRound(boolean[] retest) {
    int pruned = live || threads == 1 ? testInTurn(retest) : testInParallel();
    if (conflictCycles != null || knownCycle != null) {
      return pruned;
    }
    boolean[] closed = {false};
    pruned += reads.round(graph, index, (begin, end) -> {
      closed[0] = live && !indexKnown(begin, end);
      return !closed[0];
    });
    if (closed[0]) {
      build(); // finds and reports the cycle the new edges closed
    } else if (reads.conflict >= 0 && build()) {
      int j = reads.conflict;
      conflictRead = j;
      int[] candidates = reads.allCandidates(j);
      conflictCycles = new EdgeList[candidates.length];
      for (int x = 0; x < candidates.length; x++) {
        conflictCycles[x] = explain(reads.impossibility(graph, index, j, candidates[x]), 0);
      }
    }
    return pruned;
  }

  /**
   * Whether a typed edge would close a cycle with the known graph's paths, after pruning
   * (the index then follows every known edge).
   */
  boolean closes(int from, int to, int type) {
    if (!live) {
      build();
    }
    return graph.closesCycle(index, from, to, type);
  }

  /** Adds known edges begin..end-1 to the index; false when they close a cycle. */
  private boolean indexKnown(int begin, int end) {
    for (int e = begin; e < end; e++) {
      if (!graph.addToIndex(index, known.from(e), known.to(e), known.type(e))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Tests the live constraints one after the other: in a live round a pruned side's edges go
   * to the index at once, and the constraints after it are tested with them.
   */
  private int testInTurn(boolean[] retest) {
    int pruned = 0;
    for (int c = 0; c < constraints.count(); c++) {
      if (!constraints.alive(c) || retest != null && untouched(c, retest)) {
        continue;
      }
      int bad0 = impossibleEdge(graph, index, c, 0, late[0]);
      int bad1 = impossibleEdge(graph, index, c, 1, late[1]);
      if (bad0 != NONE && bad1 != NONE) {
        build(); // incremental rounds leave the graph behind the index; paths need it
        conflictCycles = new EdgeList[] {explainSide(c, bad0, 0), explainSide(c, bad1, 1)};
        return pruned;
      }
      if (bad0 != NONE || bad1 != NONE) {
        int first = known.size();
        keepSide(c, bad0 != NONE ? 1 : 0);
        pruned++;
        if (live && !indexKnown(first, known.size())) {
          build(); // finds and reports the cycle the new edges closed
          return pruned;
        }
      }
    }
    return pruned;
  }

  /**
   * The same as {@link #testInTurn} for a round that rebuilt the index: nothing a test reads
   * changes during it (the index, the graph, the late readers: those change after the
   * constraints, in {@link ReadPruning#round}), so blocks of constraints are tested on the
   * threads and their results applied in constraint order ({@link OrderedBlocks}): the same
   * constraints pruned, in the same order, as one thread.
   */
  private int testInParallel() {
    CycleGraph g = graph;
    ReachabilityIndex ix = index;
    int count = constraints.count();
    int[] pruned = {0};
    int[] conflict = {-1, NONE, NONE};
    AtomicBoolean stop = new AtomicBoolean();
    int block = (int) Math.max(MIN_TEST_BLOCK, Math.min(TEST_BLOCK, count / (16L * threads)));
    OrderedBlocks.run((count + block - 1) / block, threads, b -> {
      int lo = b * block;
      int[] bad = new int[2 * (Math.min(count, lo + block) - lo)];
      EdgeList scratch = new EdgeList(1);
      for (int i = 0; i < bad.length / 2 && !stop.get(); i++) {
        if (constraints.alive(lo + i)) {
          bad[2 * i] = impossibleEdge(g, ix, lo + i, 0, scratch);
          bad[2 * i + 1] = impossibleEdge(g, ix, lo + i, 1, scratch);
        }
      }
      return new Tested(lo, bad);
    }, t -> {
      for (int i = 0; i < t.bad.length / 2 && !stop.get(); i++) {
        int c = t.lo + i;
        int bad0 = t.bad[2 * i];
        int bad1 = t.bad[2 * i + 1];
        if (!constraints.alive(c) || bad0 == NONE && bad1 == NONE) {
          continue;
        }
        if (bad0 != NONE && bad1 != NONE) {
          conflict[0] = c;
          conflict[1] = bad0;
          conflict[2] = bad1;
          stop.set(true);
        } else {
          keepSide(c, bad0 != NONE ? 1 : 0);
          pruned[0]++;
        }
      }
    });
    int c = conflict[0];
    if (c >= 0) {
      for (int s = 0; s < 2; s++) {
        late[s].clear();
        if (conflict[1 + s] == -1) {
          reads.lateCloses(g, ix, constraints.wwFrom(c, s), constraints.wwTo(c, s),
              constraints.key(c), late[s]);
        }
      }
      build();
      conflictCycles = new EdgeList[] {explainSide(c, conflict[1], 0),
          explainSide(c, conflict[2], 1)};
    }
    return pruned[0];
  }

  /** Constraints tested by one block of {@link #testInParallel}: per constraint both sides. */
  private record Tested(int lo, int[] bad) {
  }

  /**
   * The most constraints a block of {@link #testInParallel} tests (8 bytes of results each);
   * blocks are smaller when that leaves under 16 per thread, down to {@link #MIN_TEST_BLOCK}.
   */
  static final int TEST_BLOCK = 1 << 15;
  static final int MIN_TEST_BLOCK = 64;

  /** Side {@code keep} of constraint c becomes known (the other side closes a cycle). */
  private void keepSide(int c, int keep) {
    EdgeList sides = side[keep];
    constraints.side(c, keep, sides);
    known.addRange(sides, 0, sides.size());
    reads.addLate(sides.from(0), sides.to(0), sides.key(0), known);
    constraints.kill(c);
  }

  /** No impossible edge (see {@link #impossibleEdge}). */
  private static final int NONE = Integer.MIN_VALUE;

  /**
   * An edge of side {@code s} of constraint c that would close a cycle: its index in the
   * side's edges ({@link ChainPairs#side}, written out only when needed), or -1 for a late
   * reader's edge (then in {@code lateEdge}), or {@link #NONE}. Reads only: threads may
   * test constraints at once, each with its own {@code lateEdge}.
   */
  private int impossibleEdge(CycleGraph g, ReachabilityIndex ix, int c, int s,
      EdgeList lateEdge) {
    int bad = constraints.closingEdge(c, s, g, ix, vertexChain);
    if (bad >= 0) {
      return bad;
    }
    lateEdge.clear();
    return reads.lateCloses(g, ix, constraints.wwFrom(c, s), constraints.wwTo(c, s),
        constraints.key(c), lateEdge) ? -1 : NONE;
  }

  /** The cycle an impossible edge of side s of constraint c closes (see {@link #impossibleEdge}). */
  private EdgeList explainSide(int c, int bad, int s) {
    if (bad < 0) {
      return explain(late[s], 0);
    }
    constraints.side(c, s, side[s]);
    return explain(side[s], bad);
  }

  /** The cycle edge i of {@code edges} closes: the edge, then the known path back. */
  private EdgeList explain(EdgeList edges, int i) {
    int[] ends = graph.cycleEnds(edges.from(i), edges.to(i), edges.type(i));
    int[] targets = java.util.Arrays.copyOfRange(ends, 1, ends.length);
    int[] path = graph.edgesOf(Paths.shortest(graph.paths(), ends[0], targets), known);
    EdgeList cycle = new EdgeList(path.length + 1);
    cycle.addRange(edges, i, i + 1);
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
