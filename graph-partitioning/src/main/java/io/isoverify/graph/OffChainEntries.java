package io.isoverify.graph;

import java.util.Arrays;

/**
 * What reaching a node off every chain takes in a {@link ChainReachability} index (the SI
 * split graph's RW-entry nodes, {@link CycleGraph}): reaching one of its in-neighbours. Those
 * lie on chains, and on a chain reaching an earlier node means reaching every later one, so
 * per chain only the latest in-neighbour counts: node v keeps one (chain, position) pair per
 * chain among its in-neighbours', and u reaches v iff {@code first[u*K + c] <= p} for one of
 * v's pairs. A query then reads at most K entries of u's row, where a walk over the
 * in-neighbours made one (chain, position) lookup per in-arc: the RW-entry node of a hot
 * key's version has an in-arc from every reader of the version before it (on a 1M general
 * history at SI that walk was a sixth of the run).
 *
 * <p>Built from the out-arcs, without the reversed graph, in O(nodes + arcs) time (its passes
 * over the arcs on parallel threads, {@link CountingParts}) and two ints per arc into such
 * nodes at most (the pairs are fewer). A node off every chain with an
 * in-neighbour off every chain too (outside {@link ChainCoverGraph}'s contract) is marked
 * {@link #general}: the index answers it by walking its in-neighbours.
 */
final class OffChainEntries {
  private final int[] start;
  private final int[] chain;
  private final int[] pos;
  private final boolean[] general;

  private OffChainEntries(int[] start, int[] chain, int[] pos, boolean[] general) {
    this.start = start;
    this.chain = chain;
    this.pos = pos;
    this.general = general;
  }

  /** The pairs of every node of {@code g} off every chain. */
  static OffChainEntries of(ChainCoverGraph g) {
    return of(g, CountingParts.parts(g.outStart()[g.nodeCount()]));
  }

  /** {@link #of}, its passes over the arcs in {@code parts} parts (tests: several, small). */
  static OffChainEntries of(ChainCoverGraph g, int parts) {
    int n = g.nodeCount();
    int[] chainOf = g.chainOf();
    int[] posOf = g.posOf();
    int[] outStart = g.outStart();
    int[] outHead = g.outHead();
    // tails by head (a counting sort in parts of consecutive tails on parallel threads, so
    // each head's tails stay ascending), then each node's run compressed in place to its
    // (chain, latest) pairs
    int[] firstNode = CountingParts.nodeRanges(outStart, parts);
    int[][] place = new int[parts][];
    boolean[][] generalOf = new boolean[parts][];
    CountingParts.run(parts, p -> {
      int[] c = new int[n];
      for (int u = firstNode[p]; u < firstNode[p + 1]; u++) {
        for (int a = outStart[u]; a < outStart[u + 1]; a++) {
          int v = outHead[a];
          if (chainOf[v] >= 0) {
            continue;
          }
          if (chainOf[u] < 0) {
            generalOf[p] = generalOf[p] == null ? new boolean[n] : generalOf[p];
            generalOf[p][v] = true;
          } else {
            c[v]++;
          }
        }
      }
      place[p] = c;
    });
    int[] at = CountingParts.places(place, n);
    int[] tails = new int[at[n]];
    CountingParts.run(parts, p -> {
      int[] c = place[p];
      for (int u = firstNode[p]; u < firstNode[p + 1]; u++) {
        if (chainOf[u] < 0) {
          continue;
        }
        for (int a = outStart[u]; a < outStart[u + 1]; a++) {
          int v = outHead[a];
          if (chainOf[v] < 0) {
            tails[c[v]++] = u;
          }
        }
      }
    });
    boolean[] general = null;
    for (boolean[] marks : generalOf) {
      if (marks != null && general == null) {
        general = marks;
      } else if (marks != null) {
        for (int v = 0; v < n; v++) {
          general[v] |= marks[v];
        }
      }
    }
    int[] pos = tails;
    int[] chain = new int[pos.length];
    int[] latest = new int[g.chains()];
    Arrays.fill(latest, Integer.MIN_VALUE);
    int[] seen = new int[g.chains()];
    int[] start = new int[n + 1];
    int out = 0;
    for (int v = 0; v < n; v++) {
      start[v] = out;
      int touched = 0;
      for (int i = at[v]; i < at[v + 1]; i++) {
        int c = chainOf[pos[i]];
        if (latest[c] == Integer.MIN_VALUE) {
          seen[touched++] = c;
        }
        latest[c] = Math.max(latest[c], posOf[pos[i]]);
      }
      for (int i = 0; i < touched; i++) {
        chain[out] = seen[i];
        pos[out++] = latest[seen[i]];
        latest[seen[i]] = Integer.MIN_VALUE;
      }
    }
    start[n] = out;
    if (out < pos.length - pos.length / 4) {
      chain = Arrays.copyOf(chain, out);
      pos = Arrays.copyOf(pos, out);
    }
    return new OffChainEntries(start, chain, pos, general);
  }

  /** Whether v has an in-neighbour off every chain: its pairs do not answer for it. */
  boolean general(int v) {
    return general != null && general[v];
  }

  /**
   * Whether the node whose row of the table begins at {@code first[row]} reaches one of
   * v's in-neighbours from the graph it was built from.
   */
  boolean reached(int[] first, int row, int v) {
    for (int i = start[v]; i < start[v + 1]; i++) {
      if (first[row + chain[i]] <= pos[i]) {
        return true;
      }
    }
    return false;
  }
}
