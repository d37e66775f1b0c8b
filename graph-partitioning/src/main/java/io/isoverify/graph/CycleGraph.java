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

  CycleGraph(Level level, int vertexCount, EdgeList edges) {
    this.induced = level == Level.SI;
    this.vertexCount = vertexCount;
    int m = edges.size();
    int rw = EdgeType.RW.ordinal();
    int arcs = 0;
    for (int e = 0; e < m && induced; e++) {
      arcs += edges.type(e) == rw ? 1 : 2;
    }
    if (!induced) {
      arcs = m;
    }
    int[] tail = new int[arcs];
    int[] head = new int[arcs];
    int[] label = new int[arcs];
    int a = 0;
    for (int e = 0; e < m; e++) {
      int u = edges.from(e);
      int v = edges.to(e);
      if (!induced) {
        tail[a] = u;
        head[a] = v;
        label[a++] = e;
      } else if (edges.type(e) == rw) {
        tail[a] = 2 * u;
        head[a] = 2 * v + 1;
        label[a++] = e;
      } else {
        tail[a] = 2 * u;
        head[a] = 2 * v;
        label[a++] = e;
        tail[a] = 2 * u + 1;
        head[a] = 2 * v;
        label[a++] = e;
      }
    }
    out = Csr.of(nodeCount(), tail, head, label, arcs);
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
