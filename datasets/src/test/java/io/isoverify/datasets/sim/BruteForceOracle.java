package io.isoverify.datasets.sim;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Test oracle: decides SER, SSER and SI for a history of a few committed transactions by
 * searching every commit order (with pruning), straight from the definitions:
 * SER/SSER: some order respecting session order (and real time) in which every read returns
 * the latest write before it; SI: some commit order and, per transaction, a snapshot prefix
 * (containing its session predecessors) whose state its reads return, with no transaction
 * writing a key it writes committed between its snapshot and its commit. Aborted and
 * unknown transactions are left out. Exponential: at most ~10 committed transactions.
 */
final class BruteForceOracle {
  private final History h;
  private final Level level;
  private final int[] txns; // committed transactions
  private final int keys;
  /** Per committed transaction i: its external reads {key, value} and final writes {key, value}. */
  private final int[][] reads;
  private final int[][] writes;
  private final boolean internallyConsistent;

  private BruteForceOracle(History h, Level level) {
    this.h = h;
    this.level = level;
    List<Integer> c = new ArrayList<>();
    for (int t = 0; t < h.txnCount(); t++) {
      if (h.isCommitted(t)) {
        c.add(t);
      }
    }
    txns = c.stream().mapToInt(Integer::intValue).toArray();
    keys = h.keys().size();
    reads = new int[txns.length][];
    writes = new int[txns.length][];
    boolean ok = true;
    for (int i = 0; i < txns.length; i++) {
      int t = txns[i];
      int[] own = new int[keys];
      Arrays.fill(own, Integer.MIN_VALUE);
      int[] seen = new int[keys];
      Arrays.fill(seen, Integer.MIN_VALUE);
      List<Integer> r = new ArrayList<>();
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        int k = h.opKey(o);
        int v = h.opValue(o);
        if (h.opKind(o) == OpKind.WRITE) {
          own[k] = v;
        } else if (own[k] != Integer.MIN_VALUE) {
          ok &= own[k] == v;
        } else if (seen[k] != Integer.MIN_VALUE) {
          ok &= seen[k] == v;
        } else {
          seen[k] = v;
          r.add(k);
          r.add(v);
        }
      }
      reads[i] = r.stream().mapToInt(Integer::intValue).toArray();
      List<Integer> w = new ArrayList<>();
      for (int k = 0; k < keys; k++) {
        if (own[k] != Integer.MIN_VALUE) {
          w.add(k);
          w.add(own[k]);
        }
      }
      writes[i] = w.stream().mapToInt(Integer::intValue).toArray();
    }
    internallyConsistent = ok;
  }

  static boolean satisfies(History h, Level level) {
    BruteForceOracle o = new BruteForceOracle(h, level);
    if (!o.internallyConsistent) {
      return false;
    }
    int[][] states = new int[o.txns.length + 1][o.keys];
    Arrays.fill(states[0], History.INITIAL);
    return o.search(new int[o.txns.length], 0, states);
  }

  /** Places committed transactions at positions p.. of the order; order[0..p-1] is fixed. */
  private boolean search(int[] order, int p, int[][] states) {
    if (p == txns.length) {
      return true;
    }
    for (int i = 0; i < txns.length; i++) {
      if (placed(order, p, i) || !predecessorsPlaced(order, p, i)) {
        continue;
      }
      if (level == Level.SI ? snapshotFor(order, p, i, states) < 0
          : !readsMatch(i, states[p])) {
        continue;
      }
      order[p] = i;
      states[p + 1] = states[p].clone();
      for (int w = 0; w < writes[i].length; w += 2) {
        states[p + 1][writes[i][w]] = writes[i][w + 1];
      }
      if (search(order, p + 1, states)) {
        return true;
      }
    }
    return false;
  }

  private static boolean placed(int[] order, int p, int i) {
    for (int q = 0; q < p; q++) {
      if (order[q] == i) {
        return true;
      }
    }
    return false;
  }

  /** Session predecessors (and, for SSER, transactions that ended before i started). */
  private boolean predecessorsPlaced(int[] order, int p, int i) {
    for (int j = 0; j < txns.length; j++) {
      if (j != i && mustPrecede(j, i) && !placed(order, p, j)) {
        return false;
      }
    }
    return true;
  }

  private boolean mustPrecede(int j, int i) {
    int a = txns[j];
    int b = txns[i];
    if (h.session(a) == h.session(b) && h.positionInSession(a) < h.positionInSession(b)) {
      return true;
    }
    return level == Level.SSER && h.endTs(a) < h.startTs(b);
  }

  private boolean readsMatch(int i, int[] state) {
    for (int r = 0; r < reads[i].length; r += 2) {
      if (state[reads[i][r]] != reads[i][r + 1]) {
        return false;
      }
    }
    return true;
  }

  /**
   * SI: the largest snapshot prefix j (above every session predecessor) whose state i's
   * reads return, provided no write-write conflict with order[j..p-1]; -1 when none. The
   * largest j is best: a later snapshot leaves fewer concurrent writers.
   */
  private int snapshotFor(int[] order, int p, int i, int[][] states) {
    int low = 0;
    for (int q = 0; q < p; q++) {
      if (mustPrecede(order[q], i)) {
        low = q + 1;
      }
    }
    for (int j = p; j >= low; j--) {
      if (readsMatch(i, states[j])) {
        for (int q = j; q < p; q++) {
          if (writeConflict(order[q], i)) {
            return -1;
          }
        }
        return j;
      }
    }
    return -1;
  }

  private boolean writeConflict(int a, int b) {
    for (int x = 0; x < writes[a].length; x += 2) {
      for (int y = 0; y < writes[b].length; y += 2) {
        if (writes[a][x] == writes[b][y]) {
          return true;
        }
      }
    }
    return false;
  }
}
