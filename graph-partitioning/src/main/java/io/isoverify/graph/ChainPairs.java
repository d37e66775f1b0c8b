package io.isoverify.graph;

import java.util.Arrays;

/**
 * The version-order constraints of a polygraph as built (cobra section 3.2, polysi
 * Definition 9), one per unordered pair of chains (A, B) of a key: side 0 is "A before B",
 * side 1 "B before A", each the edges {@link Chains#addBefore} gives (WW tail -> head and RW
 * from every reader of the tail to the head). Only the two chain numbers are stored (8
 * bytes a constraint); pruning tests a side without writing it out ({@link #closingEdge}),
 * and a side's edges are written out when they become known or go into a component. Storing them
 * took 450 bytes per transaction on the general benchmark history, a third of the live heap
 * when pruning starts, and stopped 10M-transaction histories at 16 GiB (spark-jobs/README.md,
 * memory budget). Pruning marks constraints dead; the components read the live ones through
 * {@link Constraints}.
 */
final class ChainPairs {
  private final Chains chains;
  private final IntBuffer pairs = new IntBuffer();
  private boolean[] dead = new boolean[16];

  ChainPairs(Chains chains) {
    this.chains = chains;
  }

  int count() {
    return pairs.size() / 2;
  }

  boolean alive(int c) {
    return !dead[c];
  }

  void kill(int c) {
    dead[c] = true;
  }

  int aliveCount() {
    int n = 0;
    for (int c = 0; c < count(); c++) {
      if (!dead[c]) {
        n++;
      }
    }
    return n;
  }

  /** Appends the constraint "chain a before chain b" (side 0) or "b before a" (side 1). */
  void add(int a, int b) {
    pairs.add(a);
    pairs.add(b);
    if (count() > dead.length) {
      dead = Arrays.copyOf(dead, Math.max(16, dead.length * 2));
    }
  }

  /**
   * Shrinks the arrays to the constraints held, once all are made (pruning only kills them):
   * both grow by doubling, and at SI on the general 1M history held 134 + 16 bytes per
   * transaction for 8.7M constraints, 69 + 9 of them used, through the peak of the graph
   * phase (spark-jobs/README.md, "Memory budget").
   */
  void trim() {
    pairs.trim();
    if (dead.length != count()) {
      dead = Arrays.copyOf(dead, count());
    }
  }

  /** Appends {@code other}'s constraints, alive, after this one's. */
  void addAll(ChainPairs other) {
    for (int c = 0; c < other.count(); c++) {
      add(other.pairs.get(2 * c), other.pairs.get(2 * c + 1));
    }
  }

  /** Replaces {@code out}'s edges by side {@code side} of constraint c; O(its edges). */
  void side(int c, int side, EdgeList out) {
    out.clear();
    chains.addBefore(before(c, side), after(c, side), out);
  }

  /**
   * The first edge of side {@code side} of constraint c, in {@link #side}'s order (the WW
   * edge, then the RW edge of each reader of the first chain's tail), that would close a
   * cycle with the known paths ({@link CycleGraph#closesCycle} on {@code index}); -1 when
   * none would. Nothing is written out: pruning tests every live side each round, and writing
   * the RW edges of a hot version's readers was a quarter of a 200-session run. The readers
   * are in vertex order, so each session's are consecutive and in session order, and a head
   * that reaches one reaches that session's later ones (for SI, from its node after an RW
   * edge alike): only the last reader of each session is tested, and in the first session
   * whose last one closes a cycle, its first reader that does. O(readers) steps,
   * O(sessions among them + log readers) reachability queries.
   *
   * @param chainOf each vertex's session chain
   */
  int closingEdge(int c, int side, CycleGraph graph, ReachabilityIndex index, int[] chainOf) {
    Versions versions = chains.versions;
    int tail = chains.chainTail[before(c, side)];
    int head = versions.slotVertex[chains.chainHead[after(c, side)]];
    if (graph.closesCycle(index, versions.slotVertex[tail], head, WW)) {
      return 0;
    }
    int begin = versions.readerStart[tail];
    int end = versions.readerStart[tail + 1];
    int run = begin;
    for (int r = begin; r < end; r++) {
      int chain = chainOf[versions.readers[r]];
      if (r + 1 < end && chainOf[versions.readers[r + 1]] == chain) {
        continue;
      }
      if (graph.closesCycle(index, versions.readers[r], head, RW)) {
        int lo = run;
        int hi = r;
        while (lo < hi) {
          int mid = (lo + hi) >>> 1;
          if (graph.closesCycle(index, versions.readers[mid], head, RW)) {
            hi = mid;
          } else {
            lo = mid + 1;
          }
        }
        return 1 + lo - begin;
      }
      run = r + 1;
    }
    return -1;
  }

  private static final int WW = io.isoverify.history.anomaly.EdgeType.WW.ordinal();
  private static final int RW = io.isoverify.history.anomaly.EdgeType.RW.ordinal();

  /** The vertex side {@code side}'s WW edge leaves (the tail of the chain put first). */
  int wwFrom(int c, int side) {
    return chains.versions.slotVertex[chains.chainTail[before(c, side)]];
  }

  /** The vertex side {@code side}'s WW edge enters (the head of the chain put second). */
  int wwTo(int c, int side) {
    return chains.versions.slotVertex[chains.chainHead[after(c, side)]];
  }

  /** The key of constraint c. */
  int key(int c) {
    return chains.versions.slotKey[chains.chainTail[pairs.get(2 * c)]];
  }

  private int before(int c, int side) {
    return pairs.get(2 * c + side);
  }

  private int after(int c, int side) {
    return pairs.get(2 * c + 1 - side);
  }
}
