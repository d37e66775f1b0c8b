package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.Arrays;

/**
 * Assembles the {@link Witness} of a history that holds: the fixed edges of the
 * {@link SolverInput} plus the chosen sides of every component form one graph G (global
 * vertex ids, CSR arrays).
 *
 * <ul>
 *   <li>SER, SSER: the order is a topological order of G (Kahn, O(V + E)).
 *   <li>SI (polysi section 4): the commit order is a topological order of the induced graph
 *       (D ; RW?), walked without materializing it (O(V + sum over D edges a->b of the RW
 *       edges out of b)); each transaction starts right after the last commit of its
 *       D-predecessors in G. That start point sees every D-predecessor, and it misses
 *       every S with T -RW-> S, because each D-predecessor A of T has the induced edge
 *       A -> S and so commits before S.
 * </ul>
 * Kahn's queue is FIFO seeded in vertex order, so the witness is deterministic. When the
 * input already holds a serial order ({@link SolverInput#serialOrder}: the linearization of
 * lightweight transactions), that order is the SER or SSER witness.
 */
public final class WitnessBuilder {
  private static final int RW = EdgeType.RW.ordinal();

  private final int n;
  private final int[] txnOf;
  /** vertexOfTxn[t + 1] = the vertex of transaction t (index 0: the initial one). */
  private final int[] vertexOfTxn;
  private int[] from = new int[16];
  private int[] to = new int[16];
  private byte[] type = new byte[16];
  private int m;
  private final int[] serialOrder;

  public WitnessBuilder(SolverInput in, int txnCount) {
    serialOrder = in.serialOrder();
    n = in.vertexCount();
    txnOf = new int[n];
    int[] vertexOfTxn = new int[txnCount + 1];
    Arrays.fill(vertexOfTxn, -1);
    for (int v = 0; v < n; v++) {
      txnOf[v] = in.txnOf(v);
      vertexOfTxn[txnOf[v] + 1] = v;
    }
    this.vertexOfTxn = vertexOfTxn;
    for (int e = 0; e < in.edgeCount(); e++) {
      add(in.from(e), in.to(e), in.type(e));
    }
  }

  /** Adds the edges of the chosen side of each constraint of a component. */
  public void addChoices(Component c, int[] sides) {
    for (int x = 0; x < c.constraintCount(); x++) {
      for (int e = c.sideBegin(x, sides[x]); e < c.sideEnd(x, sides[x]); e++) {
        add(vertexOfTxn[c.txn(c.sideFrom(e)) + 1], vertexOfTxn[c.txn(c.sideTo(e)) + 1], c.sideType(e));
      }
    }
  }

  private void add(int a, int b, int t) {
    if (m == from.length) {
      from = Arrays.copyOf(from, m * 2);
      to = Arrays.copyOf(to, m * 2);
      type = Arrays.copyOf(type, m * 2);
    }
    from[m] = a;
    to[m] = b;
    type[m++] = (byte) t;
  }

  public Witness build(Level level) {
    boolean snapshot = level == Level.SI;
    if (serialOrder != null && !snapshot) {
      return new Witness(level, serialOrder, new int[0]);
    }
    int[] outStart = csr(from, snapshot, false);
    int[] out = fill(outStart, from, snapshot, false);
    int[] rwStart = snapshot ? csr(from, true, true) : new int[n + 1];
    int[] rwOut = snapshot ? fill(rwStart, from, true, true) : new int[0];
    int[] indegree = new int[n];
    for (int e = 0; e < m; e++) {
      if (!snapshot || type[e] != RW) {
        indegree[to[e]]++;
        for (int i = rwStart[to[e]]; i < rwStart[to[e] + 1]; i++) {
          indegree[to[rwOut[i]]]++;
        }
      }
    }
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    for (int v = 0; v < n; v++) {
      if (indegree[v] == 0) {
        queue[tail++] = v;
      }
    }
    while (head < tail) {
      int a = queue[head++];
      for (int i = outStart[a]; i < outStart[a + 1]; i++) {
        int b = to[out[i]];
        if (--indegree[b] == 0) {
          queue[tail++] = b;
        }
        for (int j = rwStart[b]; j < rwStart[b + 1]; j++) {
          int c = to[rwOut[j]];
          if (--indegree[c] == 0) {
            queue[tail++] = c;
          }
        }
      }
    }
    if (tail != n) {
      throw new IllegalStateException("the chosen graph has a cycle: " + (n - tail) + " vertices unordered");
    }
    int[] position = new int[n];
    int[] order = new int[n - 1];
    int k = 0;
    for (int i = 0; i < n; i++) {
      position[queue[i]] = txnOf[queue[i]] < 0 ? -1 : k;
      if (txnOf[queue[i]] >= 0) {
        order[k++] = txnOf[queue[i]];
      }
    }
    if (!snapshot) {
      return new Witness(level, order, new int[0]);
    }
    int[] start = new int[order.length];
    for (int e = 0; e < m; e++) {
      if (type[e] != RW && position[from[e]] >= 0) {
        int p = position[to[e]];
        start[p] = Math.max(start[p], position[from[e]] + 1);
      }
    }
    return new Witness(level, order, start);
  }

  /** CSR offsets by source over the edges that are RW ({@code rw}) or, for SI, not RW. */
  private int[] csr(int[] by, boolean snapshot, boolean rw) {
    int[] start = new int[n + 1];
    for (int e = 0; e < m; e++) {
      if (keep(e, snapshot, rw)) {
        start[by[e] + 1]++;
      }
    }
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    return start;
  }

  private int[] fill(int[] start, int[] by, boolean snapshot, boolean rw) {
    int[] list = new int[start[n]];
    int[] next = Arrays.copyOf(start, n);
    for (int e = 0; e < m; e++) {
      if (keep(e, snapshot, rw)) {
        list[next[by[e]]++] = e;
      }
    }
    return list;
  }

  private boolean keep(int e, boolean snapshot, boolean rw) {
    return rw ? type[e] == RW : !snapshot || type[e] != RW;
  }
}
