package io.isoverify.solver;

import java.util.Arrays;

/**
 * The theory of {@link ComponentSolver}: the graph of the edges switched on so far, kept
 * acyclic with an incremental topological order (Pearce and Kelly, "A dynamic topological
 * sort algorithm for directed acyclic graphs", JEA 2006; the order veristrong section 6.2
 * also uses for polarity).
 *
 * <p>What is kept acyclic is the <em>split</em> graph. For SER and SSER it is the graph
 * itself. For SI a cycle is forbidden only when it has no two consecutive RW edges (polysi
 * section 4, Theorem 6), so each transaction v has two nodes: v, reached by a dependency
 * (every type but RW), and v' = v + n, reached by an RW edge. A dependency a->b becomes
 * a->b and a'->b; an RW edge b->c becomes b->c' only, so no path takes two RW edges in a
 * row, and a cycle of the split graph is exactly a cycle of the typed graph without two
 * consecutive RW edges (the same construction as graph-partitioning's CycleGraph). The
 * split graph has at most twice the nodes and edges of the typed one, where composing
 * dependencies with RW edges (D ; RW) could multiply them. Each node edge remembers its
 * base edge, so a cycle maps back to typed base edges and its conflict clause names their
 * literals.
 *
 * <p>Edges are removed in the reverse order of their addition (the solver backjumps), so
 * per-node adjacency lists are stacks and removal is O(1); removing edges keeps the order
 * topological. Adding an edge u->v with ord[u] > ord[v] costs O(size of the affected
 * region), the Pearce-Kelly bound.
 */
final class AcyclicityTheory {

  private final BaseEdges base;
  /** Transactions of the component; nodes are 0..n-1, plus n..2n-1 for SI. */
  private final int n;
  private final int nodes;
  private final KnownArcs arcs;
  /** ord is a permutation of the nodes; every node edge u->v has ord[u] < ord[v]. */
  private final int[] ord;
  private final boolean[] baseOn;
  // base edges switched on, in order; baseMark[i] = node edge count before the i-th
  private int[] baseStack = new int[64];
  private int[] baseMark = new int[64];
  private int baseTop;
  // node edges: from, to, the base edge they come from
  private int[] ieFrom;
  private int[] ieTo;
  private int[] ieBase;
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
    this.n = base.component().vertexCount();
    this.nodes = snapshot ? 2 * n : n;
    this.arcs = new KnownArcs(base, snapshot);
    ord = new int[nodes];
    baseOn = new boolean[base.count()];
    out = new int[nodes][];
    in = new int[nodes][];
    outCount = new int[nodes];
    inCount = new int[nodes];
    sizeAdjacency();
    seedOrder();
    seen = new int[nodes];
    parentEdge = new int[nodes];
    stackV = new int[nodes];
    stackI = new int[nodes];
  }

  private int arity(int b) {
    return arcs.arity(b);
  }

  private int nodeFrom(int b, int i) {
    return arcs.from(b, i);
  }

  private int nodeTo(int b) {
    return arcs.to(b);
  }

  /**
   * Allocates each node's adjacency for the node edges of the known edges (plus room for a
   * few more), so that switching the known edges on does not regrow the arrays.
   */
  private void sizeAdjacency() {
    int[] outDegree = new int[nodes];
    int[] inDegree = new int[nodes];
    int total = 64;
    for (int b = 0; b < base.knownCount(); b++) {
      for (int i = 0; i < arity(b); i++) {
        outDegree[nodeFrom(b, i)]++;
        inDegree[nodeTo(b)]++;
        total++;
      }
    }
    for (int v = 0; v < nodes; v++) {
      out[v] = new int[outDegree[v] + 4];
      in[v] = new int[inDegree[v] + 4];
    }
    ieFrom = new int[total];
    ieTo = new int[total];
    ieBase = new int[total];
  }

  /**
   * Starts from {@link KnownArcs#seedPositions()}, a topological order of the known edges
   * where each SI v' sits just before its v, so that adding them costs no reordering and the
   * RW edges decisions add later point forward as often as the dependencies do;
   * Pearce-Kelly finds or resolves a known cycle when the known edges are added.
   */
  private void seedOrder() {
    System.arraycopy(arcs.seedPositions(), 0, ord, 0, nodes);
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
   * Switches base edge b on. Returns null when the split graph stays acyclic, else the
   * base edges of one cycle, in cycle order; the state is then partial and the caller
   * undoes it.
   */
  int[] add(int b) {
    push(b);
    baseOn[b] = true;
    int[] cycle = null;
    for (int i = 0; i < arity(b) && cycle == null; i++) {
      cycle = addNodeEdge(nodeFrom(b, i), nodeTo(b), b);
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

  private int[] addNodeEdge(int x, int y, int b) {
    if (ord[x] > ord[y]) {
      int[] cycle = reorder(x, y, b);
      if (cycle != null) {
        return cycle;
      }
    }
    store(x, y, b);
    return null;
  }

  private void store(int x, int y, int b) {
    if (ieCount == ieFrom.length) {
      int m = ieCount * 2;
      ieFrom = Arrays.copyOf(ieFrom, m);
      ieTo = Arrays.copyOf(ieTo, m);
      ieBase = Arrays.copyOf(ieBase, m);
    }
    int e = ieCount++;
    ieFrom[e] = x;
    ieTo[e] = y;
    ieBase[e] = b;
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
  private int[] reorder(int x, int y, int b) {
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
        return cycleThrough(x, y, b);
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

  /** The base edges of the node path y ~> x (parentEdge links) and then of x->y. */
  private int[] cycleThrough(int x, int y, int b) {
    int len = 0;
    for (int v = x; v != y; v = ieFrom[parentEdge[v]]) {
      len++;
    }
    int[] cycle = new int[len + 1];
    cycle[len] = b;
    for (int v = x; v != y; v = ieFrom[parentEdge[v]]) {
      cycle[--len] = ieBase[parentEdge[v]];
    }
    return cycle;
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
