package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link OffChainEntries} built in 2 to 4 parts answers as when built in one, and as the
 * definition says (u reaches off-chain v iff u's row reaches one of v's in-neighbours on a
 * chain; {@code general} iff an in-neighbour is off every chain), on random DAGs with some
 * nodes on chains and some off (fixed seeds) and random reachability rows.
 */
class OffChainEntriesTest {
  @Test
  void partsAnswerAsOneAndAsTheDefinition() {
    long answered = 0;
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      int n = 2 + r.nextInt(80);
      int chains = 1 + r.nextInt(5);
      int[] chainOf = new int[n];
      int[] posOf = new int[n];
      int[] length = new int[chains];
      for (int v = 0; v < n; v++) {
        chainOf[v] = r.nextInt(3) == 0 ? -1 : r.nextInt(chains);
        posOf[v] = chainOf[v] < 0 ? -1 : length[chainOf[v]]++;
      }
      int arcs = r.nextInt(4 * n);
      int[] tail = new int[arcs];
      int[] head = new int[arcs];
      for (int a = 0; a < arcs; a++) {
        int x = r.nextInt(n - 1);
        tail[a] = x;
        head[a] = x + 1 + r.nextInt(n - 1 - x);
      }
      ChainCoverGraph g = ChainCoverGraph.of(n, tail, head, arcs, chainOf, posOf, chains);
      OffChainEntries one = OffChainEntries.of(g, 1);
      OffChainEntries parted = OffChainEntries.of(g, 2 + r.nextInt(3));
      // a row per node: first[row + c] = the first position on chain c the node reaches
      int[] first = new int[n * chains];
      for (int i = 0; i < first.length; i++) {
        first[i] = r.nextInt(n + 1);
      }
      for (int v = 0; v < n; v++) {
        if (chainOf[v] >= 0) {
          continue;
        }
        boolean general = false;
        for (int a = 0; a < arcs; a++) {
          general |= head[a] == v && chainOf[tail[a]] < 0;
        }
        assertEquals(general, one.general(v), "seed " + seed);
        assertEquals(general, parted.general(v), "seed " + seed);
        for (int u = 0; u < n; u++) {
          boolean reached = false;
          for (int a = 0; a < arcs; a++) {
            int w = tail[a];
            reached |= head[a] == v && chainOf[w] >= 0 && first[u * chains + chainOf[w]] <= posOf[w];
          }
          assertEquals(reached, one.reached(first, u * chains, v), "seed " + seed);
          assertEquals(reached, parted.reached(first, u * chains, v), "seed " + seed);
          answered += reached ? 1 : 0;
        }
      }
    }
    assertTrue(answered > 1_000, answered + " reached");
  }
}
