package io.isoverify.solver;

import io.isoverify.history.anomaly.EdgeType;
import java.util.Arrays;

/**
 * The theory of {@link ComponentSolver}: the graph of the edges switched on so far, kept
 * acyclic with an incremental topological order (Pearce and Kelly, "A dynamic topological
 * sort algorithm for directed acyclic graphs", JEA 2006; the order veristrong section 6.2
 * also uses for polarity).
 *
 * <p>What is kept acyclic is the <em>induced</em> graph. For SER and SSER it is the graph
 * itself. For SI it is (D ; RW?) with D = every type but RW (polysi section 4, Theorem 6):
 * switching on a dependency a->b adds a->b and a->c for every RW b->c already on;
 * switching on an RW b->c adds a->c for every dependency a->b already on. A cycle of the
 * induced graph is exactly a cycle of the typed graph without two consecutive RW edges.
 * Each induced edge remembers the one or two base edges it comes from, so a cycle expands
 * back into typed base edges and its conflict clause names their literals.
 *
 * <p>Edges are removed in the reverse order of their addition (the solver backjumps), so
 * per-vertex adjacency lists are stacks and removal is O(1); removing edges keeps the order
 * topological. Adding an edge u->v with ord[u] > ord[v] costs O(size of the affected
 * region), the Pearce-Kelly bound.
 */
final class AcyclicityTheory {
  private static final int RW = EdgeType.RW.ordinal();

  private final BaseEdges base;
  private final boolean snapshot;
  private final int n;
  /** ord is a permutation of 0..n-1; every induced edge u->v has ord[u] < ord[v]. */
  private final int[] ord;
  private final boolean[] baseOn;
  // base edges switched on, in order; baseMark[i] = induced edge count before the i-th
  private int[] baseStack = new int[64];
  private int[] baseMark = new int[64];
  private int baseTop;
  // induced edges: from, to, the base edges they come from (second = -1 when one)
  private int[] ieFrom;
  private int[] ieTo;
  private int[] ieB1;
  private int[] ieB2;
  private int ieCount;
  private final int[][] out;
  private final int[] outCount;
  private final int[][] in;
  private final int[] inCount;
  // search scratch
  private final int[] seen;
  private int stamp;
  private final int[] parentEdge;
  private final int[] stackV;
  private final int[] stackI;
  private int[] forward = new int[16];
  private int[] backward = new int[16];

  AcyclicityTheory(BaseEdges base, boolean snapshot) {
    this.base = base;
    this.snapshot = snapshot;
    this.n = base.component().vertexCount();
    ord = new int[n];
    baseOn = new boolean[base.count()];
    out = new int[n][];
    in = new int[n][];
    outCount = new int[n];
    inCount = new int[n];
    sizeAdjacency();
    seedOrder();
    seen = new int[n];
    parentEdge = new int[n];
    stackV = new int[n];
    stackI = new int[n];
  }

  /**
   * Allocates each vertex's adjacency for the induced edges of the known edges (plus room
   * for a few more), so that switching the known edges on does not regrow the arrays.
   */
  private void sizeAdjacency() {
    int[] outDegree = new int[n];
    int[] inDegree = new int[n];
    for (int b = 0; b < base.knownCount(); b++) {
      int from = base.from(b);
      int to = base.to(b);
      if (!snapshot) {
        outDegree[from]++;
        inDegree[to]++;
      } else if (base.type(b) != RW) {
        outDegree[from]++;
        inDegree[to]++;
        for (int i = base.rwOutStart[to]; i < base.rwOutStart[to + 1]; i++) {
          if (base.rwOut[i] < base.knownCount()) {
            outDegree[from]++;
            inDegree[base.to(base.rwOut[i])]++;
          }
        }
      }
    }
    int total = 64;
    for (int v = 0; v < n; v++) {
      out[v] = new int[outDegree[v] + 4];
      in[v] = new int[inDegree[v] + 4];
      total += outDegree[v];
    }
    ieFrom = new int[total];
    ieTo = new int[total];
    ieB1 = new int[total];
    ieB2 = new int[total];
  }

  /**
   * Starts from a topological order of the known edges (Kahn, O(V + E)), so that adding
   * them costs no reordering; vertices on a known cycle (possible for SI, where a cycle of
   * RW edges alone is allowed) go last, in id order, and Pearce-Kelly sorts them out.
   */
  private void seedOrder() {
    int known = base.knownCount();
    int[] indegree = new int[n];
    int[] start = new int[n + 1];
    for (int b = 0; b < known; b++) {
      indegree[base.to(b)]++;
      start[base.from(b) + 1]++;
    }
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    int[] succ = new int[known];
    int[] fill = Arrays.copyOf(start, n);
    for (int b = 0; b < known; b++) {
      succ[fill[base.from(b)]++] = base.to(b);
    }
    int[] queue = new int[n];
    int tail = 0;
    for (int v = 0; v < n; v++) {
      if (indegree[v] == 0) {
        queue[tail++] = v;
      }
    }
    for (int head = 0; head < tail; head++) {
      int v = queue[head];
      for (int i = start[v]; i < start[v + 1]; i++) {
        if (--indegree[succ[i]] == 0) {
          queue[tail++] = succ[i];
        }
      }
    }
    Arrays.fill(ord, -1);
    for (int i = 0; i < tail; i++) {
      ord[queue[i]] = i;
    }
    for (int v = 0; v < n; v++) {
      if (ord[v] < 0) {
        ord[v] = tail++;
      }
    }
  }

  /** The position of a vertex in the current topological order. */
  int ord(int v) {
    return ord[v];
  }

  /** How many base edges are on; the argument {@link #undo} takes. */
  int mark() {
    return baseTop;
  }

  boolean isOn(int b) {
    return baseOn[b];
  }

  /**
   * Switches base edge b on. Returns null when the induced graph stays acyclic, else the
   * base edges of one cycle, in cycle order; the state is then partial and the caller
   * undoes it.
   */
  int[] add(int b) {
    push(b);
    baseOn[b] = true;
    int from = base.from(b);
    int to = base.to(b);
    if (!snapshot) {
      return addInduced(from, to, b, -1);
    }
    if (base.type(b) == RW) {
      for (int i = base.dInStart[from]; i < base.dInStart[from + 1]; i++) {
        int d = base.dIn[i];
        if (baseOn[d]) {
          int[] cycle = addInduced(base.from(d), to, d, b);
          if (cycle != null) {
            return cycle;
          }
        }
      }
      return null;
    }
    int[] cycle = addInduced(from, to, b, -1);
    for (int i = base.rwOutStart[to]; cycle == null && i < base.rwOutStart[to + 1]; i++) {
      int r = base.rwOut[i];
      if (baseOn[r]) {
        cycle = addInduced(from, base.to(r), b, r);
      }
    }
    return cycle;
  }

  /** Switches off every base edge switched on after {@code mark}, newest first. */
  void undo(int mark) {
    while (baseTop > mark) {
      baseTop--;
      baseOn[baseStack[baseTop]] = false;
      int keep = baseMark[baseTop];
      while (ieCount > keep) {
        ieCount--;
        outCount[ieFrom[ieCount]]--;
        inCount[ieTo[ieCount]]--;
      }
    }
  }

  private void push(int b) {
    if (baseTop == baseStack.length) {
      baseStack = Arrays.copyOf(baseStack, baseTop * 2);
      baseMark = Arrays.copyOf(baseMark, baseTop * 2);
    }
    baseStack[baseTop] = b;
    baseMark[baseTop] = ieCount;
    baseTop++;
  }

  private int[] addInduced(int x, int y, int b1, int b2) {
    if (x == y) {
      return expand(new int[0], b1, b2);
    }
    if (ord[x] > ord[y]) {
      int[] cycle = reorder(x, y, b1, b2);
      if (cycle != null) {
        return cycle;
      }
    }
    store(x, y, b1, b2);
    return null;
  }

  private void store(int x, int y, int b1, int b2) {
    if (ieCount == ieFrom.length) {
      int m = ieCount * 2;
      ieFrom = Arrays.copyOf(ieFrom, m);
      ieTo = Arrays.copyOf(ieTo, m);
      ieB1 = Arrays.copyOf(ieB1, m);
      ieB2 = Arrays.copyOf(ieB2, m);
    }
    int e = ieCount++;
    ieFrom[e] = x;
    ieTo[e] = y;
    ieB1[e] = b1;
    ieB2[e] = b2;
    if (outCount[x] == out[x].length) {
      out[x] = Arrays.copyOf(out[x], outCount[x] * 2);
    }
    out[x][outCount[x]++] = e;
    if (inCount[y] == in[y].length) {
      in[y] = Arrays.copyOf(in[y], inCount[y] * 2);
    }
    in[y][inCount[y]++] = e;
  }

  /**
   * Pearce-Kelly for a new edge x->y with ord[x] > ord[y]: the forward search from y within
   * ord <= ord[x] either reaches x (a cycle, returned) or, with the backward search from x
   * within ord >= ord[y], gives the two regions whose order positions are swapped.
   */
  private int[] reorder(int x, int y, int b1, int b2) {
    int ub = ord[x];
    int lb = ord[y];
    stamp++;
    int nf = 0;
    int sp = 0;
    seen[y] = stamp;
    parentEdge[y] = -1;
    stackV[sp] = y;
    stackI[sp++] = 0;
    forward = grow(forward, nf);
    forward[nf++] = y;
    while (sp > 0) {
      int v = stackV[sp - 1];
      if (stackI[sp - 1] == outCount[v]) {
        sp--;
        continue;
      }
      int e = out[v][stackI[sp - 1]++];
      int w = ieTo[e];
      if (w == x) {
        parentEdge[x] = e;
        return cycleThrough(x, y, b1, b2);
      }
      if (seen[w] != stamp && ord[w] < ub) {
        seen[w] = stamp;
        parentEdge[w] = e;
        forward = grow(forward, nf);
        forward[nf++] = w;
        stackV[sp] = w;
        stackI[sp++] = 0;
      }
    }
    int nb = 0;
    seen[x] = stamp;
    stackV[sp] = x;
    stackI[sp++] = 0;
    backward = grow(backward, nb);
    backward[nb++] = x;
    while (sp > 0) {
      int v = stackV[sp - 1];
      if (stackI[sp - 1] == inCount[v]) {
        sp--;
        continue;
      }
      int w = ieFrom[in[v][stackI[sp - 1]++]];
      if (seen[w] != stamp && ord[w] > lb) {
        seen[w] = stamp;
        backward = grow(backward, nb);
        backward[nb++] = w;
        stackV[sp] = w;
        stackI[sp++] = 0;
      }
    }
    sortByOrd(forward, nf);
    sortByOrd(backward, nb);
    int[] pool = new int[nf + nb];
    for (int i = 0; i < nb; i++) {
      pool[i] = ord[backward[i]];
    }
    for (int i = 0; i < nf; i++) {
      pool[nb + i] = ord[forward[i]];
    }
    Arrays.sort(pool);
    for (int i = 0; i < nb; i++) {
      ord[backward[i]] = pool[i];
    }
    for (int i = 0; i < nf; i++) {
      ord[forward[i]] = pool[nb + i];
    }
    return null;
  }

  private int[] cycleThrough(int x, int y, int b1, int b2) {
    int len = 0;
    for (int v = x; v != y; v = ieFrom[parentEdge[v]]) {
      len++;
    }
    int[] path = new int[len];
    for (int v = x; v != y; v = ieFrom[parentEdge[v]]) {
      path[--len] = parentEdge[v];
    }
    return expand(path, b1, b2);
  }

  /** The base edges of induced path {@code path} (y ~> x) followed by the new edge x->y. */
  private int[] expand(int[] path, int b1, int b2) {
    int[] edges = new int[2 * path.length + 2];
    int k = 0;
    for (int e : path) {
      edges[k++] = ieB1[e];
      if (ieB2[e] >= 0) {
        edges[k++] = ieB2[e];
      }
    }
    edges[k++] = b1;
    if (b2 >= 0) {
      edges[k++] = b2;
    }
    return Arrays.copyOf(edges, k);
  }

  private void sortByOrd(int[] vs, int count) {
    long[] keyed = new long[count];
    for (int i = 0; i < count; i++) {
      keyed[i] = ((long) ord[vs[i]] << 32) | vs[i];
    }
    Arrays.sort(keyed);
    for (int i = 0; i < count; i++) {
      vs[i] = (int) keyed[i];
    }
  }

  private static int[] grow(int[] a, int size) {
    return size < a.length ? a : Arrays.copyOf(a, a.length * 2);
  }
}
