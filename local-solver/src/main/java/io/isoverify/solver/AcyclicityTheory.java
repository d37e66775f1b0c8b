package io.isoverify.solver;

import io.isoverify.graph.CountingParts;
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
 * <p>The known edges are on for the whole search: their arcs sit in a static layer, CSR
 * arrays by source (with each arc's base edge, for cycles) and by target, 12 bytes an arc,
 * built once over the seed order ({@link KnownArcs#seedPositions}); the few that order does
 * not already respect are added like decided edges, with Pearce-Kelly, before the search;
 * when the known edges are acyclic it respects them all, and the layer is built only at the
 * first reorder ({@link #buildStatic}).
 * (Adding every known edge one by one kept three ints per arc in the edge store and two in
 * adjacency stacks, plus an undo record per base edge, arrays that grow by doubling: 900 MB
 * for the 242k-transaction SI component of the 1M-transaction benchmark history.)
 * Decided edges are removed in the reverse order of their addition (the solver backjumps),
 * so their per-node adjacency lists are stacks and removal is O(1); removing edges keeps the
 * order topological. Adding an edge u->v with ord[u] > ord[v] costs O(size of the affected
 * region), the Pearce-Kelly bound; its searches walk both layers.
 */
final class AcyclicityTheory {
  private static final int[] NONE = new int[0];

  private final BaseEdges base;
  private final boolean snapshot;
  private final int edgesPerPart;
  private final int maxParts;
  /** Transactions of the component; nodes are 0..n-1, plus n..2n-1 for SI. */
  private final int n;
  private final int nodes;
  /** ord is a permutation of the nodes; every node edge u->v has ord[u] < ord[v]. */
  private final int[] ord;
  /**
   * The static layer: known arcs by source (target, base edge) and by target (source); null
   * until the first reorder needs it ({@link #buildStatic}).
   */
  private int[] kOutStart;
  private int[] kSucc;
  private int[] kBase;
  private int[] kInStart;
  private int[] kPred;
  /** Per base edge after the known ones: whether it is on. */
  private final boolean[] decidedOn;
  // decided base edges switched on, in order; baseMark[i] = node edge count before the i-th
  private int[] baseStack = new int[64];
  private int[] baseMark = new int[64];
  private int baseTop;
  // dynamic node edges: from, to, the base edge they come from
  private int[] ieFrom = new int[64];
  private int[] ieTo = new int[64];
  private int[] ieBase = new int[64];
  private int ieCount;
  private final int[][] out;
  private final int[] outCount;
  private final int[][] in;
  private final int[] inCount;
  /** A cycle of the known edges alone (base edges, in cycle order), or null. */
  private int[] knownCycle;
  // search scratch, made with the static layer
  private int[] seen;
  private int stamp;
  /** The arc a search reached a node by: a dynamic edge e as e, static arc a as -2 - a. */
  private int[] parentEdge;
  private int[] parentNode;
  private int[] stackV;
  private int[] stackI;
  private int[] forward = new int[16];
  private int[] backward = new int[16];
  /** Counters for {@link Cdcl#statsLine}: edges stored, and Pearce-Kelly reorders and their nodes. */
  private long stores;
  private long reorders;
  private long reorderNodes;

  /** The counters, in words. */
  String statsLine() {
    return "edges stored " + stores + ", reorders " + reorders + " (" + reorderNodes + " nodes)";
  }

  AcyclicityTheory(BaseEdges base, boolean snapshot) {
    this(base, snapshot, CountingParts.ITEMS_PER_PART,
        Math.min(CountingParts.MAX_PARTS, Runtime.getRuntime().availableProcessors()));
  }

  /**
   * The same, the static layer's counting sorts cut into parts of at least {@code
   * edgesPerPart} known edges, at most {@code maxParts} (tests: several parts on small
   * components).
   */
  AcyclicityTheory(BaseEdges base, boolean snapshot, int edgesPerPart, int maxParts) {
    this.edgesPerPart = edgesPerPart;
    this.maxParts = maxParts;
    this.base = base;
    this.snapshot = snapshot;
    this.n = base.component().vertexCount();
    this.nodes = snapshot ? 2 * n : n;
    KnownArcs.Seed seed = KnownArcs.seedPositions(base, snapshot);
    ord = seed.position();
    decidedOn = new boolean[base.count() - base.knownCount()];
    out = new int[nodes][];
    in = new int[nodes][];
    Arrays.fill(out, NONE);
    Arrays.fill(in, NONE);
    outCount = new int[nodes];
    inCount = new int[nodes];
    if (!seed.acyclic()) {
      long[] lateArcs = buildStatic();
      for (int j = 0; j < lateArcs.length && knownCycle == null; j++) {
        int b = (int) (lateArcs[j] >>> 1);
        knownCycle = addNodeEdge(nodeFrom(b, (int) (lateArcs[j] & 1)), nodeTo(b), b);
      }
    }
  }

  /**
   * Builds the static layer from the known arcs that the current order respects, and the
   * search scratch; returns the others (base edge << 1 | arc index), which the caller adds
   * like decided edges. Made at once when the known edges have a cycle, else at the first
   * reorder, with the order still the seed's, which then respects every known arc: most
   * components are satisfied without a reorder (low-abort 1M SER: 20.8k of 21.1k), and
   * never build it. O(nodes x parts + known arcs), on parallel threads for a large
   * component (the 484k-node SI component of the general 1M history: 10.1M known edges, 2.5-3.2
   * s on one thread).
   */
  private long[] buildStatic() {
    seen = new int[nodes];
    parentEdge = new int[nodes];
    parentNode = new int[nodes];
    stackV = new int[nodes];
    stackI = new int[nodes];
    int known = base.knownCount();
    // a counting sort by source and one by target, in parts of the known edges on parallel
    // threads (CountingParts: each node's arcs in edge order, as one pass gives them)
    int parts = CountingParts.parts(known, edgesPerPart, maxParts);
    int[][] outPlace = new int[parts][];
    int[][] inPlace = new int[parts][];
    int[] lateStart = new int[parts + 1];
    CountingParts.run(parts, p -> {
      int[] outCount = new int[nodes];
      int[] inCount = new int[nodes];
      int late = 0;
      for (int b = CountingParts.begin(known, parts, p),
          hi = CountingParts.begin(known, parts, p + 1); b < hi; b++) {
        int y = nodeTo(b);
        for (int i = 0; i < arity(b); i++) {
          int x = nodeFrom(b, i);
          if (ord[x] < ord[y]) {
            outCount[x]++;
            inCount[y]++;
          } else {
            late++;
          }
        }
      }
      outPlace[p] = outCount;
      inPlace[p] = inCount;
      lateStart[p + 1] = late;
    });
    for (int p = 0; p < parts; p++) {
      lateStart[p + 1] += lateStart[p];
    }
    kOutStart = CountingParts.places(outPlace, nodes);
    kInStart = CountingParts.places(inPlace, nodes);
    kSucc = new int[kOutStart[nodes]];
    kBase = new int[kOutStart[nodes]];
    kPred = new int[kInStart[nodes]];
    long[] lateArcs = new long[lateStart[parts]];
    CountingParts.run(parts, p -> {
      int[] outFill = outPlace[p];
      int[] inFill = inPlace[p];
      int late = lateStart[p];
      for (int b = CountingParts.begin(known, parts, p),
          hi = CountingParts.begin(known, parts, p + 1); b < hi; b++) {
        int y = nodeTo(b);
        for (int i = 0; i < arity(b); i++) {
          int x = nodeFrom(b, i);
          if (ord[x] < ord[y]) {
            kSucc[outFill[x]] = y;
            kBase[outFill[x]++] = b;
            kPred[inFill[y]++] = x;
          } else {
            lateArcs[late++] = (long) b << 1 | i;
          }
        }
      }
    });
    return lateArcs;
  }

  /**
   * Tests: the static layer built again over {@code positions} (a permutation of the nodes,
   * which then becomes the order): the arcs it leaves out, as {@link #buildStatic} returns
   * them, and its arrays {kOutStart, kSucc, kBase, kInStart, kPred}.
   */
  Object[] staticLayerOver(int[] positions) {
    System.arraycopy(positions, 0, ord, 0, nodes);
    long[] late = buildStatic();
    return new Object[] {late, new int[][] {kOutStart, kSucc, kBase, kInStart, kPred}};
  }

  private int arity(int b) {
    return KnownArcs.arity(base, snapshot, b);
  }

  private int nodeFrom(int b, int i) {
    return KnownArcs.from(base, n, b, i);
  }

  private int nodeTo(int b) {
    return KnownArcs.to(base, snapshot, n, b);
  }

  /**
   * A cycle of the known edges alone, as base edges in cycle order (the state is then
   * partial), or null when they are acyclic (split graph for SI).
   */
  int[] knownCycle() {
    return knownCycle;
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
    int known = base.knownCount();
    return b < known || decidedOn[b - known];
  }

  /**
   * Switches base edge b (not a known one: those are on from the start) on. Returns null when the split graph stays acyclic, else the
   * base edges of one cycle, in cycle order; the state is then partial and the caller
   * undoes it.
   */
  int[] add(int b) {
    push(b);
    decidedOn[b - base.knownCount()] = true;
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
      decidedOn[baseStack[baseTop] - base.knownCount()] = false;
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
    stores++;
    int e = ieCount++;
    ieFrom[e] = x;
    ieTo[e] = y;
    ieBase[e] = b;
    if (outCount[x] == out[x].length) {
      out[x] = Arrays.copyOf(out[x], Math.max(4, outCount[x] * 2));
    }
    out[x][outCount[x]++] = e;
    if (inCount[y] == in[y].length) {
      in[y] = Arrays.copyOf(in[y], Math.max(4, inCount[y] * 2));
    }
    in[y][inCount[y]++] = e;
  }

  /**
   * Pearce-Kelly for a new edge x->y with ord[x] > ord[y]: the forward search from y within
   * ord <= ord[x] either reaches x (a cycle, returned) or, with the backward search from x
   * within ord >= ord[y], gives the two regions whose order positions are swapped.
   */
  private int[] reorder(int x, int y, int b) {
    if (kOutStart == null && buildStatic().length > 0) {
      throw new IllegalStateException("the seed order of acyclic known edges is not topological");
    }
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
      int i = stackI[sp - 1];
      int fixed = kOutStart[v + 1] - kOutStart[v];
      if (i == fixed + outCount[v]) {
        sp--;
        continue;
      }
      stackI[sp - 1]++;
      int e = i < fixed ? -2 - (kOutStart[v] + i) : out[v][i - fixed];
      int w = e < 0 ? kSucc[-2 - e] : ieTo[e];
      if (w == x) {
        parentEdge[x] = e;
        parentNode[x] = v;
        return cycleThrough(x, y, b);
      }
      if (seen[w] != stamp && ord[w] < ub) {
        seen[w] = stamp;
        parentEdge[w] = e;
        parentNode[w] = v;
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
      int i = stackI[sp - 1];
      int fixed = kInStart[v + 1] - kInStart[v];
      if (i == fixed + inCount[v]) {
        sp--;
        continue;
      }
      stackI[sp - 1]++;
      int w = i < fixed ? kPred[kInStart[v] + i] : ieFrom[in[v][i - fixed]];
      if (seen[w] != stamp && ord[w] > lb) {
        seen[w] = stamp;
        backward = grow(backward, nb);
        backward[nb++] = w;
        stackV[sp] = w;
        stackI[sp++] = 0;
      }
    }
    reorders++;
    reorderNodes += nf + nb;
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
    for (int v = x; v != y; v = parentNode[v]) {
      len++;
    }
    int[] cycle = new int[len + 1];
    cycle[len] = b;
    for (int v = x; v != y; v = parentNode[v]) {
      int e = parentEdge[v];
      cycle[--len] = e < 0 ? kBase[-2 - e] : ieBase[e];
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
