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
 * <p>Arc labels are the indices of the edges in the {@link EdgeList} it was built from.
 */
final class CycleGraph {
  final boolean induced;
  final int vertexCount;
  final Csr out;
  private Csr in;

  /**
   * Fills the CSR in two passes over the edges (out-degrees, then arcs), O(nodes + arcs),
   * with no per-arc scratch: at 10M transactions under SI the tail, head and label arrays a
   * one-pass build sorts from cost about 2 GB on top of the graph.
   */
  CycleGraph(Level level, int vertexCount, EdgeList edges) {
    this.induced = level == Level.SI;
    this.vertexCount = vertexCount;
    int m = edges.size();
    int rw = EdgeType.RW.ordinal();
    int[] start = new int[nodeCount() + 1];
    for (int e = 0; e < m; e++) {
      int u = edges.from(e);
      if (!induced) {
        start[u + 1]++;
      } else if (edges.type(e) == rw) {
        start[2 * u + 1]++;
      } else {
        start[2 * u + 1]++;
        start[2 * u + 2]++;
      }
    }
    for (int x = 0; x < nodeCount(); x++) {
      start[x + 1] += start[x];
    }
    int[] head = new int[start[nodeCount()]];
    int[] label = new int[head.length];
    int[] fill = start.clone();
    for (int e = 0; e < m; e++) {
      int u = edges.from(e);
      int v = edges.to(e);
      if (!induced) {
        place(fill, head, label, u, v, e);
      } else if (edges.type(e) == rw) {
        place(fill, head, label, 2 * u, 2 * v + 1, e);
      } else {
        place(fill, head, label, 2 * u, 2 * v, e);
        place(fill, head, label, 2 * u + 1, 2 * v, e);
      }
    }
    out = Csr.of(start, head, label);
  }

  private static void place(int[] fill, int[] head, int[] label, int tail, int to, int e) {
    int slot = fill[tail]++;
    head[slot] = to;
    label[slot] = e;
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

  /** Reversed arcs, built on first use. */
  Csr in() {
    if (in == null) {
      in = out.reverse();
    }
    return in;
  }

  /** This graph, in a topological order, with a chain cover: what a backend builds from. */
  ChainCoverGraph withCover(int[] topo, ChainCover cover) {
    return new ChainCoverGraph(out, this::in, topo, cover.chainOf, cover.posOf, cover.count);
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
