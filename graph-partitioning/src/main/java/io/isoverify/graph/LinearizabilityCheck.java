package io.isoverify.graph;

import io.isoverify.history.IndexSort;
import io.isoverify.history.anomaly.EdgeType;

/**
 * SSER of a lightweight-transaction history as linearizability per key (mtc IV-E; Herlihy
 * and Wing: linearizability is local, and with each session's transactions in real-time
 * order, as history's {@code TransactionShapes} requires, session order adds nothing):
 * mtc Algorithm 2 per key, extended to plain reads (compare-and-sets that failed).
 *
 * <p>A key's versions are in a fixed order v0 (the initial state), v1, ..., vm: its
 * {@link Chains} from the initial version, then from its initial write (Algorithm 2's
 * chain ❶, built by reads-from; the caller has already found no Divergence and no cycle in
 * the known graph, so one chain holds them all). Group i is the writer of vi and the plain
 * reads of vi. Every linearization puts the writer of vi first in its group (its readers
 * read what it wrote), the reads of vi after it and before the writer of v(i+1) (which
 * overwrote it, unique values): so op a must precede op o when a's group comes first, or
 * when a writes the version o reads. The rule (the cluster condition for registers with
 * unique values and a known write order, Gibbons and Korach, SIAM J. Comput. 26(4), 1997;
 * with groups of one operation it is Algorithm 2's step ❷):
 * <pre>
 *   the key is linearizable  iff  no operation o finishes before an operation a that must
 *                                 precede it starts (f(o) < s(a))
 * </pre>
 * Only if: o would have to precede a in real time. If: give each o the point
 * p(o) = max(s(o), max{s(a) : a must precede o}); then s(o) <= p(o) <= f(o), points never
 * decrease along the groups, and f(a) < s(b) implies p(a) < p(b); so the operations ordered
 * by (point, group order) respect real time and read what the last write before them wrote.
 * One pass per key keeps max{s(a)} of the groups so far (the reverse scan of Algorithm 2
 * read forwards). The operations of all keys ordered by point, ties in group order, are the
 * witness: a serial order respecting real time and, through it, session order.
 *
 * <p>A violation is a cycle: the path a -> ... -> o along the chain (RW from a plain read
 * to the next version's writer, WR from each writer to the next and to o), then o -RT-> a,
 * with a the nearest operation before o that starts after o finishes. Cost: O(versions +
 * reads) per key, O(n log n) for the witness's order.
 */
final class LinearizabilityCheck {
  private final KnownGraph g;
  private final long[] point;
  private final IntBuffer sequence = new IntBuffer();
  private EdgeList cycle;

  /** @param initialWriteChain per key the chain of its initial write, or -1 */
  LinearizabilityCheck(KnownGraph g, int[] initialWriteChain) {
    this.g = g;
    int n = g.vertexCount();
    point = new long[n];
    Chains chains = g.chains;
    int keys = chains.keyChainStart.length - 1;
    for (int k = 0; k < keys && cycle == null; k++) {
      if (chains.keyChainStart[k] < chains.keyChainStart[k + 1]) {
        scan(k, versions(k, initialWriteChain[k], new IntBuffer()));
      }
    }
    if (cycle == null && sequence.size() != n - 1) {
      throw new IllegalStateException("not a lightweight-transaction history: "
          + (n - 1 - sequence.size()) + " transactions are on no key's chain");
    }
  }

  /** The cycle that shows a key is not linearizable, or null. */
  EdgeList cycle() {
    return cycle;
  }

  /** Dense History ids of every vertex but 0, ordered by point, ties in group order. */
  int[] serialOrder() {
    int m = sequence.size();
    long[] at = new long[m];
    for (int i = 0; i < m; i++) {
      at[i] = point[sequence.get(i)];
    }
    int[] byPoint = IndexSort.byKey(at, m);
    int[] order = new int[m];
    for (int i = 0; i < m; i++) {
      order[i] = g.vertices.txnOf[sequence.get(byPoint[i])];
    }
    return order;
  }

  /** Key k's versions (slots) in their fixed order: the initial chain, then the initial write's. */
  private IntBuffer versions(int k, int initialWriteChain, IntBuffer out) {
    Chains chains = g.chains;
    int first = chains.keyChainStart[k];
    for (int s = chains.chainHead[first]; s >= 0; s = chains.succ[s]) {
      out.add(s);
    }
    if (initialWriteChain >= 0) {
      for (int s = chains.chainHead[initialWriteChain]; s >= 0; s = chains.succ[s]) {
        out.add(s);
      }
    }
    Versions versions = g.versions;
    if (out.size() != versions.keySlotStart[k + 1] - versions.keySlotStart[k]) {
      throw new IllegalStateException("not a lightweight-transaction history: key " + k
          + " has versions on no chain from its initial state");
    }
    return out;
  }

  /** One pass over key k's groups; sets {@link #cycle} at the first violation. */
  private void scan(int k, IntBuffer slots) {
    Versions versions = g.versions;
    long before = Long.MIN_VALUE; // max start of the groups so far
    for (int i = 0; i < slots.size(); i++) {
      int slot = slots.get(i);
      int writer = versions.slotVertex[slot];
      long inGroup = before; // max start of what must precede a read of this version
      if (writer != 0) {
        if (!place(k, slots, i, writer, before)) {
          return;
        }
        inGroup = Math.max(before, start(writer));
      }
      int next = i + 1 < slots.size() ? versions.slotVertex[slots.get(i + 1)] : -1;
      long after = inGroup;
      for (int r = versions.readerStart[slot]; r < versions.readerStart[slot + 1]; r++) {
        int reader = versions.readers[r];
        if (reader != next) {
          if (!place(k, slots, i, reader, inGroup)) {
            return;
          }
          after = Math.max(after, start(reader));
        }
      }
      before = after;
    }
  }

  /**
   * Gives operation {@code op} of group i its point, after {@code floor} (the largest start
   * of what must precede it); false, with {@link #cycle} set, when it ends before that.
   */
  private boolean place(int k, IntBuffer slots, int i, int op, long floor) {
    if (floor > end(op)) {
      cycle = explain(k, slots, i, op);
      return false;
    }
    point[op] = Math.max(floor, start(op));
    sequence.add(op);
    return true;
  }

  /**
   * The cycle for operation o of group i, which finishes before some operation that must
   * precede it starts: the nearest such a (o's own writer first when o reads, then the
   * groups before, nearest first), the chain path a -> o, and o -RT-> a.
   */
  private EdgeList explain(int k, IntBuffer slots, int i, int o) {
    Versions versions = g.versions;
    long f = end(o);
    boolean oReads = versions.slotVertex[slots.get(i)] != o;
    int aGroup = -1;
    int a = -1;
    if (oReads && versions.slotVertex[slots.get(i)] != 0 && start(versions.slotVertex[slots.get(i)]) > f) {
      aGroup = i;
      a = versions.slotVertex[slots.get(i)];
    }
    for (int j = i - 1; j >= 0 && a < 0; j--) {
      int slot = slots.get(j);
      int writer = versions.slotVertex[slot];
      if (writer != 0 && start(writer) > f) {
        a = writer;
      }
      int next = versions.slotVertex[slots.get(j + 1)];
      for (int r = versions.readerStart[slot]; r < versions.readerStart[slot + 1] && a < 0; r++) {
        int reader = versions.readers[r];
        if (reader != next && start(reader) > f) {
          a = reader;
        }
      }
      aGroup = j;
    }
    EdgeList out = new EdgeList();
    int wr = EdgeType.WR.ordinal();
    int at = aGroup;
    if (a != versions.slotVertex[slots.get(aGroup)]) {
      // a plain read of version aGroup: the next version's writer overwrote what it read
      out.add(a, versions.slotVertex[slots.get(aGroup + 1)], EdgeType.RW.ordinal(), k);
      at = aGroup + 1;
    }
    for (; at < i; at++) {
      out.add(versions.slotVertex[slots.get(at)], versions.slotVertex[slots.get(at + 1)], wr, k);
    }
    if (oReads) {
      out.add(versions.slotVertex[slots.get(i)], o, wr, k);
    }
    out.add(o, a, EdgeType.RT.ordinal(), -1);
    return out;
  }

  private long start(int vertex) {
    return g.history.start[g.vertices.txnOf[vertex]];
  }

  private long end(int vertex) {
    return g.history.end[g.vertices.txnOf[vertex]];
  }
}
