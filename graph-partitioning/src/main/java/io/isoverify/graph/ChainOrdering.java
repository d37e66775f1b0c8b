package io.isoverify.graph;

import io.isoverify.history.IndexSort;
import java.util.Arrays;

/**
 * Constraint avoidance (DESIGN section 4): instead of one constraint per pair of chains of a
 * key (cobra Figure 3, line 39), ask the reachability index which pairs the known graph
 * already orders. Chain a must precede chain b when head(a) reaches tail(b): then "b before
 * a" would add the edge tail(b) -> head(a) and close a cycle (cobra section 3.3).
 *
 * <p>Per key with m chains: the m x m relation "a must precede b" as bit rows; its transitive
 * closure and covering pairs (b a nearest successor of a) in one pass over a topological
 * order ({@link #closureAndCovers}); forced edges ("a before b", {@link Chains#addBefore})
 * only for the covering pairs, which with the chains themselves imply the forced edges of
 * every other ordered pair by transitivity; a constraint only for the pairs the closure
 * leaves unordered (the concurrent chains), except under SER and SSER a pair of unread
 * single versions ({@link Chains#unreadSingles}), whose order no read can see: no
 * constraint, and no forced edge (implied by the path that forces it). On the general 1M
 * benchmark history at SER that is 5.9M of the 8.6M constraints. Pairs ordered both ways are
 * made constraints, for pruning to report with their cycles. Time per key with m chains:
 * O(m^2) index queries (each one read of head(a)'s row, the tails' chains and positions
 * looked up once per key), under SSER only those of the pairs that overlap in time ({@link
 * #timedRelation}); then O(m words) word operations on bit rows ({@link BitRows}), the
 * closure's O(m^2 + covers x words), and one visit per forced edge and constraint. On
 * BlindW-Pred 100k at SSER (30,000 keys, 182 M pairs) the step took 2.84-2.88 s before the
 * order by successor counts ({@link #bySuccessors}), 1.99-2.01 s after, 2.1 s on a later day
 * and 1.5 s with the timestamps and bit rows (timed in the code).
 * Keys with more than {@link PartitionOptions#denseChains()} chains go to {@link
 * SessionChainOrdering}, which needs neither the m x m relation nor m^2 queries.
 */
final class ChainOrdering {
  private ChainOrdering() {
  }

  /**
   * Adds forced edges to {@code known} and constraints to {@code out}; returns ordered pairs.
   * Keys are independent (each reads the index and writes its own edges and constraints), so
   * runs of keys go to {@code threads} threads ({@link OrderedBlocks}) and their results are
   * appended in key order: the output is the same as one thread's. {@code unreadPairs}: keep
   * the pairs of unread single versions under SER and SSER too ({@link
   * PartitionOptions#unreadPairs}; SI always keeps them). {@code times}: under SSER the
   * vertices' real-time intervals, which answer the pairs that do not overlap in time without
   * a query ({@link VertexTimes}); null otherwise.
   */
  static long resolve(Chains chains, CycleGraph graph, ReachabilityIndex index,
      VertexTimes times, int keyCount, int[] vertexChain, int[] vertexPos, int dense,
      int threads, boolean unreadPairs, EdgeList known, ChainPairs out) {
    int[] blockStart = blocks(chains, keyCount, dense, threads);
    int blocks = blockStart.length - 1;
    boolean[] unread = graph.induced || unreadPairs ? null : chains.unreadSingles();
    long[] ordered = {0};
    OrderedBlocks.run(blocks, threads, b -> {
      boolean alone = blocks == 1;
      EdgeList forced = alone ? known : new EdgeList();
      ChainPairs pairs = alone ? out : new ChainPairs(chains);
      long n = resolveKeys(chains, graph, index, times, blockStart[b], blockStart[b + 1],
          vertexChain, vertexPos, dense, unread, forced, pairs);
      return new Block(forced, pairs, n);
    }, r -> {
      if (r.forced != known) {
        known.addRange(r.forced, 0, r.forced.size());
        out.addAll(r.pairs);
      }
      ordered[0] += r.ordered;
    });
    return ordered[0];
  }

  /** What one run of keys added: forced edges, constraints, ordered pairs. */
  private record Block(EdgeList forced, ChainPairs pairs, long ordered) {
  }

  /**
   * Keys cut into runs of about equal work, {@link #BLOCKS_PER_THREAD} per thread (one run
   * when {@code threads} is 1): a key of m chains costs about m * min(m, dense) queries.
   */
  private static int[] blocks(Chains chains, int keyCount, int dense, int threads) {
    if (threads <= 1) {
      return new int[] {0, keyCount};
    }
    long total = 0;
    for (int key = 0; key < keyCount; key++) {
      total += cost(chains, key, dense);
    }
    long per = Math.max(1, total / ((long) threads * BLOCKS_PER_THREAD));
    IntBuffer start = new IntBuffer();
    start.add(0);
    long sum = 0;
    for (int key = 0; key < keyCount; key++) {
      sum += cost(chains, key, dense);
      if (sum >= per && key + 1 < keyCount) {
        start.add(key + 1);
        sum = 0;
      }
    }
    start.add(keyCount);
    return start.toArray();
  }

  /** Runs of keys per thread: enough that a hot key's run does not leave the others idle. */
  static final int BLOCKS_PER_THREAD = 16;

  private static long cost(Chains chains, int key, int dense) {
    long m = chains.keyChainStart[key + 1] - chains.keyChainStart[key];
    return 1 + m * Math.min(m, dense);
  }

  private static long resolveKeys(Chains chains, CycleGraph graph, ReachabilityIndex index,
      VertexTimes times, int fromKey, int toKey, int[] vertexChain, int[] vertexPos, int dense,
      boolean[] unread, EdgeList known, ChainPairs out) {
    long ordered = 0;
    for (int key = fromKey; key < toKey; key++) {
      int lo = chains.keyChainStart[key];
      int m = chains.keyChainStart[key + 1] - lo;
      if (m > dense) {
        ordered += SessionChainOrdering.resolveKey(chains, graph, index, lo, m, vertexChain,
            vertexPos, unread, known, out);
      } else if (m >= 2) {
        ordered += resolveKey(chains, graph, index, times, lo, m, unread, known, out);
      }
    }
    return ordered;
  }

  /**
   * One key's m chains (m >= 2): forced edges to {@code known}, constraints to {@code out},
   * the number of ordered pairs returned. The relation, its transpose and the closure's are
   * bit rows, so that each step over all pairs is O(m words) word operations, and only the
   * pairs that end up constraints or forced edges are visited one by one.
   */
  static long resolveKey(Chains chains, CycleGraph graph, ReachabilityIndex index,
      VertexTimes times, int lo, int m, boolean[] unread, EdgeList known, ChainPairs out) {
    int words = (m + 63) >>> 6;
    long[] rel = times == null
        ? relation(chains, graph, index, lo, m, words)
        : timedRelation(chains, graph, index, times, lo, m, words);
    // pairs ordered both ways become constraints (pruning finds both sides cyclic); the
    // closure is taken over the pairs ordered one way only
    long[] relT = BitRows.transpose(rel, m, words);
    long[] oneWay = new long[m * words];
    long ordered = 0;
    for (int i = 0; i < oneWay.length; i++) {
      oneWay[i] = rel[i] & ~relT[i];
      ordered += Long.bitCount(rel[i] ^ relT[i]); // each pair ordered one way, twice
    }
    ordered /= 2;
    long[] order = oneWay;
    long[] forced = oneWay;
    long[][] closure = closureAndCovers(oneWay, m, words);
    if (closure != null) {
      order = closure[0];
      forced = closure[1];
    }
    for (int a = 0; a < m; a++) {
      for (int w = 0; w < words; w++) {
        // the set bits of the row, b ascending (about one cover per chain)
        for (long bits = forced[a * words + w]; bits != 0; bits &= bits - 1) {
          int b = (w << 6) + Long.numberOfTrailingZeros(bits);
          if (!bothUnread(unread, lo + a, lo + b)) {
            chains.addBefore(lo + a, lo + b, known);
          }
        }
      }
    }
    // constraints: the pairs a < b ordered both ways, or neither way by the closure
    long[] orderT = BitRows.transpose(order, m, words);
    for (int a = 0; a < m; a++) {
      for (int w = 0; w < words; w++) {
        int at = a * words + w;
        long both = rel[at] & relT[at];
        long open = both | ~(order[at] | orderT[at]);
        for (long bits = open & BitRows.above(a, w) & BitRows.within(m, w); bits != 0;
            bits &= bits - 1) {
          int b = (w << 6) + Long.numberOfTrailingZeros(bits);
          if ((both & (1L << b)) != 0 || !bothUnread(unread, lo + a, lo + b)) {
            out.add(lo + a, lo + b);
          } else {
            ordered++; // left open: either order serves
          }
        }
      }
    }
    return ordered;
  }

  /** Bit rows: a's row holds b when head(a) reaches tail(b). m^2 index queries. */
  private static long[] relation(Chains chains, CycleGraph graph, ReachabilityIndex index,
      int lo, int m, int words) {
    long[] rel = new long[m * words];
    int[] head = new int[m];
    int[] tail = new int[m];
    for (int a = 0; a < m; a++) {
      head[a] = graph.chainNode(chains.versions.slotVertex[chains.chainHead[lo + a]]);
      tail[a] = graph.chainNode(chains.versions.slotVertex[chains.chainTail[lo + a]]);
    }
    // each tail as (index chain, position): a question is then one read of head(a)'s row
    int[] tailChain = new int[m];
    int[] tailPos = new int[m];
    for (int b = 0; b < m; b++) {
      tailChain[b] = index.chainOf(tail[b]);
      tailPos[b] = index.positionOf(tail[b]);
    }
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        if (a != b && (tailChain[b] >= 0 ? index.earliest(head[a], tailChain[b]) <= tailPos[b]
            : index.reaches(head[a], tail[b]))) {
          rel[a * words + (b >>> 6)] |= 1L << b;
        }
      }
    }
    return rel;
  }

  /**
   * The same relation under SSER: a pair whose vertices do not overlap in time is answered
   * from the timestamps ({@link VertexTimes}: head(a) ended before tail(b) started, so it
   * reaches it; or tail(b) ended before head(a) started, so it does not, the known graph being
   * acyclic here), and only the overlapping pairs ask the index. Each row starts as the set of
   * tails that start after head(a) ends, and skips those that end before it starts: two sets
   * of threshold rows over the tails sorted by start and by end, found by binary search. Time
   * O(m log m + m words) + one query per overlapping pair, a few per chain on BlindW-Pred.
   */
  private static long[] timedRelation(Chains chains, CycleGraph graph, ReachabilityIndex index,
      VertexTimes times, int lo, int m, int words) {
    int[] head = new int[m];
    int[] tail = new int[m];
    long[] headStart = new long[m];
    long[] headEnd = new long[m];
    long[] tailStart = new long[m];
    long[] tailEnd = new long[m];
    for (int a = 0; a < m; a++) {
      int h = chains.versions.slotVertex[chains.chainHead[lo + a]];
      int t = chains.versions.slotVertex[chains.chainTail[lo + a]];
      head[a] = graph.chainNode(h);
      tail[a] = graph.chainNode(t);
      headStart[a] = times.start(h);
      headEnd[a] = times.end(h);
      tailStart[a] = times.start(t);
      tailEnd[a] = times.end(t);
    }
    // row k of startsFrom: the tails of rank >= k by start; row k of endsBelow: rank < k by end
    int[] byStart = IndexSort.byKey(tailStart, m);
    int[] byEnd = IndexSort.byKey(tailEnd, m);
    long[] sortedStart = new long[m];
    long[] sortedEnd = new long[m];
    long[] startsFrom = new long[(m + 1) * words];
    long[] endsBelow = new long[(m + 1) * words];
    for (int k = m - 1; k >= 0; k--) {
      int b = byStart[k];
      sortedStart[k] = tailStart[b];
      System.arraycopy(startsFrom, (k + 1) * words, startsFrom, k * words, words);
      startsFrom[k * words + (b >>> 6)] |= 1L << b;
    }
    for (int k = 1; k <= m; k++) {
      int b = byEnd[k - 1];
      sortedEnd[k - 1] = tailEnd[b];
      System.arraycopy(endsBelow, (k - 1) * words, endsBelow, k * words, words);
      endsBelow[k * words + (b >>> 6)] |= 1L << b;
    }
    long[] rel = new long[m * words];
    for (int a = 0; a < m; a++) {
      int after = IndexSort.firstAbove(sortedStart, headEnd[a]) * words;
      int before = IndexSort.firstAtLeast(sortedEnd, 0, m, headStart[a]) * words;
      for (int w = 0; w < words; w++) {
        long reached = startsFrom[after + w];
        long open = ~(reached | endsBelow[before + w]) & BitRows.within(m, w);
        if (w == a >>> 6) {
          open &= ~(1L << a);
        }
        for (long bits = open; bits != 0; bits &= bits - 1) {
          int b = (w << 6) + Long.numberOfTrailingZeros(bits);
          if (index.reaches(head[a], tail[b])) {
            reached |= 1L << b;
          }
        }
        rel[a * words + w] = reached;
      }
      rel[a * words + (a >>> 6)] &= ~(1L << a); // a chain whose head ended before its tail began
    }
    return rel;
  }

  /**
   * The transitive closure of the acyclic relation {@code rel} and its covering pairs (a < b
   * with no a < c < b), as {closure, covers}, or null when {@code rel} is cyclic (then every
   * ordered pair is forced as it is, and the known graph gets the cycle). One pass over a
   * topological order: a's successors, visited in that order, are each either reached
   * through an earlier one (already in a's closure) or a cover, whose closure is then added
   * ({@code closure[a] = rel[a] | OR of closure[c] over the covers c}). Time O(m^2 + covers
   * x words), against Warshall's O(m^3 / 64): the relations here are close to total orders,
   * with about one cover per chain.
   */
  static long[][] closureAndCovers(long[] rel, int m, int words) {
    int[] topo = topologicalOrder(rel, m, words);
    if (topo == null) {
      return null;
    }
    long[] closure = new long[m * words];
    long[] cover = new long[m * words];
    for (int xi = m - 1; xi >= 0; xi--) {
      int row = topo[xi] * words;
      // every successor comes later in the order: visit them in it
      for (int yi = xi + 1; yi < m; yi++) {
        int y = topo[yi];
        int at = row + (y >>> 6);
        long b = 1L << y;
        if ((rel[at] & b) != 0 && (closure[at] & b) == 0) {
          cover[at] |= b;
          closure[at] |= b;
          for (int w = 0; w < words; w++) {
            closure[row + w] |= closure[y * words + w];
          }
        }
      }
    }
    return new long[][] {closure, cover};
  }

  /**
   * A topological order of the relation (every pair a < b has a first), or null when it has
   * a cycle: {@link #bySuccessors} when that is one, else depth-first search.
   */
  private static int[] topologicalOrder(long[] rel, int m, int words) {
    int[] order = bySuccessors(rel, m, words);
    return order != null ? order : depthFirstOrder(rel, m, words);
  }

  /**
   * The elements by decreasing number of successors, ties by number, when that is a
   * topological order, else null. It is one for a transitive acyclic relation (a < b makes
   * every successor of b one of a's, and b is not its own), as the relation of a key whose
   * chains are single versions is (head(a) reaches tail(b) is then reachability among
   * versions): BlindW-Pred's 30,000 keys of about 80 chains each, where the depth-first
   * search visited every pair. Checked in one pass: no element's row may hold one placed
   * before it (on a cycle, the member placed last fails). O(m log m + m words).
   */
  static int[] bySuccessors(long[] rel, int m, int words) {
    long[] keyed = new long[m];
    for (int a = 0; a < m; a++) {
      int successors = 0;
      for (int w = 0; w < words; w++) {
        successors += Long.bitCount(rel[a * words + w]);
      }
      keyed[a] = (long) (m - successors) << 32 | a;
    }
    Arrays.sort(keyed);
    long[] placed = new long[words];
    int[] order = new int[m];
    for (int i = 0; i < m; i++) {
      int a = (int) keyed[i];
      for (int w = 0; w < words; w++) {
        if ((rel[a * words + w] & placed[w]) != 0) {
          return null;
        }
      }
      placed[a >>> 6] |= 1L << a;
      order[i] = a;
    }
    return order;
  }

  /**
   * A topological order of the relation, or null when it has a cycle: depth-first search on
   * the bit rows, each row scanned once. O(m words + pairs).
   */
  private static int[] depthFirstOrder(long[] rel, int m, int words) {
    byte[] state = new byte[m]; // 0 new, 1 on the stack, 2 done
    int[] order = new int[m];
    int done = m;
    int[] stack = new int[m];
    int[] next = new int[m]; // per node on the stack: the next successor to look at
    for (int s = 0; s < m; s++) {
      if (state[s] != 0) {
        continue;
      }
      int depth = 0;
      stack[depth++] = s;
      state[s] = 1;
      next[s] = 0;
      while (depth > 0) {
        int a = stack[depth - 1];
        int b = nextBit(rel, words, a, next[a], m);
        if (b < 0) {
          state[a] = 2;
          order[--done] = a;
          depth--;
        } else {
          next[a] = b + 1;
          if (state[b] == 1) {
            return null;
          }
          if (state[b] == 0) {
            state[b] = 1;
            next[b] = 0;
            stack[depth++] = b;
          }
        }
      }
    }
    return order;
  }

  /** The first b >= from with pair (a, b), or -1. */
  private static int nextBit(long[] rel, int words, int a, int from, int m) {
    if (from >= m) {
      return -1;
    }
    int w = from >>> 6;
    long bits = rel[a * words + w] & (-1L << from);
    while (true) {
      if (bits != 0) {
        return (w << 6) + Long.numberOfTrailingZeros(bits);
      }
      if (++w == words) {
        return -1;
      }
      bits = rel[a * words + w];
    }
  }

  /**
   * Whether chains a and b are both unread single versions ({@link Chains#unreadSingles};
   * {@code unread} null under SI): the pair needs no constraint, and a forced edge between
   * them (a reaches b already, the reason it is forced) adds no path.
   */
  static boolean bothUnread(boolean[] unread, int a, int b) {
    return unread != null && unread[a] && unread[b];
  }
}
