package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.ComponentReads;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Assembles the {@link Witness} of a history that holds: the fixed edges of the
 * {@link SolverInput} plus the chosen sides of every component form one graph G (global
 * vertex ids, CSR arrays).
 *
 * <ul>
 *   <li>SER, SSER: the order is a topological order of G (Kahn, O(V + E)).
 *   <li>SI (polysi section 4): the commit order is a topological order of the induced graph
 *       (D ; RW?), walked without materializing it, on its split graph (a node per vertex
 *       for "after it by an RW edge", so O(V + E)); each transaction starts right after the last commit of its
 *       D-predecessors in G. That start point sees every D-predecessor, and it misses
 *       every S with T -RW-> S, because each D-predecessor A of T has the induced edge
 *       A -> S and so commits before S.
 * </ul>
 * Reads with several candidate writers (veristrong's WR constraints) get the writer pruning,
 * the P-SCC step or their component's solution chose; their RW edges follow from it and
 * the version order the witness's graph holds: R -RW-> U for every W -WW-> U on their key
 * (veristrong Appendix D, Algorithm 8), derived here over the whole graph, since the
 * version order of a read's key may have been chosen in another component. The witness
 * states these writers.
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
  private int[] from;
  private int[] to;
  private byte[] type;
  private int[] key;
  private int m;
  private final int[] serialOrder;
  /** The reads with several candidates: reader vertex, writer vertex, key. */
  private final List<int[]> reads = new ArrayList<>();

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
    // the known edges, and room for the components' choices before the arrays grow
    int capacity = Math.max(16, in.edgeCount() + in.edgeCount() / 8);
    from = new int[capacity];
    to = new int[capacity];
    type = new byte[capacity];
    key = new int[capacity];
    for (int e = 0; e < in.edgeCount(); e++) {
      add(in.from(e), in.to(e), in.type(e), in.key(e));
    }
    for (int i = 0; i < in.fixedReadCount(); i++) {
      reads.add(new int[] {in.fixedReader(i), in.fixedWriter(i), in.fixedKey(i)});
    }
  }

  /**
   * Adds the edges of a component's solution: the chosen side of each version-order
   * constraint, the chosen writer's edges of each read (whose RW edges {@link #build}
   * completes).
   */
  public void addChoices(Component c, SolveResult r) {
    int[] sides = r.sides();
    for (int x = 0; x < c.constraintCount(); x++) {
      for (int e = c.sideBegin(x, sides[x]); e < c.sideEnd(x, sides[x]); e++) {
        add(vertex(c, c.sideFrom(e)), vertex(c, c.sideTo(e)), c.sideType(e), c.sideKey(e));
      }
    }
    ComponentReads rs = c.reads();
    for (int j = 0; j < rs.count(); j++) {
      int i = rs.candidateBegin(j) + r.writers()[j];
      for (int e = rs.edgeBegin(i); e < rs.edgeEnd(i); e++) {
        add(vertex(c, rs.edgeFrom(e)), vertex(c, rs.edgeTo(e)), rs.edgeType(e), rs.edgeKey(e));
      }
      reads.add(new int[] {vertex(c, rs.readerVertex(j)), vertexOfTxn[rs.writerTxn(i) + 1],
          rs.key(j)});
    }
  }

  private int vertex(Component c, int local) {
    return vertexOfTxn[c.txn(local) + 1];
  }

  private void add(int a, int b, int t, int k) {
    if (m == from.length) {
      from = Arrays.copyOf(from, m * 2);
      to = Arrays.copyOf(to, m * 2);
      type = Arrays.copyOf(type, m * 2);
      key = Arrays.copyOf(key, m * 2);
    }
    from[m] = a;
    to[m] = b;
    key[m] = k;
    type[m++] = (byte) t;
  }

  /** Each read's WR edge and its RW edges to the versions written directly after its writer's. */
  private void deriveReads() {
    if (reads.isEmpty()) {
      return;
    }
    int ww = EdgeType.WW.ordinal();
    int[] start = new int[n + 1];
    for (int e = 0; e < m; e++) {
      if (type[e] == ww) {
        start[from[e] + 1]++;
      }
    }
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    int[] out = new int[start[n]];
    int[] fill = Arrays.copyOf(start, n);
    for (int e = 0; e < m; e++) {
      if (type[e] == ww) {
        out[fill[from[e]]++] = e;
      }
    }
    for (int[] r : reads) {
      add(r[1], r[0], EdgeType.WR.ordinal(), r[2]);
      for (int i = start[r[1]]; i < start[r[1] + 1]; i++) {
        int e = out[i];
        if (key[e] == r[2] && to[e] != r[0]) {
          add(r[0], to[e], RW, r[2]);
        }
      }
    }
  }

  public Witness build(Level level) {
    deriveReads();
    boolean snapshot = level == Level.SI;
    if (serialOrder != null && !snapshot) {
      return new Witness(level, serialOrder, new int[0]);
    }
    int[] outStart = csr(from, snapshot, false);
    int[] out = fill(outStart, from, snapshot, false);
    int[] rwStart = snapshot ? csr(from, true, true) : new int[n + 1];
    int[] rwOut = snapshot ? fill(rwStart, from, true, true) : new int[0];
    // Kahn over the split graph (polysi section 4's induced graph made linear): besides
    // vertex b, a node n + b stands for "after b by an RW edge": each D edge a -> b also
    // enters it (when b has RW edges out), and it enters each c with b -RW-> c, so its
    // paths a -> n + b -> c are the induced edges (D ; RW), and an order of the split
    // graph restricted to the vertices is one of the induced graph. O(V + E).
    int nodes = snapshot ? 2 * n : n;
    int[] indegree = new int[nodes];
    for (int e = 0; e < m; e++) {
      if (!snapshot || type[e] != RW) {
        indegree[to[e]]++;
        if (rwStart[to[e]] < rwStart[to[e] + 1]) {
          indegree[n + to[e]]++;
        }
      } else {
        indegree[to[e]]++; // from n + from[e]
      }
    }
    int[] queue = new int[nodes];
    int head = 0;
    int tail = 0;
    for (int v = 0; v < nodes; v++) {
      if (indegree[v] == 0) {
        queue[tail++] = v;
      }
    }
    while (head < tail) {
      int a = queue[head++];
      if (a >= n) {
        for (int j = rwStart[a - n]; j < rwStart[a - n + 1]; j++) {
          int c = to[rwOut[j]];
          if (--indegree[c] == 0) {
            queue[tail++] = c;
          }
        }
        continue;
      }
      for (int i = outStart[a]; i < outStart[a + 1]; i++) {
        int b = to[out[i]];
        if (--indegree[b] == 0) {
          queue[tail++] = b;
        }
        if (rwStart[b] < rwStart[b + 1] && --indegree[n + b] == 0) {
          queue[tail++] = n + b;
        }
      }
    }
    if (tail != nodes) {
      throw new IllegalStateException("the chosen graph has a cycle: " + (nodes - tail)
          + " vertices unordered");
    }
    int[] position = new int[n];
    int[] order = new int[n - 1];
    int k = 0;
    for (int i = 0; i < nodes; i++) {
      int v = queue[i];
      if (v >= n) {
        continue;
      }
      position[v] = txnOf[v] < 0 ? -1 : k;
      if (txnOf[v] >= 0) {
        order[k++] = txnOf[v];
      }
    }
    int[] readers = new int[reads.size()];
    int[] keys = new int[reads.size()];
    int[] writers = new int[reads.size()];
    for (int i = 0; i < readers.length; i++) {
      readers[i] = txnOf[reads.get(i)[0]];
      writers[i] = txnOf[reads.get(i)[1]];
      keys[i] = reads.get(i)[2];
    }
    if (!snapshot) {
      return new Witness(level, order, new int[0], readers, keys, writers);
    }
    int[] start = new int[order.length];
    for (int e = 0; e < m; e++) {
      if (type[e] != RW && position[from[e]] >= 0) {
        int p = position[to[e]];
        start[p] = Math.max(start[p], position[from[e]] + 1);
      }
    }
    return new Witness(level, order, start, readers, keys, writers);
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
