package io.isoverify.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.graph.ChainCoverGraph;
import io.isoverify.graph.ChainReachability;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The host half of {@link LevelFill}, without a device: the levels (every arc goes to a
 * lower level), the launch plan (every level once, lowest first, narrow ones grouped), and
 * the table that the plan gives when each launch computes its entries as the kernel does
 * (own position on its own chain, else the minimum over the successors), equal to the CPU
 * backend's table on random DAGs (fixed seed).
 */
class LevelFillPlanTest {

  @Test
  void thePlanFillsTheCpuTable() {
    Random rnd = new Random(7);
    int[] kinds = new int[2];
    for (int round = 0; round < 60; round++) {
      boolean wide = round >= 50; // 100 sessions: levels of about 100 x 100 entries
      int n = wide ? 5000 : 2 + rnd.nextInt(round < 40 ? 200 : 5000);
      int chains = wide ? 100 : 1 + rnd.nextInt(Math.min(n, round % 2 == 0 ? 4 : 64));
      ChainCoverGraph g = CudaReachabilityTest.randomDag(rnd, n, chains,
          rnd.nextBoolean() ? 0.001 : 0.05);
      int[][] lv = LevelFill.levels(g);
      int[] levelStart = lv[0];
      int[] byLevel = lv[1];
      int[] level = new int[n];
      for (int l = 0; l + 1 < levelStart.length; l++) {
        for (int i = levelStart[l]; i < levelStart[l + 1]; i++) {
          level[byLevel[i]] = l;
        }
      }
      for (int u = 0; u < n; u++) {
        for (int a = g.outStart()[u]; a < g.outStart()[u + 1]; a++) {
          assertTrue(level[g.outHead()[a]] < level[u], "arc to a lower level");
        }
      }
      int[] plan = LevelFill.launches(levelStart, chains);
      int next = 0;
      int[] first = ChainReachability.newTable(g);
      for (int i = 0; i < plan.length; i += 3) {
        assertEquals(next, plan[i + 1], "levels in order, each once");
        assertTrue(plan[i] == 0 || plan[i + 2] == plan[i + 1] + 1, "a wide launch is one level");
        for (int l = plan[i + 1]; l < plan[i + 2]; l++) {
          long entries = (long) (levelStart[l + 1] - levelStart[l]) * chains;
          assertEquals(plan[i] == 1, entries > LevelFill.NARROW, "level " + l);
          for (int j = levelStart[l]; j < levelStart[l + 1]; j++) {
            fillRow(g, byLevel[j], first);
          }
        }
        next = plan[i + 2];
        kinds[plan[i]]++;
      }
      assertEquals(levelStart.length - 1, next, "every level");
      assertArrayEquals(ChainReachability.cpuTable(g), first, "round " + round);
    }
    assertTrue(kinds[0] > 0 && kinds[1] > 0, "both kinds of launch: " + Arrays.toString(kinds));
  }

  /** What the kernels compute for the entries of one node. */
  private static void fillRow(ChainCoverGraph g, int u, int[] first) {
    int k = g.chains();
    int[] row = new int[k];
    Arrays.fill(row, Integer.MAX_VALUE);
    for (int a = g.outStart()[u]; a < g.outStart()[u + 1]; a++) {
      int w = g.outHead()[a];
      for (int c = 0; c < k; c++) {
        row[c] = Math.min(row[c], first[w * k + c]);
      }
    }
    if (g.chainOf()[u] >= 0) {
      row[g.chainOf()[u]] = g.posOf()[u];
    }
    System.arraycopy(row, 0, first, u * k, k);
  }
}
