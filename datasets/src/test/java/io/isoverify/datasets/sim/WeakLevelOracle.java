package io.isoverify.datasets.sim;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Test oracle for read atomic and causal consistency, for histories whose written values are
 * unique (Biswas and Enea, "On the complexity of checking transactional consistency",
 * OOPSLA 2019, section 4): with hb = so ∪ wr (RA) or (so ∪ wr)+ (CC), the history satisfies
 * the level iff so ∪ wr ∪ {t1 -> t2 : t3 reads x from t2, t1 ≠ t2 writes x, t1 hb t3} is
 * acyclic, and no t3 reads the initial x although some t1 hb t3 writes x. Committed
 * transactions only. O(n^3) on a boolean matrix: for a few hundred transactions.
 */
final class WeakLevelOracle {
  private WeakLevelOracle() {}

  static boolean readAtomic(History h) {
    return check(h, false);
  }

  static boolean causal(History h) {
    return check(h, true);
  }

  private static boolean check(History h, boolean transitive) {
    List<Integer> committed = new ArrayList<>();
    int[] index = new int[h.txnCount()];
    for (int t = 0; t < h.txnCount(); t++) {
      index[t] = -1;
      if (h.isCommitted(t)) {
        index[t] = committed.size();
        committed.add(t);
      }
    }
    int n = committed.size();
    int[] writerOf = writers(h, index);
    boolean[][] base = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        int a = committed.get(i);
        int b = committed.get(j);
        base[i][j] = h.session(a) == h.session(b) && h.positionInSession(a) < h.positionInSession(b);
      }
    }
    List<int[]> reads = new ArrayList<>(); // {reader, key, writer or -1}
    for (int i = 0; i < n; i++) {
      int t = committed.get(i);
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKind(o) != OpKind.READ || ownWriteBefore(h, t, o)) {
          continue;
        }
        int w = h.opValue(o) == History.INITIAL ? -1 : writerOf[h.opValue(o)];
        if (h.opValue(o) != History.INITIAL && w < 0) {
          return false; // read from an uncommitted or unknown write
        }
        if (w >= 0 && w != i) {
          base[w][i] = true;
        }
        reads.add(new int[] {i, h.opKey(o), w});
      }
    }
    boolean[][] hb = transitive ? closure(base) : base;
    boolean[][] edges = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      edges[i] = base[i].clone();
    }
    for (int[] r : reads) {
      for (int t1 = 0; t1 < n; t1++) {
        if (t1 == r[2] || t1 == r[0] || !hb[t1][r[0]] || !writes(h, committed.get(t1), r[1])) {
          continue;
        }
        if (r[2] < 0) {
          return false;
        }
        edges[t1][r[2]] = true;
      }
    }
    boolean[][] all = closure(edges);
    for (int i = 0; i < n; i++) {
      if (all[i][i]) {
        return false;
      }
    }
    return true;
  }

  /** value code -> index of the committed transaction whose final write it is, else -1. */
  private static int[] writers(History h, int[] index) {
    int[] writer = new int[h.values().size()];
    java.util.Arrays.fill(writer, -1);
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (index[t] >= 0 && h.opKind(o) == OpKind.WRITE && lastWrite(h, t, o)) {
          writer[h.opValue(o)] = index[t];
        }
      }
    }
    return writer;
  }

  private static boolean lastWrite(History h, int t, int o) {
    for (int p = o + 1; p < h.endOp(t); p++) {
      if (h.opKind(p) == OpKind.WRITE && h.opKey(p) == h.opKey(o)) {
        return false;
      }
    }
    return true;
  }

  private static boolean ownWriteBefore(History h, int t, int o) {
    for (int p = h.firstOp(t); p < o; p++) {
      if (h.opKind(p) == OpKind.WRITE && h.opKey(p) == h.opKey(o)) {
        return true;
      }
    }
    return false;
  }

  private static boolean writes(History h, int t, int key) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKind(o) == OpKind.WRITE && h.opKey(o) == key) {
        return true;
      }
    }
    return false;
  }

  private static boolean[][] closure(boolean[][] m) {
    int n = m.length;
    boolean[][] c = new boolean[n][];
    for (int i = 0; i < n; i++) {
      c[i] = m[i].clone();
    }
    for (int k = 0; k < n; k++) {
      for (int i = 0; i < n; i++) {
        if (c[i][k]) {
          for (int j = 0; j < n; j++) {
            c[i][j] |= c[k][j];
          }
        }
      }
    }
    return c;
  }
}
