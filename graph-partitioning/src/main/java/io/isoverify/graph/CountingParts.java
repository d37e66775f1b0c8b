package io.isoverify.graph;

import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * A counting sort into CSR form (items grouped by a node key) whose two passes run in
 * consecutive parts of the items on parallel threads: each part counts its items per node,
 * {@link #places} turns the counts into each part's own first place per node (parts in
 * order within a node), and each part then fills those places. A node's items therefore
 * come in item order, exactly as one sequential pass gives them. O(nodes x parts + items),
 * an int per node per part. Used where one thread walked tens of millions of edges while the
 * other cores waited ({@link Csr}, the solver's witness).
 */
public final class CountingParts {
  /** The most parts: each holds an int per node. */
  public static final int MAX_PARTS = 4;
  /** The fewest items worth a part of their own. */
  public static final int ITEMS_PER_PART = 1 << 20;

  private CountingParts() {
  }

  /** How many parts {@code items} items get: at most the processors and {@link #MAX_PARTS}. */
  public static int parts(long items) {
    return parts(items, ITEMS_PER_PART,
        Math.min(MAX_PARTS, Runtime.getRuntime().availableProcessors()));
  }

  /** How many parts of at least {@code perPart} items, at most {@code maxParts}. */
  public static int parts(long items, int perPart, int maxParts) {
    return (int) Math.max(1, Math.min(maxParts, items / perPart));
  }

  /** The first item of part p of {@code parts} over {@code items} items. */
  public static int begin(int items, int parts, int p) {
    return (int) ((long) items * p / parts);
  }

  /**
   * Cuts the nodes of a CSR ({@code start}: node u's items are start[u] .. start[u+1]-1)
   * into {@code parts} ranges of consecutive nodes holding about as many items each: part p
   * is nodes [first[p], first[p+1]). O(parts log nodes).
   */
  public static int[] nodeRanges(int[] start, int parts) {
    int nodes = start.length - 1;
    int items = start[nodes];
    int[] first = new int[parts + 1];
    for (int p = 1; p < parts; p++) {
      first[p] = lastAtMost(start, first[p - 1], nodes - 1, begin(items, parts, p));
    }
    first[parts] = nodes;
    return first;
  }

  /**
   * The last index in [lo, hi] whose {@code start} entry is at most {@code target}, or lo
   * ({@code start} ascending): the node whose items hold item {@code target}. O(log).
   */
  static int lastAtMost(int[] start, int lo, int hi, int target) {
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (start[mid] <= target) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** Runs {@code part} for 0 .. parts-1, on parallel threads when there are several. */
  public static void run(int parts, IntConsumer part) {
    if (parts == 1) {
      part.accept(0);
    } else {
      IntStream.range(0, parts).parallel().forEach(part);
    }
  }

  /**
   * Turns each part's count per node ({@code count[p][u]}) into the part's first place for
   * that node, in place, and returns the CSR starts (nodes + 1 entries).
   */
  public static int[] places(int[][] count, int nodes) {
    int[] start = new int[nodes + 1];
    int at = 0;
    for (int u = 0; u < nodes; u++) {
      start[u] = at;
      for (int[] c : count) {
        int k = c[u];
        c[u] = at;
        at += k;
      }
    }
    start[nodes] = at;
    return start;
  }
}
