package io.isoverify.graph;

import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;

/**
 * The graph whose cycles are exactly the violations of a level, built from typed edges
 * over vertices, so that plain reachability answers the pruning questions.
 *
 * <p>SER and SSER: one node per vertex, one arc per edge; a cycle is a violation.
 *
 * <p>SI (polysi section 3.2): the violations are the cycles of the induced graph
 * (SO u WR u WW u RT) ; RW?, i.e. the cycles of the typed graph with no two consecutive
 * RW edges (cyclically). Every vertex v gets two nodes, {@code dep(v) = 2v} ("arrived by a
 * dependency edge, may take one RW edge next") and {@code anti(v) = 2v+1} ("arrived by an
 * RW edge, must take a dependency edge next"):
 * <pre>
 *   dependency edge u -> v   arcs dep(u) -> dep(v) and anti(u) -> dep(v)
 *   RW edge u -> v           arc  dep(u) -> anti(v)
 * </pre>
 * A cycle of this graph is a typed cycle with no two consecutive RW edges, and every such
 * typed cycle is one of this graph; so the induced graph is acyclic iff this graph is, and
 * there are no n^2 composed edges. The solver must check the same property on a component:
 * a cycle in the typed graph of the chosen edges with no two consecutive RW edges.
 *
 * <p>The index and the topological order are built from a compact form of the same graph
 * ({@link #out}): dep(v) -> anti(v) for every vertex, and per dependency edge u -> v only
 * anti(u) -> dep(v), dep(u) reaching dep(v) through anti(u). A node reaches the same dep
 * nodes in both forms (anti(u)'s arcs are the dependency arcs dep(u) had), so both have the
 * same cycles, and a node reaches anti(v) in the compact form iff it reaches anti(v) or
 * dep(v) in the other: the queries ask anti(v) only together with dep(v) ({@link
 * #closesCycle}, {@link #addToIndex}), so every answer is the same, with a third fewer arcs
 * (on the 1M general history 22M against 37M). Cycles are explained on the other form
 * ({@link #paths}), made only then, so each arc of a path is one edge.
 *
 * <p>Arcs carry no labels (4 bytes per arc, 1-2 GB at 10M transactions): {@link #edgesOf}
 * finds the edges of the arcs of a path or cycle when one is explained.
 */
final class CycleGraph {
  final boolean induced;
  final int vertexCount;
  /**
   * The arcs the reachability index is built from. Under SI the compact form (class
   * comment): anti(u) -> dep(v) per dependency edge, dep(u) -> anti(v) per RW edge, and
   * dep(v) -> anti(v) for every vertex, first among dep(v)'s arcs.
   */
  final Csr out;
  private volatile Csr in;
  private volatile Csr paths;
  /** The edges this graph was built from (the list only grows) and how many of them. */
  private final EdgeList edges;
  private final int edgeCount;

  /**
   * Fills the CSR in two passes over the edges (out-degrees, then arcs), O(nodes + arcs),
   * with no per-arc scratch: at 10M transactions under SI the tail, head and label arrays a
   * one-pass build sorts from cost about 2 GB on top of the graph.
   */
  CycleGraph(Level level, int vertexCount, EdgeList edges) {
    this(level, vertexCount, edges, 1);
  }

  /**
   * The same on {@code threads} threads for a large edge list: each thread counts and then
   * places the arcs of one range of the edges, at offsets that put every node's arcs in edge
   * order, as one thread does (the same CSR); a count array per thread (4 bytes per node) is
   * the scratch.
   */
  CycleGraph(Level level, int vertexCount, EdgeList edges, int threads) {
    this.induced = level == Level.SI;
    this.vertexCount = vertexCount;
    this.edges = edges;
    this.edgeCount = edges.size();
    int parts = edgeCount < PARALLEL_EDGES ? 1 : Math.max(1, threads);
    out = arcs(induced ? COMPACT : ONE_PER_EDGE, edges, edgeCount, nodeCount(), parts);
    if (!induced) {
      paths = out;
    }
  }

  private CycleGraph(boolean induced, int vertexCount, EdgeList edges, Csr out) {
    this.induced = induced;
    this.vertexCount = vertexCount;
    this.edges = edges;
    this.edgeCount = edges.size();
    this.out = out;
    if (!induced) {
      paths = out;
    }
  }

  /**
   * The graph of {@code edges}, which {@code old}'s edges begin (the known edges only grow):
   * the same arcs, in the same order, as {@link #CycleGraph(Level, int, EdgeList, int)}
   * gives, since that places each node's arcs in edge order. Each node's old arcs are copied
   * and the new edges' arcs placed after them: one pass over the new edges and a copy of the
   * old arcs, O(nodes + arcs) copying, instead of two passes over every edge (on the low-abort
   * 1M history's pruning rounds, 24M edges, 0.64-0.8 s under SER and 1.0-1.24 s under SI
   * each). Forgets {@code old}'s reversed and split forms; {@code old} itself is garbage
   * afterwards, but lives beside the new arcs while they are made.
   */
  static CycleGraph extended(CycleGraph old, EdgeList edges) {
    return extended(old, edges, 1);
  }

  /**
   * {@link #extended(CycleGraph, EdgeList)} on {@code threads} threads when the new edges are
   * many: each counts the arcs of one range of the new edges, then copies the old arcs of one
   * range of nodes and places its range's arcs, at offsets that keep every node's arcs in
   * edge order (the same CSR as on one thread). Scratch: a count array per thread, 4 bytes a
   * node.
   */
  static CycleGraph extended(CycleGraph old, EdgeList edges, int threads) {
    old.in = null;
    old.paths = null;
    int form = old.induced ? COMPACT : ONE_PER_EDGE;
    int nodes = old.nodeCount();
    int begin = old.edgeCount;
    int m = edges.size();
    int parts = m - begin < PARALLEL_EDGES ? 1 : Math.max(1, threads);
    int[][] fill = new int[parts][];
    OrderedBlocks.run(parts, parts, p -> {
      fill[p] = new int[nodes + 1];
      count(form, edges, begin + lo(m - begin, parts, p), begin + lo(m - begin, parts, p + 1),
          fill[p]);
      return p;
    }, p -> { });
    int[] oldStart = old.out.start;
    int[] oldHead = old.out.head;
    // node x: its old arcs, then part 0's new ones, part 1's, ...; fill[p][x] where p's go
    int[] start = new int[nodes + 1];
    int at = 0;
    for (int x = 0; x < nodes; x++) {
      start[x] = at;
      at += oldStart[x + 1] - oldStart[x];
      for (int p = 0; p < parts; p++) {
        int c = fill[p][x + 1];
        fill[p][x] = at;
        at += c;
      }
    }
    start[nodes] = at;
    int[] head = new int[at];
    OrderedBlocks.run(parts, parts, p -> {
      for (int x = lo(nodes, parts, p); x < lo(nodes, parts, p + 1); x++) {
        System.arraycopy(oldHead, oldStart[x], head, start[x], oldStart[x + 1] - oldStart[x]);
      }
      return p;
    }, p -> { });
    OrderedBlocks.run(parts, parts, p -> {
      place(form, edges, begin + lo(m - begin, parts, p), begin + lo(m - begin, parts, p + 1),
          fill[p], head);
      fill[p] = null;
      return p;
    }, p -> { });
    return new CycleGraph(old.induced, old.vertexCount, edges, Csr.wrap(start, head));
  }

  /** The number of arcs: what {@link #extended} copies. */
  long arcCount() {
    return out.head.length;
  }

  /** Forms of {@link #arcs}: one arc per edge (SER, SSER), SI's compact and split forms. */
  private static final int ONE_PER_EDGE = 0;
  private static final int COMPACT = 1;
  private static final int SPLIT = 2;

  /**
   * The arcs of edges 0..m-1 in one {@code form}: one per edge; under SI the compact form of
   * {@link #out}, or the split form of the class comment (two arcs per dependency edge).
   */
  private static Csr arcs(int form, EdgeList edges, int m, int nodes, int parts) {
    int[][] fill = new int[parts][];
    OrderedBlocks.run(parts, parts, p -> {
      fill[p] = new int[nodes + 1];
      count(form, edges, lo(m, parts, p), lo(m, parts, p + 1), fill[p]);
      return p;
    }, p -> { });
    // fill[p][x + 1], arcs of x counted by part p, becomes where part p places x's first arc
    int[] start = new int[nodes + 1];
    int at = 0;
    for (int x = 0; x < nodes; x++) {
      start[x] = at;
      if (form == COMPACT && (x & 1) == 0) {
        at++; // dep(v) -> anti(v)
      }
      for (int p = 0; p < parts; p++) {
        int c = fill[p][x + 1];
        fill[p][x] = at;
        at += c;
      }
    }
    start[nodes] = at;
    int[] head = new int[at];
    if (form == COMPACT) {
      for (int x = 0; x < nodes; x += 2) {
        head[start[x]] = x + 1;
      }
    }
    OrderedBlocks.run(parts, parts, p -> {
      place(form, edges, lo(m, parts, p), lo(m, parts, p + 1), fill[p], head);
      fill[p] = null;
      return p;
    }, p -> { });
    return Csr.wrap(start, head);
  }

  /** Edge lists at least this long are turned into arcs on several threads. */
  static final int PARALLEL_EDGES = 1 << 16;

  private static int lo(int m, int parts, int p) {
    return (int) ((long) m * p / parts);
  }

  /** Adds the arcs of edges begin..end-1 to count[tail + 1] (see {@link #arcs}). */
  private static void count(int form, EdgeList edges, int begin, int end, int[] count) {
    int rw = EdgeType.RW.ordinal();
    for (int e = begin; e < end; e++) {
      int u = edges.from(e);
      if (form == ONE_PER_EDGE) {
        count[u + 1]++;
      } else if (edges.type(e) == rw) {
        count[2 * u + 1]++;
      } else {
        count[2 * u + 2]++;
        if (form == SPLIT) {
          count[2 * u + 1]++;
        }
      }
    }
  }

  /** Places the arcs of edges begin..end-1, fill[tail] the next free slot of each tail. */
  private static void place(int form, EdgeList edges, int begin, int end, int[] fill,
      int[] head) {
    int rw = EdgeType.RW.ordinal();
    for (int e = begin; e < end; e++) {
      int u = edges.from(e);
      int v = edges.to(e);
      if (form == ONE_PER_EDGE) {
        head[fill[u]++] = v;
      } else if (edges.type(e) == rw) {
        head[fill[2 * u]++] = 2 * v + 1;
      } else {
        if (form == SPLIT) {
          head[fill[2 * u]++] = 2 * v;
        }
        head[fill[2 * u + 1]++] = 2 * v;
      }
    }
  }

  /**
   * The graph whose paths explain a cycle ({@link Paths}, {@link #edgesOf}): {@link #out},
   * but under SI the form of the class comment, made on first use (a violation) from the
   * same edges. Its paths between nodes are those of {@link #out} without the arcs dep(v) ->
   * anti(v), each arc one edge.
   */
  Csr paths() {
    Csr r = paths;
    if (r == null) {
      synchronized (this) {
        r = paths;
        if (r == null) {
          r = arcs(SPLIT, edges, edgeCount, nodeCount(), 1);
          paths = r;
        }
      }
    }
    return r;
  }

  /**
   * For arcs of {@link #paths} (as {@link Paths} returns them), an edge of {@code edges}, the
   * list this graph was built from, that each arc stands for: same vertices, and under SI
   * an RW edge for an arc into an anti node, any other type otherwise. O(edges + arcs log
   * nodes), once per explained violation.
   */
  int[] edgesOf(int[] arcs, EdgeList edges) {
    if (arcs == null) {
      return null;
    }
    java.util.Map<Long, Integer> wanted = new java.util.HashMap<>();
    long[] keys = new long[arcs.length];
    Csr g = paths();
    for (int i = 0; i < arcs.length; i++) {
      int head = g.head[arcs[i]];
      keys[i] = key(vertex(g.tail(arcs[i])), vertex(head), induced && (head & 1) == 1);
      wanted.put(keys[i], -1);
    }
    int rw = EdgeType.RW.ordinal();
    for (int e = 0; e < edges.size(); e++) {
      long k = key(edges.from(e), edges.to(e), induced && edges.type(e) == rw);
      Integer at = wanted.get(k);
      if (at != null && at < 0) {
        wanted.put(k, e);
      }
    }
    int[] found = new int[arcs.length];
    for (int i = 0; i < arcs.length; i++) {
      found[i] = wanted.get(keys[i]);
    }
    return found;
  }

  /** (from, to, rw) as one long: vertices are below 2^31, so 2 to + rw fits the low 32 bits. */
  private static long key(int from, int to, boolean rw) {
    return (long) from << 32 | (2L * to + (rw ? 1 : 0));
  }

  int nodeCount() {
    return induced ? 2 * vertexCount : vertexCount;
  }

  /** The vertex a node stands for. */
  int vertex(int node) {
    return induced ? node >> 1 : node;
  }

  /** The node of a vertex that chains are made of (its dependency node under SI). */
  int chainNode(int vertex) {
    return induced ? 2 * vertex : vertex;
  }

  /** Reversed arcs, built on first use (by one thread: queries run on several). */
  Csr in() {
    Csr r = in;
    if (r == null) {
      synchronized (this) {
        r = in;
        if (r == null) {
          r = out.reverse();
          in = r;
        }
      }
    }
    return r;
  }

  /** This graph, in a topological order, with a chain cover: what a backend builds from. */
  ChainCoverGraph withCover(int[] topo, ChainCover cover) {
    return new ChainCoverGraph(out, this::in, topo, cover.chainOf, cover.posOf, cover.count,
        induced);
  }

  /**
   * The edges that the arcs of {@link #out} set in {@code arcs} (bit a for arc a) stand for,
   * as vertex pairs written to {@code tail} and {@code head} unless they are null; returns
   * how many. Under SI anti(u) -> dep(v) and dep(u) -> anti(v) stand for the edge u -> v, and
   * dep(v) -> anti(v) for none, so a path of this graph is a path of the pairs.
   */
  int edgesOfArcs(long[] arcs, int[] tail, int[] head) {
    int m = 0;
    for (int x = 0; x < nodeCount(); x++) {
      int u = vertex(x);
      for (int a = out.start[x]; a < out.start[x + 1]; a++) {
        int v = vertex(out.head[a]);
        if ((arcs[a >>> 6] & (1L << a)) != 0 && u != v) {
          if (tail != null) {
            tail[m] = u;
            head[m] = v;
          }
          m++;
        }
      }
    }
    return m;
  }

  /**
   * Whether adding the typed edge {@code from -> to} would close a cycle with the paths
   * the index knows (cobra section 3.3; polysi section 4.3, both of its cases).
   */
  boolean closesCycle(ReachabilityIndex index, int from, int to, int type) {
    if (!induced) {
      return index.reaches(to, from);
    }
    if (type == EdgeType.RW.ordinal()) {
      return index.reaches(2 * to + 1, 2 * from);
    }
    return index.reaches(2 * to, 2 * from) || index.reaches(2 * to, 2 * from + 1);
  }

  /** Adds the arcs of a typed edge to the index; false when they would close a cycle. */
  boolean addToIndex(ReachabilityIndex index, int from, int to, int type) {
    if (!induced) {
      return index.addArc(from, to);
    }
    if (type == EdgeType.RW.ordinal()) {
      return index.addArc(2 * from, 2 * to + 1);
    }
    return index.addArc(2 * from, 2 * to) && index.addArc(2 * from + 1, 2 * to);
  }

  /** The start and target nodes of the path that {@link #closesCycle} looks for. */
  int[] cycleEnds(int from, int to, int type) {
    if (!induced) {
      return new int[] {to, from};
    }
    if (type == EdgeType.RW.ordinal()) {
      return new int[] {2 * to + 1, 2 * from};
    }
    return new int[] {2 * to, 2 * from, 2 * from + 1};
  }
}
