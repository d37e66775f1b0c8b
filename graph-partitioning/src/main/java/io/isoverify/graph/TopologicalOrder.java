package io.isoverify.graph;

/** Kahn's algorithm on a {@link Csr} graph, O(nodes + arcs), no recursion. */
final class TopologicalOrder {
  private TopologicalOrder() {
  }

  /** The nodes in an order where every arc goes forward, or null when the graph has a cycle. */
  static int[] of(Csr g) {
    return order(g, null);
  }

  /** Whether the arcs of {@code g} and of {@code extra} (same nodes) together form no cycle. */
  static boolean acyclic(Csr g, Csr extra) {
    return order(g, extra) != null;
  }

  private static int[] order(Csr g, Csr extra) {
    int n = g.nodeCount();
    int[] indeg = new int[n];
    for (int h : g.head) {
      indeg[h]++;
    }
    if (extra != null) {
      for (int h : extra.head) {
        indeg[h]++;
      }
    }
    int[] order = new int[n];
    int tail = 0;
    for (int u = 0; u < n; u++) {
      if (indeg[u] == 0) {
        order[tail++] = u;
      }
    }
    for (int i = 0; i < tail; i++) {
      int u = order[i];
      for (int a = g.start[u]; a < g.start[u + 1]; a++) {
        if (--indeg[g.head[a]] == 0) {
          order[tail++] = g.head[a];
        }
      }
      if (extra != null) {
        for (int a = extra.start[u]; a < extra.start[u + 1]; a++) {
          if (--indeg[extra.head[a]] == 0) {
            order[tail++] = extra.head[a];
          }
        }
      }
    }
    return tail == n ? order : null;
  }
}
