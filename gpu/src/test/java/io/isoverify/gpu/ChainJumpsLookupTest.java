package io.isoverify.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.graph.ChainCoverGraph;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The host half of the chain jumps, without a device: the (chain, position) -> node lookup
 * finds every chained node where its chain and position say, also for chains whose
 * positions start far from 0, and refuses positions too sparse for it.
 */
class ChainJumpsLookupTest {
  @Test
  void everyChainedNodeIsFoundAtItsPosition() {
    Random rnd = new Random(7);
    for (int round = 0; round < 50; round++) {
      int n = 1 + rnd.nextInt(400);
      ChainCoverGraph g = CudaReachabilityTest.randomDag(rnd, n, 1 + rnd.nextInt(Math.min(n, 12)),
          0.05, round % 2 == 0 ? 0 : 1 + rnd.nextInt(100_000), 1);
      int[][] lookup = ChainJumps.lookup(g);
      assertNotNull(lookup, "round " + round);
      for (int u = 0; u < n; u++) {
        int c = g.chainOf()[u];
        assertEquals(u, lookup[0][lookup[1][c] + g.posOf()[u]], "round " + round + " node " + u);
      }
      for (int slot = 0; slot < lookup[0].length; slot++) {
        assertTrue(lookup[0][slot] >= 0, "round " + round + ": slot " + slot + " holds no node");
      }
      assertEquals(n, lookup[0].length, "round " + round + ": dense positions need one slot a node");
    }
  }

  @Test
  void sparsePositionsAreRefused() {
    ChainCoverGraph g = CudaReachabilityTest.randomDag(new Random(3), 300, 4, 0.05, 0, 3);
    assertNull(ChainJumps.lookup(g));
  }
}
