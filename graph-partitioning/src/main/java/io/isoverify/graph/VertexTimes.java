package io.isoverify.graph;

import io.isoverify.history.History;

/**
 * Each vertex's real-time interval under SSER, for questions the known graph answers from
 * timestamps alone (vbox section 4, constraint avoidance for transactions that do not overlap
 * in time). The known graph holds the real-time frontier edges ({@link RealTimeEdges}), whose
 * reachability is the whole relation {u -> v : end(u) < start(v)} among vertices with both
 * timestamps. So for such vertices u and v:
 * <ul>
 *   <li>{@link #before}(u, v): u reaches v;</li>
 *   <li>{@link #before}(v, u) and an acyclic known graph: u does not reach v (it would close a
 *       cycle through v's path back to u).</li>
 * </ul>
 * A vertex without both timestamps (vertex 0, the initial state, among them) gets the interval
 * (-inf, +inf), which is before nothing and after nothing. O(1) per question, no memory of its
 * own: it reads the input's per-transaction arrays.
 */
final class VertexTimes {
  private final int[] txnOf;
  private final long[] start;
  private final long[] end;

  private VertexTimes(int[] txnOf, long[] start, long[] end) {
    this.txnOf = txnOf;
    this.start = start;
    this.end = end;
  }

  /** The intervals of the vertices of {@code vertices}, over the input's timestamps. */
  static VertexTimes of(PolygraphInput history, Vertices vertices) {
    return new VertexTimes(vertices.txnOf, history.start, history.end);
  }

  /** The number of vertices. */
  int count() {
    return txnOf.length;
  }

  /** Whether v's transaction has both timestamps (vertex 0, the initial state, has none). */
  boolean timed(int v) {
    int t = txnOf[v];
    return t >= 0 && start[t] != History.NO_TIME && end[t] != History.NO_TIME;
  }

  /** The start of v's interval: its transaction's start, or Long.MIN_VALUE when untimed. */
  long start(int v) {
    return timed(v) ? start[txnOf[v]] : Long.MIN_VALUE;
  }

  /** The end of v's interval: its transaction's end, or Long.MAX_VALUE when untimed. */
  long end(int v) {
    return timed(v) ? end[txnOf[v]] : Long.MAX_VALUE;
  }

  /** Whether u ended before v started, both timed: then u reaches v in the known graph. */
  boolean before(int u, int v) {
    return end(u) < start(v);
  }
}
