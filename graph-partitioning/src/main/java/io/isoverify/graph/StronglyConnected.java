package io.isoverify.graph;

import java.util.Arrays;

/**
 * Strongly connected components by Tarjan's algorithm, iterative (an explicit stack of
 * (node, next arc) frames), so 10^7 nodes need no deep recursion. O(nodes + arcs) time,
 * a few int arrays of n.
 *
 * <p>Result: {@code component[u]} in 0..count-1; components are numbered in reverse
 * topological order of the condensation (Tarjan's completion order), so every arc between
 * two components goes from a higher number to a lower one.
 */
final class StronglyConnected {
  final int[] component;
  final int count;

  StronglyConnected(Csr g) {
    int n = g.nodeCount();
    component = new int[n];
    Arrays.fill(component, -1);
    int[] index = new int[n];
    int[] low = new int[n];
    Arrays.fill(index, -1);
    int[] stack = new int[n];
    boolean[] onStack = new boolean[n];
    int sp = 0;
    int[] callNode = new int[n];
    int[] callArc = new int[n];
    int next = 0;
    int comps = 0;
    for (int root = 0; root < n; root++) {
      if (index[root] >= 0) {
        continue;
      }
      int depth = 0;
      callNode[0] = root;
      callArc[0] = g.start[root];
      index[root] = low[root] = next++;
      stack[sp++] = root;
      onStack[root] = true;
      while (depth >= 0) {
        int u = callNode[depth];
        int a = callArc[depth];
        if (a < g.start[u + 1]) {
          callArc[depth] = a + 1;
          int w = g.head[a];
          if (index[w] < 0) {
            index[w] = low[w] = next++;
            stack[sp++] = w;
            onStack[w] = true;
            depth++;
            callNode[depth] = w;
            callArc[depth] = g.start[w];
          } else if (onStack[w] && index[w] < low[u]) {
            low[u] = index[w];
          }
          continue;
        }
        if (low[u] == index[u]) {
          int w;
          do {
            w = stack[--sp];
            onStack[w] = false;
            component[w] = comps;
          } while (w != u);
          comps++;
        }
        depth--;
        if (depth >= 0) {
          int parent = callNode[depth];
          if (low[u] < low[parent]) {
            low[parent] = low[u];
          }
        }
      }
    }
    count = comps;
  }
}
