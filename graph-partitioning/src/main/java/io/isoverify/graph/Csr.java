package io.isoverify.graph;

/**
 * A directed graph in compressed sparse row form: node u's out-arcs are
 * {@code start[u] .. start[u+1]-1}, arc a goes to {@code head[a]} and carries the label
 * {@code label[a]} (an index into whatever edge list the graph was built from).
 * Built by counting sort in O(nodes + arcs).
 */
final class Csr {
  final int[] start;
  final int[] head;
  final int[] label;

  private Csr(int[] start, int[] head, int[] label) {
    this.start = start;
    this.head = head;
    this.label = label;
  }

  /** The arrays as they are, arcs unlabelled (their label is their index). */
  static Csr wrap(int[] start, int[] head) {
    return new Csr(start, head, null);
  }

  int nodeCount() {
    return start.length - 1;
  }

  /** The graph of arcs {@code tail[a] -> head[a]}, a in 0..arcs-1, labelled a. */
  static Csr of(int nodes, int[] tail, int[] head, int arcs) {
    return of(nodes, tail, head, null, arcs);
  }

  /** Like {@link #of(int, int[], int[], int)} but arc a is labelled {@code label[a]}. */
  static Csr of(int nodes, int[] tail, int[] head, int[] label, int arcs) {
    int[] start = new int[nodes + 1];
    for (int a = 0; a < arcs; a++) {
      start[tail[a] + 1]++;
    }
    for (int u = 0; u < nodes; u++) {
      start[u + 1] += start[u];
    }
    int[] fill = start.clone();
    int[] outHead = new int[arcs];
    int[] outLabel = new int[arcs];
    for (int a = 0; a < arcs; a++) {
      int slot = fill[tail[a]]++;
      outHead[slot] = head[a];
      outLabel[slot] = label == null ? a : label[a];
    }
    return new Csr(start, outHead, outLabel);
  }

  /** The graph whose node u's out-arcs are {@code start[u] .. start[u+1]-1} (taken, not copied). */
  static Csr of(int[] start, int[] head, int[] label) {
    return new Csr(start, head, label);
  }

  /**
   * The same arcs reversed (each keeps its label), by counting sort over the heads with no
   * per-arc scratch.
   */
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
    int[] inLabel = new int[arcs];
    for (int u = 0; u < n; u++) {
      for (int a = start[u]; a < start[u + 1]; a++) {
        int slot = fill[head[a]]++;
        inHead[slot] = u;
        inLabel[slot] = label == null ? a : label[a];
      }
    }
    return new Csr(inStart, inHead, inLabel);
  }
}
