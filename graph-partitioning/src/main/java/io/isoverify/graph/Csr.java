package io.isoverify.graph;

/**
 * A directed graph in compressed sparse row form: node u's out-arcs are
 * {@code start[u] .. start[u+1]-1}, arc a goes to {@code head[a]}. Arcs carry no labels:
 * only explanations would read them, and the graphs of pruning hold hundreds of millions of
 * arcs at 10M transactions, where an int per arc was 1-2 GB ({@link CycleGraph#edgesOf}
 * finds an arc's edge when a cycle is explained). Built by counting sort in O(nodes + arcs).
 */
final class Csr {
  final int[] start;
  final int[] head;

  private Csr(int[] start, int[] head) {
    this.start = start;
    this.head = head;
  }

  /** The graph whose node u's out-arcs are {@code start[u] .. start[u+1]-1} (taken, not copied). */
  static Csr wrap(int[] start, int[] head) {
    return new Csr(start, head);
  }

  int nodeCount() {
    return start.length - 1;
  }

  /** The node arc a leaves: O(log nodes). */
  int tail(int a) {
    int lo = 0;
    int hi = nodeCount() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (start[mid] <= a) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The graph of arcs {@code tail[a] -> head[a]}, a in 0..arcs-1. */
  static Csr of(int nodes, int[] tail, int[] head, int arcs) {
    int[] start = new int[nodes + 1];
    for (int a = 0; a < arcs; a++) {
      start[tail[a] + 1]++;
    }
    for (int u = 0; u < nodes; u++) {
      start[u + 1] += start[u];
    }
    int[] fill = start.clone();
    int[] outHead = new int[arcs];
    for (int a = 0; a < arcs; a++) {
      outHead[fill[tail[a]]++] = head[a];
    }
    return new Csr(start, outHead);
  }

  /** The same arcs reversed, unlabelled, by counting sort over the heads with no per-arc scratch. */
  Csr reverse() {
    int n = nodeCount();
    int arcs = head.length;
    int[] inStart = new int[n + 1];
    for (int a = 0; a < arcs; a++) {
      inStart[head[a] + 1]++;
    }
    for (int u = 0; u < n; u++) {
      inStart[u + 1] += inStart[u];
    }
    int[] fill = inStart.clone();
    int[] inHead = new int[arcs];
    for (int u = 0; u < n; u++) {
      for (int a = start[u]; a < start[u + 1]; a++) {
        inHead[fill[head[a]]++] = u;
      }
    }
    return new Csr(inStart, inHead);
  }
}
