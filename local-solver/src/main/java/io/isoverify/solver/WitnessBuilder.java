package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.ComponentReads;
import io.isoverify.graph.CountingParts;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.graph.EdgeList;
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
 * The input's edges are read where they lie, not copied (at 10^7 transactions they are
 * gigabytes); only the components' chosen sides and the reads' edges are stored here, in
 * arrays sized once. Kahn's queue is FIFO seeded in vertex order, so the witness is deterministic. When the
 * input already holds a serial order ({@link SolverInput#serialOrder}: the linearization of
 * lightweight transactions, or the topological order of a fixed-order check), that order is
 * the SER or SSER witness, and the SI commit order when the input gives one at SI.
 */
public final class WitnessBuilder {
  private static final int RW = EdgeType.RW.ordinal();

  private final SolverInput in;
  private final int n;
  /** The input's edges are 0 .. base-1; edge base + i is extra's edge i. */
  private final int base;
  private final int[] txnOf;
  /** vertexOfTxn[t + 1] = the vertex of transaction t (index 0: the initial one). */
  private final int[] vertexOfTxn;
  /** The components' chosen edges, then each multi-candidate read's WR and RW edges. */
  private final EdgeList extra;
  private final int[] serialOrder;
  /** The reads with several candidates: reader vertex, writer vertex, key. */
  private final List<int[]> reads = new ArrayList<>();
  /** The fewest edges a part of {@link #adjacency} and {@link #snapshotOf} gets, and the most. */
  private int edgesPerPart = CountingParts.ITEMS_PER_PART;
  private int maxParts = Math.min(CountingParts.MAX_PARTS,
      Runtime.getRuntime().availableProcessors());

  /**
   * The input's fixed edges plus, for each component (in order) the edges of its solution
   * (results.get(i) solves components.get(i)): the chosen side of each version-order
   * constraint, the chosen writer's edges of each read (whose RW edges {@link #build}
   * completes).
   */
  public WitnessBuilder(SolverInput in, int txnCount, List<Component> components,
      List<SolveResult> results) {
    this.in = in;
    serialOrder = in.serialOrder();
    n = in.vertexCount();
    base = in.edgeCount();
    txnOf = new int[n];
    int[] vertexOfTxn = new int[txnCount + 1];
    Arrays.fill(vertexOfTxn, -1);
    for (int v = 0; v < n; v++) {
      txnOf[v] = in.txnOf(v);
      vertexOfTxn[txnOf[v] + 1] = v;
    }
    this.vertexOfTxn = vertexOfTxn;
    long chosen = 0;
    for (int i = 0; i < components.size(); i++) {
      chosen += chosenEdges(components.get(i), results.get(i));
    }
    extra = new EdgeList((int) Math.min(Integer.MAX_VALUE - 8, chosen + 16));
    for (int i = 0; i < in.fixedReadCount(); i++) {
      reads.add(new int[] {in.fixedReader(i), in.fixedWriter(i), in.fixedKey(i)});
    }
    for (int i = 0; i < components.size(); i++) {
      addChoices(components.get(i), results.get(i));
    }
  }

  private static long chosenEdges(Component c, SolveResult r) {
    int[] sides = r.sides();
    long edges = 0;
    for (int x = 0; x < c.constraintCount(); x++) {
      edges += c.sideEnd(x, sides[x]) - c.sideBegin(x, sides[x]);
    }
    ComponentReads rs = c.reads();
    for (int j = 0; j < rs.count(); j++) {
      int i = rs.candidateBegin(j) + r.writers()[j];
      edges += rs.edgeEnd(i) - rs.edgeBegin(i);
    }
    return edges;
  }

  private void addChoices(Component c, SolveResult r) {
    int[] sides = r.sides();
    for (int x = 0; x < c.constraintCount(); x++) {
      for (int e = c.sideBegin(x, sides[x]); e < c.sideEnd(x, sides[x]); e++) {
        extra.add(vertex(c, c.sideFrom(e)), vertex(c, c.sideTo(e)), c.sideType(e), c.sideKey(e));
      }
    }
    ComponentReads rs = c.reads();
    for (int j = 0; j < rs.count(); j++) {
      int i = rs.candidateBegin(j) + r.writers()[j];
      for (int e = rs.edgeBegin(i); e < rs.edgeEnd(i); e++) {
        extra.add(vertex(c, rs.edgeFrom(e)), vertex(c, rs.edgeTo(e)), rs.edgeType(e),
            rs.edgeKey(e));
      }
      reads.add(new int[] {vertex(c, rs.readerVertex(j)), vertexOfTxn[rs.writerTxn(i) + 1],
          rs.key(j)});
    }
  }

  private int vertex(Component c, int local) {
    return vertexOfTxn[c.txn(local) + 1];
  }

  private int edges() {
    return base + extra.size();
  }

  private int from(int e) {
    return e < base ? in.from(e) : extra.from(e - base);
  }

  private int to(int e) {
    return e < base ? in.to(e) : extra.to(e - base);
  }

  private int type(int e) {
    return e < base ? in.type(e) : extra.type(e - base);
  }

  private int key(int e) {
    return e < base ? in.key(e) : extra.key(e - base);
  }

  /**
   * Each read's WR edge and its RW edges to the versions written directly after its writer's.
   * The WW edges are grouped by writer and, within a writer, sorted by (key, edge id), so a
   * read finds its key's edges by a binary search: O(E log E + reads x (log d + matches)),
   * d the writer's WW out-degree. (A scan of the writer's edges cost reads x d: the initial
   * state writes every key, and a predicate history with inserts has millions of reads of
   * it: about 330 s at 20,000 transactions.) The RW edges come in the order the scan gave.
   */
  private void deriveReads() {
    if (reads.isEmpty()) {
      return;
    }
    int ww = EdgeType.WW.ordinal();
    int m = edges();
    int[] start = new int[n + 1];
    for (int e = 0; e < m; e++) {
      if (type(e) == ww) {
        start[from(e) + 1]++;
      }
    }
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    // (key << 32 | edge) per WW edge, grouped by writer, each group sorted
    long[] out = new long[start[n]];
    int[] fill = Arrays.copyOf(start, n);
    for (int e = 0; e < m; e++) {
      if (type(e) == ww) {
        out[fill[from(e)]++] = ((long) key(e) << 32) | e;
      }
    }
    for (int v = 0; v < n; v++) {
      if (start[v + 1] - start[v] > 1) {
        Arrays.sort(out, start[v], start[v + 1]);
      }
    }
    for (int[] r : reads) {
      extra.add(r[1], r[0], EdgeType.WR.ordinal(), r[2]);
      long first = (long) r[2] << 32;
      int i = Arrays.binarySearch(out, start[r[1]], start[r[1] + 1], first);
      for (i = i < 0 ? -i - 1 : i; i < start[r[1] + 1] && (out[i] >>> 32) == r[2]; i++) {
        int e = (int) out[i];
        if (to(e) != r[0]) {
          extra.add(r[0], to(e), RW, r[2]);
        }
      }
    }
  }

  /**
   * {@link #build} with parts of at least {@code edges} edges, as many as {@link
   * CountingParts#MAX_PARTS} whatever the processors (tests: several parts on small inputs).
   */
  Witness build(Level level, int edges) {
    edgesPerPart = edges;
    maxParts = CountingParts.MAX_PARTS;
    return build(level);
  }

  private int parts(int m) {
    return CountingParts.parts(m, edgesPerPart, maxParts);
  }

  public Witness build(Level level) {
    deriveReads();
    boolean snapshot = level == Level.SI;
    if (serialOrder != null) {
      return snapshot ? snapshotOf(level, serialOrder) : new Witness(level, serialOrder, new int[0]);
    }
    int[][] adjacency = adjacency(snapshot);
    int[] outStart = adjacency[0];
    int[] out = adjacency[1];
    int[] rwStart = adjacency[2];
    int[] rwOut = adjacency[3];
    int[] queue = kahn(snapshot, outStart, out, rwStart, rwOut);
    int[] position = new int[n];
    int[] order = new int[n - 1];
    int k = 0;
    for (int v : queue) {
      if (v >= n) {
        continue;
      }
      position[v] = txnOf[v] < 0 ? -1 : k;
      if (txnOf[v] >= 0) {
        order[k++] = txnOf[v];
      }
    }
    if (!snapshot) {
      return withReads(level, order, new int[0]);
    }
    int[] start = new int[order.length];
    for (int a = 0; a < n; a++) {
      if (position[a] < 0) {
        continue;
      }
      for (int i = outStart[a]; i < outStart[a + 1]; i++) {
        int p = position[out[i]];
        start[p] = Math.max(start[p], position[a] + 1);
      }
    }
    return withReads(level, order, start);
  }

  /**
   * The edges by source vertex (CSR: start, targets): the D edges (every edge for SER and
   * SSER), and for SI the RW edges apart ({@code {outStart, out, rwStart, rwOut}}; rwStart
   * all zero for SER and SSER). A counting sort whose two passes over the edges run in parts
   * on parallel threads ({@link CountingParts}): a vertex's targets come in edge order, as
   * one pass gives them. O(V x parts + E).
   * Low-abort 1M SI: the passes were 2 s of one thread, while the other core waited.
   */
  private int[][] adjacency(boolean snapshot) {
    int m = edges();
    int parts = parts(m);
    int[][] dPlace = new int[parts][];
    int[][] rwPlace = new int[parts][];
    CountingParts.run(parts, p -> {
      int[] d = new int[n];
      int[] rw = snapshot ? new int[n] : null;
      int hi = CountingParts.begin(m, parts, p + 1);
      for (int e = CountingParts.begin(m, parts, p); e < hi; e++) {
        if (snapshot && type(e) == RW) {
          rw[from(e)]++;
        } else {
          d[from(e)]++;
        }
      }
      dPlace[p] = d;
      rwPlace[p] = rw;
    });
    int[] outStart = CountingParts.places(dPlace, n);
    int[] rwStart = snapshot ? CountingParts.places(rwPlace, n) : new int[n + 1];
    int[] out = new int[outStart[n]];
    int[] rwOut = new int[rwStart[n]];
    CountingParts.run(parts, p -> {
      int[] d = dPlace[p];
      int[] rw = rwPlace[p];
      int hi = CountingParts.begin(m, parts, p + 1);
      for (int e = CountingParts.begin(m, parts, p); e < hi; e++) {
        if (snapshot && type(e) == RW) {
          rwOut[rw[from(e)]++] = to(e);
        } else {
          out[d[from(e)]++] = to(e);
        }
      }
    });
    return new int[][] {outStart, out, rwStart, rwOut};
  }

  /**
   * The SI witness of an input whose serial order is a topological order of all its edges
   * (graph-partitioning's fixed-order check, where the plain graph is acyclic): so of the
   * induced graph too, and the commit order; each transaction starts right after the last
   * commit of its D-predecessors, as {@link #build} sets them. O(V + E), no Kahn; the edges in
   * parts on parallel threads, each part's start points its own, merged by their maximum.
   */
  private Witness snapshotOf(Level level, int[] order) {
    int[] position = new int[n];
    Arrays.fill(position, -1);
    for (int k = 0; k < order.length; k++) {
      position[vertexOfTxn[order[k] + 1]] = k;
    }
    int m = edges();
    int parts = parts(m);
    int[][] start = new int[parts][];
    CountingParts.run(parts, p -> {
      int[] s = new int[order.length];
      int hi = CountingParts.begin(m, parts, p + 1);
      for (int e = CountingParts.begin(m, parts, p); e < hi; e++) {
        if (type(e) != RW) {
          int a = position[from(e)];
          int b = position[to(e)];
          if (a >= 0 && b >= 0) {
            s[b] = Math.max(s[b], a + 1);
          }
        }
      }
      start[p] = s;
    });
    for (int p = 1; p < parts; p++) {
      int[] s = start[p];
      for (int i = 0; i < order.length; i++) {
        start[0][i] = Math.max(start[0][i], s[i]);
      }
    }
    return withReads(level, order, start[0]);
  }


  /** The witness of {@code order} and {@code start}, stating the reads' chosen writers. */
  private Witness withReads(Level level, int[] order, int[] start) {
    int[] readers = new int[reads.size()];
    int[] keys = new int[reads.size()];
    int[] writers = new int[reads.size()];
    for (int i = 0; i < readers.length; i++) {
      readers[i] = txnOf[reads.get(i)[0]];
      writers[i] = txnOf[reads.get(i)[1]];
      keys[i] = reads.get(i)[2];
    }
    return new Witness(level, order, start, readers, keys, writers);
  }

  /**
   * Kahn over the graph, or for SI over its split graph (polysi section 4's induced graph
   * made linear): besides vertex b, a node n + b stands for "after b by an RW edge": each D
   * edge a -> b also enters it (when b has RW edges out), and it enters each c with b -RW-> c,
   * so its paths a -> n + b -> c are the induced edges (D ; RW), and an order of the split
   * graph restricted to the vertices is one of the induced graph. O(V + E). Returns the nodes
   * in order.
   */
  private int[] kahn(boolean snapshot, int[] outStart, int[] out, int[] rwStart, int[] rwOut) {
    int nodes = snapshot ? 2 * n : n;
    int[] indegree = new int[nodes];
    for (int a = 0; a < n; a++) {
      for (int i = outStart[a]; i < outStart[a + 1]; i++) {
        int b = out[i];
        indegree[b]++;
        if (rwStart[b] < rwStart[b + 1]) {
          indegree[n + b]++;
        }
      }
      for (int i = rwStart[a]; i < rwStart[a + 1]; i++) {
        indegree[rwOut[i]]++; // from n + a
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
          if (--indegree[rwOut[j]] == 0) {
            queue[tail++] = rwOut[j];
          }
        }
        continue;
      }
      for (int i = outStart[a]; i < outStart[a + 1]; i++) {
        int b = out[i];
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
    return queue;
  }
}
