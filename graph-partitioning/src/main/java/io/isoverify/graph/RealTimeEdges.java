package io.isoverify.graph;

import io.isoverify.history.IndexSort;
import io.isoverify.history.anomaly.EdgeType;

/**
 * Real-time edges for SSER (mtc section IV; vbox time dependencies) without the O(n^2)
 * relation {T -> S : end(T) < start(S)}.
 *
 * <p>For T with end e, let E(T) be a transaction that ends earliest among those starting
 * after e, ending at f. Edges go from T only to its <em>frontier</em>: the transactions S with
 * e < start(S) <= f. Every other real-time successor S' of T starts after f, so E(T) -> S' is
 * itself a real-time pair and, by induction on end times (E(T) ends later than T), E(T)
 * reaches S' through frontier edges; hence T reaches S' through E(T), and the reachability
 * of the frontier edges equals that of the full relation. The frontier transactions all run
 * at time f (each starts by f and, ending no earlier than f, is still running), so there are
 * at most c of them where c is the largest number of transactions running at one instant:
 * O(n c) edges, O(n log n + n c) time. Transactions without both timestamps get none.
 */
final class RealTimeEdges {
  private RealTimeEdges() {
  }

  /** Appends the frontier RT edges between the vertices that have both timestamps. */
  static void add(VertexTimes times, EdgeList out) {
    int n = times.count();
    IntBuffer timed = new IntBuffer();
    for (int v = 1; v < n; v++) {
      if (times.timed(v)) {
        timed.add(v);
      }
    }
    int m = timed.size();
    long[] start = new long[m];
    for (int i = 0; i < m; i++) {
      start[i] = times.start(timed.get(i));
    }
    int[] byStart = IndexSort.byKey(start, m);
    long[] sortedStart = new long[m];
    long[] minEndFrom = new long[m + 1];
    minEndFrom[m] = Long.MAX_VALUE;
    for (int i = 0; i < m; i++) {
      sortedStart[i] = start[byStart[i]];
    }
    for (int i = m - 1; i >= 0; i--) {
      minEndFrom[i] = Math.min(times.end(timed.get(byStart[i])), minEndFrom[i + 1]);
    }
    int rt = EdgeType.RT.ordinal();
    for (int i = 0; i < m; i++) {
      int v = timed.get(i);
      int j = firstAfter(sortedStart, times.end(v));
      if (j == m) {
        continue;
      }
      long frontier = minEndFrom[j];
      for (; j < m && sortedStart[j] <= frontier; j++) {
        out.add(v, timed.get(byStart[j]), rt, -1);
      }
    }
  }

  /** The first index whose value is greater than {@code x}. */
  private static int firstAfter(long[] sorted, long x) {
    return io.isoverify.history.IndexSort.firstAbove(sorted, x);
  }
}
