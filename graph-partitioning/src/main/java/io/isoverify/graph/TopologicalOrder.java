package io.isoverify.graph;

/** Kahn's algorithm on a {@link Csr} graph, O(nodes + arcs), no recursion. */
final class TopologicalOrder {
  private TopologicalOrder() {
  }

  /** The nodes in an order where every arc goes forward, or null when the graph has a cycle. */
  static int[] of(Csr g) {
    int n = g.nodeCount();
    int[] indeg = new int[n];
    for (int h : g.head) {
      indeg[h]++;
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
    }
    return tail == n ? order : null;
  }
}
