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
    return CountingParts.lastAtMost(start, 0, nodeCount() - 1, a);
  }

  /**
   * The graph of arcs {@code tail[a] -> head[a]}, a in 0..arcs-1, a node's arcs in arc order;
   * the counting sort in parts on parallel threads ({@link CountingParts}).
   */
  static Csr of(int nodes, int[] tail, int[] head, int arcs) {
    int parts = CountingParts.parts(arcs);
    int[][] place = new int[parts][];
    CountingParts.run(parts, p -> {
      int[] c = new int[nodes];
      int hi = CountingParts.begin(arcs, parts, p + 1);
      for (int a = CountingParts.begin(arcs, parts, p); a < hi; a++) {
        c[tail[a]]++;
      }
      place[p] = c;
    });
    int[] start = CountingParts.places(place, nodes);
    int[] outHead = new int[arcs];
    CountingParts.run(parts, p -> {
      int[] c = place[p];
      int hi = CountingParts.begin(arcs, parts, p + 1);
      for (int a = CountingParts.begin(arcs, parts, p); a < hi; a++) {
        outHead[c[tail[a]]++] = head[a];
      }
    });
    return new Csr(start, outHead);
  }

  /**
   * The same arcs reversed, unlabelled, by counting sort over the heads with no per-arc
   * scratch, a node's sources ascending; in parts of consecutive sources, each about as many
   * arcs, on parallel threads ({@link CountingParts}).
   */
  Csr reverse() {
    return reverse(null);
  }

  /**
   * The arcs whose bit is set in {@code only} (bit a for arc a; null: every arc), reversed as
   * {@link #reverse()} does. O(nodes + arcs).
   */
  Csr reverse(long[] only) {
    int n = nodeCount();
    int parts = CountingParts.parts(head.length);
    int[] firstNode = CountingParts.nodeRanges(start, parts);
    int[][] place = new int[parts][];
    CountingParts.run(parts, p -> {
      int[] c = new int[n];
      for (int a = start[firstNode[p]]; a < start[firstNode[p + 1]]; a++) {
        if (kept(only, a)) {
          c[head[a]]++;
        }
      }
      place[p] = c;
    });
    int[] inStart = CountingParts.places(place, n);
    int[] inHead = new int[inStart[n]];
    CountingParts.run(parts, p -> {
      int[] c = place[p];
      for (int u = firstNode[p]; u < firstNode[p + 1]; u++) {
        for (int a = start[u]; a < start[u + 1]; a++) {
          if (kept(only, a)) {
            inHead[c[head[a]]++] = u;
          }
        }
      }
    });
    return new Csr(inStart, inHead);
  }

  /** Whether arc a's bit is set in {@code only} (null keeps every arc). */
  private static boolean kept(long[] only, int a) {
    return only == null || (only[a >>> 6] & (1L << a)) != 0;
  }
}
