package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.ComponentReads;
import io.isoverify.history.anomaly.EdgeType;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Random components for the backend cross-check, small unless sized (tests only). */
final class RandomComponents {
  private static final int[] TYPES = {EdgeType.SO.ordinal(), EdgeType.WR.ordinal(),
      EdgeType.WW.ordinal(), EdgeType.RW.ordinal(), EdgeType.RW.ordinal()};

  private RandomComponents() {
  }

  static Component next(SplittableRandom rnd) {
    return next(rnd, 2 + rnd.nextInt(6), 1 + rnd.nextInt(6));
  }

  /**
   * A component of n transactions with about n known edges and {@code cons} version-order
   * constraints (sides of one or two random edges), and reads as {@link #reads} makes them.
   */
  static Component next(SplittableRandom rnd, int n, int cons) {
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
        Arrays.copyOf(st, k), Arrays.copyOf(stype, k), new int[k], reads(rnd, n, cons));
  }

  /**
   * Half the time none; else one to three reads, each of a random vertex, with two or three
   * candidate writers (a WR edge to the reader, sometimes an RW edge from it), and RW edges
   * derived from a candidate and a random side of a random constraint.
   */
  private static ComponentReads reads(SplittableRandom rnd, int n, int cons) {
    if (rnd.nextBoolean()) {
      return ComponentReads.NONE;
    }
    int count = 1 + rnd.nextInt(3);
    int[] reader = new int[count];
    int[] candStart = new int[count + 1];
    IntList writer = new IntList();
    IntList edgeStart = new IntList();
    IntList ef = new IntList();
    IntList et = new IntList();
    IntList ety = new IntList();
    IntList df = new IntList();
    IntList dt = new IntList();
    IntList dc = new IntList();
    IntList ds = new IntList();
    IntList dcand = new IntList();
    for (int j = 0; j < count; j++) {
      reader[j] = rnd.nextInt(n);
      candStart[j] = writer.size();
      int cands = 2 + rnd.nextInt(2);
      for (int i = 0; i < cands; i++) {
        int w = other(rnd, n, reader[j]);
        edgeStart.add(ef.size());
        writer.add(w);
        ef.add(w);
        et.add(reader[j]);
        ety.add(EdgeType.WR.ordinal());
        if (rnd.nextInt(3) == 0) {
          ef.add(reader[j]);
          et.add(other(rnd, n, reader[j]));
          ety.add(EdgeType.RW.ordinal());
        }
        if (rnd.nextInt(3) == 0) {
          df.add(reader[j]);
          dt.add(other(rnd, n, reader[j]));
          dc.add(rnd.nextInt(cons));
          ds.add(rnd.nextInt(2));
          dcand.add(writer.size() - 1);
        }
      }
    }
    candStart[count] = writer.size();
    edgeStart.add(ef.size());
    return new ComponentReads(reader, new int[count], candStart, writer.toArray(),
        edgeStart.toArray(), ef.toArray(), et.toArray(), ety.toBytes(), new int[ef.size()],
        df.toArray(), dt.toArray(), new int[df.size()], dc.toArray(), ds.toArray(),
        dcand.toArray(), null);
  }

  private static int other(SplittableRandom rnd, int n, int v) {
    int w = rnd.nextInt(n);
    while (w == v) {
      w = rnd.nextInt(n);
    }
    return w;
  }

  /** A growable int list (tests only). */
  private static final class IntList {
    private int[] a = new int[8];
    private int size;

    void add(int x) {
      if (size == a.length) {
        a = Arrays.copyOf(a, size * 2);
      }
      a[size++] = x;
    }

    int size() {
      return size;
    }

    int[] toArray() {
      return Arrays.copyOf(a, size);
    }

    byte[] toBytes() {
      byte[] b = new byte[size];
      for (int i = 0; i < size; i++) {
        b[i] = (byte) a[i];
      }
      return b;
    }
  }
}
