package io.isoverify.graph;

import java.util.Arrays;

/**
 * Shortest paths and cycles by breadth-first search on a {@link Csr} graph, returned as arc
 * indices in path order ({@link CycleGraph#edgesOf} turns them into edges). Used only to explain a violation, so O(nodes + arcs) per call.
 */
final class Paths {
  private Paths() {
  }

  /**
   * Arcs of a shortest path from {@code from} to any of {@code targets} (empty when
   * {@code from} is a target), or null when none is reachable.
   */
  static int[] shortest(Csr g, int from, int... targets) {
    return bfs(g, from, targets, null, -1);
  }

  /** Arcs of a cycle of {@code g} (a self-loop when there is one), or null when acyclic. */
  static int[] anyCycle(Csr g) {
    int n = g.nodeCount();
    for (int u = 0; u < n; u++) {
      for (int a = g.start[u]; a < g.start[u + 1]; a++) {
        if (g.head[a] == u) {
          return new int[] {a};
        }
      }
    }
    StronglyConnected scc = new StronglyConnected(g);
    for (int u = 0; u < n; u++) {
      for (int a = g.start[u]; a < g.start[u + 1]; a++) {
        int w = g.head[a];
        if (scc.component[w] == scc.component[u]) {
          // the shortest cycle through this arc: the arc, then BFS back inside the SCC
          int[] back = bfs(g, w, new int[] {u}, scc.component, scc.component[u]);
          int[] cycle = new int[back.length + 1];
          cycle[0] = a;
          System.arraycopy(back, 0, cycle, 1, back.length);
          return cycle;
        }
      }
    }
    return null;
  }

  private static int[] bfs(Csr g, int from, int[] targets, int[] region, int regionId) {
    int n = g.nodeCount();
    boolean[] target = new boolean[n];
    for (int t : targets) {
      target[t] = true;
    }
    int[] parentArc = new int[n];
    Arrays.fill(parentArc, -2);
    int[] parentNode = new int[n];
    int[] queue = new int[n];
    int tail = 0;
    queue[tail++] = from;
    parentArc[from] = -1;
    for (int i = 0; i < tail; i++) {
      int u = queue[i];
      if (target[u]) {
        int len = 0;
        for (int x = u; parentArc[x] >= 0; x = parentNode[x]) {
          len++;
        }
        int[] path = new int[len];
        for (int x = u; parentArc[x] >= 0; x = parentNode[x]) {
          path[--len] = parentArc[x];
        }
        return path;
      }
      for (int a = g.start[u]; a < g.start[u + 1]; a++) {
        int w = g.head[a];
        if (parentArc[w] == -2 && (region == null || region[w] == regionId)) {
          parentArc[w] = a;
          parentNode[w] = u;
          queue[tail++] = w;
        }
      }
    }
    return null;
  }
}
