package io.isoverify.audit;

import io.isoverify.graph.Partition;
import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import java.util.Arrays;

/**
 * The orders between held transactions that run only through collected ones, which the
 * held history must carry as {@link io.isoverify.history.OrderMarkers} (Round writes them).
 * Cobra's deletion (Definition 25) keeps the known graph's edges between the transactions
 * it keeps, and with them every order that ran through deleted ones; the held history here
 * is re-derived from the held transactions, so such an order is written into it: held u
 * writes a marker that held v reads, a WR edge u -> v that every check and the independent
 * checker read like any other (`HeldOrderTest` is the history that needs it).
 *
 * <p>For each held v and each session, only the latest held u of that session with a known
 * path u -> c1 -> ... -> ck -> v, every ci collected (k at least 1), and none from v's own
 * session: an earlier held transaction of u's session reaches u by session order, which
 * the held history keeps (it orders a session's transactions by position), and so v. One
 * pass over the collected transactions in a topological order of the round's known graph
 * (known and choice edges), each with a row of the latest held transaction per session that
 * reaches it through collected ones only: O((V + E) x S) time and collected x S ints for
 * S sessions. An order that a marker already carried (one whose ends both stay held, from
 * a transaction of the same session no earlier) is not written again. Orders from or to a
 * transaction that is not committed are not written (an
 * order marker read would make its writer committed): the caller then keeps the collected
 * transactions on such paths instead ({@link #of} answers null).
 */
final class OrderCarry {
  /** Above this many row entries (collected x sessions) the orders are not computed. */
  static final long MAX_ENTRIES = 64L << 20;

  private OrderCarry() {}

  /** The orders to carry: {@code from[i]} before {@code to[i]}, dense transaction ids. */
  record Orders(int[] from, int[] to) {
    int count() {
      return from.length;
    }
  }

  /**
   * The orders of the round whose known graph is {@code known} (vertices of {@code p}) when
   * the transactions {@code removable} flags are collected; null when they cannot all be
   * carried (an end not committed, or more than {@link #MAX_ENTRIES} row entries).
   */
  static Orders of(History h, Collection.Csr known, Partition p, boolean[] removable) {
    int vertices = known.first.length - 1;
    int sessions = h.sessionCount();
    int[] rowOf = new int[vertices];
    int rows = 0;
    for (int v = 1; v < vertices; v++) {
      rowOf[v] = removable[p.txnOf(v)] ? rows++ : -1;
    }
    rowOf[0] = -1;
    if ((long) rows * sessions > MAX_ENTRIES) {
      return null;
    }
    int[] latest = new int[rows * sessions];
    Arrays.fill(latest, -1);
    int[] order = collectedOrder(known, rowOf, rows);
    for (int u = 1; u < vertices; u++) {
      if (rowOf[u] < 0) {
        for (int e = known.first[u]; e < known.first[u + 1]; e++) {
          int c = known.to[e];
          if (rowOf[c] >= 0) {
            keepLater(h, latest, rowOf[c] * sessions, p.txnOf(u));
          }
        }
      }
    }
    IntList from = new IntList();
    IntList to = new IntList();
    for (int c : order) {
      int row = rowOf[c] * sessions;
      for (int e = known.first[c]; e < known.first[c + 1]; e++) {
        int w = known.to[e];
        if (rowOf[w] >= 0) {
          for (int s = 0; s < sessions; s++) {
            if (latest[row + s] >= 0) {
              keepLater(h, latest, rowOf[w] * sessions, latest[row + s]);
            }
          }
        } else if (w > 0) {
          int v = p.txnOf(w);
          for (int s = 0; s < sessions; s++) {
            int u = latest[row + s];
            if (u >= 0 && s != h.session(v)) {
              if (!h.isCommitted(u) || !h.isCommitted(v)) {
                return null;
              }
              from.add(u);
              to.add(v);
            }
          }
        }
      }
    }
    return latestPerSession(h, from, to, carriedBefore(h, removable));
  }

  /**
   * The orders the held history already carries as order markers whose two ends stay held:
   * per (reader v, writer's session) the writer's latest position, key {@code v * S + s}. A
   * new order no later in the same session is implied by one of them (and would pile up
   * from round to round).
   */
  private static java.util.Map<Long, Integer> carriedBefore(History h, boolean[] removable) {
    boolean[] marker = io.isoverify.history.OrderMarkers.keys(h);
    int[] writer = new int[marker.length];
    Arrays.fill(writer, -1);
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKey(o) >= 0 && marker[h.opKey(o)] && h.opKind(o).installsVersion()) {
          writer[h.opKey(o)] = t;
        }
      }
    }
    java.util.Map<Long, Integer> carried = new java.util.HashMap<>();
    long sessions = h.sessionCount();
    for (int v = 0; v < h.txnCount(); v++) {
      for (int o = h.firstOp(v); o < h.endOp(v) && !removable[v]; o++) {
        int key = h.opKey(o);
        if (key >= 0 && marker[key] && !h.opKind(o).installsVersion() && writer[key] >= 0
            && !removable[writer[key]]) {
          carried.merge(v * sessions + h.session(writer[key]),
              h.positionInSession(writer[key]), Math::max);
        }
      }
    }
    return carried;
  }

  /** Sets the row's entry for t's session to t when t is later there than what it holds. */
  private static void keepLater(History h, int[] latest, int row, int t) {
    int at = row + h.session(t);
    if (latest[at] < 0 || h.positionInSession(latest[at]) < h.positionInSession(t)) {
      latest[at] = t;
    }
  }

  /** The collected vertices (rowOf >= 0) in a topological order of the edges among them. */
  private static int[] collectedOrder(Collection.Csr known, int[] rowOf, int rows) {
    int vertices = rowOf.length;
    int[] in = new int[vertices];
    for (int u = 0; u < vertices; u++) {
      if (rowOf[u] >= 0) {
        for (int e = known.first[u]; e < known.first[u + 1]; e++) {
          if (rowOf[known.to[e]] >= 0) {
            in[known.to[e]]++;
          }
        }
      }
    }
    int[] order = new int[rows];
    int tail = 0;
    for (int v = 0; v < vertices; v++) {
      if (rowOf[v] >= 0 && in[v] == 0) {
        order[tail++] = v;
      }
    }
    for (int head = 0; head < tail; head++) {
      int u = order[head];
      for (int e = known.first[u]; e < known.first[u + 1]; e++) {
        int w = known.to[e];
        if (rowOf[w] >= 0 && --in[w] == 0) {
          order[tail++] = w;
        }
      }
    }
    if (tail != rows) {
      throw new IllegalStateException("the known graph of a round that holds has a cycle "
          + "among the collected transactions");
    }
    return order;
  }

  /** Of the pairs, per target and source session only the latest source. */
  private static Orders latestPerSession(History h, IntList from, IntList to,
      java.util.Map<Long, Integer> carried) {
    int n = from.size();
    long sessions = h.sessionCount();
    long[] group = new long[n];
    for (int i = 0; i < n; i++) {
      group[i] = to.get(i) * sessions + h.session(from.get(i));
    }
    int[] idx = IndexSort.byKey(group, n);
    IntList keptFrom = new IntList();
    IntList keptTo = new IntList();
    for (int i = 0; i < n; ) {
      int best = idx[i];
      int j = i + 1;
      for (; j < n && group[idx[j]] == group[idx[i]]; j++) {
        if (h.positionInSession(from.get(idx[j])) > h.positionInSession(from.get(best))) {
          best = idx[j];
        }
      }
      Integer before = carried.get(group[best]);
      if (before == null || before < h.positionInSession(from.get(best))) {
        keptFrom.add(from.get(best));
        keptTo.add(to.get(best));
      }
      i = j;
    }
    return new Orders(keptFrom.toArray(), keptTo.toArray());
  }

  /** A growing int array. */
  private static final class IntList {
    private int[] a = new int[16];
    private int size;

    void add(int x) {
      if (size == a.length) {
        a = Arrays.copyOf(a, 2 * size);
      }
      a[size++] = x;
    }

    int get(int i) {
      return a[i];
    }

    int size() {
      return size;
    }

    int[] toArray() {
      return Arrays.copyOf(a, size);
    }
  }
}
