package io.isoverify.graph;

/**
 * Constraint avoidance (DESIGN section 4): instead of one constraint per pair of chains of a
 * key (cobra Figure 3, line 39), ask the reachability index which pairs the known graph
 * already orders. Chain a must precede chain b when head(a) reaches tail(b): then "b before
 * a" would add the edge tail(b) -> head(a) and close a cycle (cobra section 3.3).
 *
 * <p>Per key with m chains: the m x m relation "a must precede b" as bit rows; its transitive
 * closure (Warshall on words); forced edges ("a before b", {@link Chains#addBefore}) only for
 * the covering pairs (b a nearest successor of a), which with the chains themselves imply
 * the forced edges of every other ordered pair by transitivity; a constraint only for the
 * pairs the closure leaves unordered (the concurrent chains). Pairs ordered both ways are
 * made constraints, for pruning to report with their cycles. Time O(m^2) index queries +
 * O(m^3 / 64) per key. Keys with more than {@link PartitionOptions#denseChains()} chains go to
 * {@link SessionChainOrdering}, which needs neither the m x m relation nor m^2 queries.
 */
final class ChainOrdering {
  private ChainOrdering() {
  }

  /** Adds forced edges to {@code known} and constraints to {@code out}; returns ordered pairs. */
  static long resolve(Chains chains, CycleGraph graph, ReachabilityIndex index, int keyCount,
      int[] vertexChain, int[] vertexPos, int dense, EdgeList known, ChainPairs out) {
    long ordered = 0;
    for (int key = 0; key < keyCount; key++) {
      int lo = chains.keyChainStart[key];
      int m = chains.keyChainStart[key + 1] - lo;
      if (m > dense) {
        ordered += SessionChainOrdering.resolveKey(chains, graph, index, lo, m, vertexChain,
            vertexPos, known, out);
      } else if (m >= 2) {
        ordered += resolveKey(chains, graph, index, lo, m, known, out);
      }
    }
    return ordered;
  }

  private static long resolveKey(Chains chains, CycleGraph graph, ReachabilityIndex index,
      int lo, int m, EdgeList known, ChainPairs out) {
    int words = (m + 63) >>> 6;
    long[] rel = new long[m * words];
    int[] head = new int[m];
    int[] tail = new int[m];
    for (int a = 0; a < m; a++) {
      head[a] = graph.chainNode(chains.versions.slotVertex[chains.chainHead[lo + a]]);
      tail[a] = graph.chainNode(chains.versions.slotVertex[chains.chainTail[lo + a]]);
    }
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        if (a != b && index.reaches(head[a], tail[b])) {
          rel[a * words + (b >>> 6)] |= 1L << b;
        }
      }
    }
    // pairs ordered both ways become constraints (pruning finds both sides cyclic); the
    // closure is taken over the pairs ordered one way only
    long[] oneWay = rel.clone();
    long ordered = 0;
    for (int a = 0; a < m; a++) {
      for (int b = a + 1; b < m; b++) {
        boolean ab = bit(rel, words, a, b);
        boolean ba = bit(rel, words, b, a);
        if (ab && ba) {
          clear(oneWay, words, a, b);
          clear(oneWay, words, b, a);
        } else if (ab || ba) {
          ordered++;
        }
      }
    }
    long[] order = oneWay;
    long[] forced = oneWay;
    long[] closure = closure(oneWay, m, words);
    if (closure != null) {
      order = closure;
      forced = covers(closure, m, words);
    }
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        if (bit(forced, words, a, b)) {
          chains.addBefore(lo + a, lo + b, known);
        }
      }
    }
    for (int a = 0; a < m; a++) {
      for (int b = a + 1; b < m; b++) {
        boolean conflict = bit(rel, words, a, b) && bit(rel, words, b, a);
        if (conflict || !bit(order, words, a, b) && !bit(order, words, b, a)) {
          out.add(lo + a, lo + b);
        }
      }
    }
    return ordered;
  }

  /**
   * The transitive closure of {@code rel} (Warshall on bit rows), or null when it is cyclic;
   * then every ordered pair is forced as it is, and the known graph gets the cycle.
   */
  private static long[] closure(long[] rel, int m, int words) {
    long[] closure = rel.clone();
    for (int k = 0; k < m; k++) {
      int kw = k >>> 6;
      long kb = 1L << k;
      for (int i = 0; i < m; i++) {
        if ((closure[i * words + kw] & kb) != 0) {
          for (int w = 0; w < words; w++) {
            closure[i * words + w] |= closure[k * words + w];
          }
        }
      }
    }
    for (int i = 0; i < m; i++) {
      if (bit(closure, words, i, i)) {
        return null;
      }
    }
    return closure;
  }

  /** The covering pairs of a transitive acyclic relation: a < b with no a < c < b. */
  private static long[] covers(long[] closure, int m, int words) {
    long[] cover = closure.clone();
    long[] further = new long[words];
    for (int a = 0; a < m; a++) {
      java.util.Arrays.fill(further, 0);
      for (int c = 0; c < m; c++) {
        if (bit(closure, words, a, c)) {
          for (int w = 0; w < words; w++) {
            further[w] |= closure[c * words + w];
          }
        }
      }
      for (int w = 0; w < words; w++) {
        cover[a * words + w] &= ~further[w];
      }
    }
    return cover;
  }

  private static boolean bit(long[] rows, int words, int a, int b) {
    return (rows[a * words + (b >>> 6)] & (1L << b)) != 0;
  }

  private static void clear(long[] rows, int words, int a, int b) {
    rows[a * words + (b >>> 6)] &= ~(1L << b);
  }
}
