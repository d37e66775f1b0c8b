package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.EdgeType;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Small random components for the backend cross-check (tests only). */
final class RandomComponents {
  private static final int[] TYPES = {EdgeType.SO.ordinal(), EdgeType.WR.ordinal(),
      EdgeType.WW.ordinal(), EdgeType.RW.ordinal(), EdgeType.RW.ordinal()};

  private RandomComponents() {
  }

  static Component next(SplittableRandom rnd) {
    int n = 2 + rnd.nextInt(6);
    int[] txns = new int[n];
    for (int v = 0; v < n; v++) {
      txns[v] = v;
    }
    // known edges go forward in a random permutation, so they alone are acyclic for SER
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      int j = rnd.nextInt(i + 1);
      perm[i] = perm[j];
      perm[j] = i;
    }
    int known = rnd.nextInt(n + 1);
    int[] kf = new int[known];
    int[] kt = new int[known];
    byte[] ktype = new byte[known];
    int[] kkey = new int[known];
    for (int e = 0; e < known; e++) {
      int a = rnd.nextInt(n);
      int b = rnd.nextInt(n);
      while (b == a) {
        b = rnd.nextInt(n);
      }
      kf[e] = perm[Math.min(a, b)];
      kt[e] = perm[Math.max(a, b)];
      ktype[e] = (byte) TYPES[rnd.nextInt(TYPES.length)];
      kkey[e] = 0;
    }
    int cons = 1 + rnd.nextInt(6);
    int[] start = new int[2 * cons + 1];
    int[] sf = new int[4 * cons];
    int[] st = new int[4 * cons];
    byte[] stype = new byte[4 * cons];
    int k = 0;
    for (int s = 0; s < 2 * cons; s++) {
      start[s] = k;
      int edges = 1 + rnd.nextInt(2);
      for (int i = 0; i < edges; i++, k++) {
        sf[k] = rnd.nextInt(n);
        st[k] = rnd.nextInt(n);
        while (st[k] == sf[k]) {
          st[k] = rnd.nextInt(n);
        }
        stype[k] = (byte) TYPES[rnd.nextInt(TYPES.length)];
      }
    }
    start[2 * cons] = k;
    return new Component(txns, kf, kt, ktype, kkey, start, Arrays.copyOf(sf, k),
        Arrays.copyOf(st, k), Arrays.copyOf(stype, k), new int[k]);
  }

  /** The same component with both sides of every constraint equal to the chosen side. */
  static Component pinned(Component c, int[] sides) {
    int cons = c.constraintCount();
    int[] start = new int[2 * cons + 1];
    int total = 0;
    for (int x = 0; x < cons; x++) {
      total += 2 * (c.sideEnd(x, sides[x]) - c.sideBegin(x, sides[x]));
    }
    int[] sf = new int[total];
    int[] st = new int[total];
    byte[] stype = new byte[total];
    int k = 0;
    for (int x = 0; x < cons; x++) {
      for (int s = 0; s < 2; s++) {
        start[2 * x + s] = k;
        for (int e = c.sideBegin(x, sides[x]); e < c.sideEnd(x, sides[x]); e++, k++) {
          sf[k] = c.sideFrom(e);
          st[k] = c.sideTo(e);
          stype[k] = (byte) c.sideType(e);
        }
      }
    }
    start[2 * cons] = k;
    int[] txns = new int[c.vertexCount()];
    int known = c.knownEdgeCount();
    int[] kf = new int[known];
    int[] kt = new int[known];
    byte[] ktype = new byte[known];
    for (int v = 0; v < txns.length; v++) {
      txns[v] = c.txn(v);
    }
    for (int e = 0; e < known; e++) {
      kf[e] = c.knownFrom(e);
      kt[e] = c.knownTo(e);
      ktype[e] = (byte) c.knownType(e);
    }
    return new Component(txns, kf, kt, ktype, new int[known], start, sf, st, stype, new int[total]);
  }
}
