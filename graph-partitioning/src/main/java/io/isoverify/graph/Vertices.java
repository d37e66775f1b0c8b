package io.isoverify.graph;


/**
 * The vertices of the polygraph: vertex 0 is the virtual initial transaction that wrote every
 * key's initial state; vertices 1..n-1 are the included transactions in dense History id
 * order (so each session's vertices are contiguous and in session order).
 *
 * <p>Included: every committed transaction, and every transaction with an unknown outcome
 * that an included transaction reads from (transitively: a fixpoint over the read-from
 * relation), or whose append a committed transaction's read list shows (Elle list-append). Aborted transactions and unread unknown ones are left out.
 *
 * <p>Cost: O(transactions + external reads).
 */
final class Vertices {
  /** txnOf[v]: dense History id of vertex v; txnOf[0] == Component.INITIAL_TXN. */
  final int[] txnOf;
  /** vertexOf[t]: vertex of History transaction t, or -1 when left out. */
  final int[] vertexOf;
  final int unknownIncluded;
  final int unknownExcluded;

  Vertices(PolygraphInput in) {
    Operations ops = in.ops;
    int n = in.txnCount();
    boolean[] included = new boolean[n];
    int[] queue = new int[n];
    int tail = 0;
    for (int t = 0; t < n; t++) {
      if (in.isCommitted(t)) {
        included[t] = true;
        queue[tail++] = t;
      }
    }
    for (int t : in.listOrderTxn) {
      if (!included[t]) {
        included[t] = true;
        queue[tail++] = t;
      }
    }
    for (int head = 0; head < tail; head++) {
      int t = queue[head];
      for (int r = ops.readStart[t]; r < ops.readStart[t + 1]; r++) {
        int w = ops.readWriter[r];
        if (w >= 0 && !included[w]) {
          included[w] = true;
          queue[tail++] = w;
        }
      }
    }
    vertexOf = new int[n];
    txnOf = new int[tail + 1];
    txnOf[0] = Component.INITIAL_TXN;
    int v = 1;
    int unknownIn = 0;
    int unknownOut = 0;
    for (int t = 0; t < n; t++) {
      boolean unknown = in.isUnknown(t);
      if (included[t]) {
        txnOf[v] = t;
        vertexOf[t] = v++;
        if (unknown) {
          unknownIn++;
        }
      } else {
        vertexOf[t] = -1;
        if (unknown) {
          unknownOut++;
        }
      }
    }
    unknownIncluded = unknownIn;
    unknownExcluded = unknownOut;
  }

  int count() {
    return txnOf.length;
  }
}
