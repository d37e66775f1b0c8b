package io.isoverify.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link VarOrder} against the order it must give, computed by a scan: the most active
 * variable in it, the lowest rank among equally active ones, over random inserts, removals,
 * bumps (enough to rescale the activities) and decays.
 */
class VarOrderTest {

  @Test
  void givesTheOrderOfActivityThenRankUnderRandomOperations() {
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      int vars = 1 + random.nextInt(300);
      int[] rank = shuffled(vars, random);
      VarOrder order = new VarOrder(rank);
      double[] activity = new double[vars];
      boolean[] in = new boolean[vars];
      double increment = 1.0;
      for (int step = 0; step < 2_000; step++) {
        int op = random.nextInt(10);
        int v = random.nextInt(vars);
        if (op < 4) {
          order.insert(v);
          in[v] = true;
        } else if (op < 6) {
          order.bump(v);
          activity[v] += increment;
          if (activity[v] > 1e100) {
            for (int i = 0; i < vars; i++) {
              activity[i] *= 1e-100;
            }
            increment *= 1e-100;
          }
        } else if (op < 7) {
          // now and then a burst of decays, so that later bumps pass 1e100 and rescale
          int decays = random.nextInt(20) == 0 ? 2_000 : 1;
          for (int k = 0; k < decays; k++) {
            order.decay();
            increment /= 0.95;
          }
        } else {
          int expected = -1;
          for (int u = 0; u < vars; u++) {
            if (in[u] && (expected < 0 || activity[u] > activity[expected]
                || (activity[u] == activity[expected] && rank[u] < rank[expected]))) {
              expected = u;
            }
          }
          assertEquals(expected < 0, order.isEmpty(), "round " + round + " step " + step);
          if (expected >= 0) {
            assertEquals(expected, order.peekMax(), "round " + round + " step " + step);
            if (op < 9) {
              assertEquals(expected, order.removeMax(), "round " + round + " step " + step);
              in[expected] = false;
            }
          }
        }
        assertEquals(in[v], order.contains(v));
      }
    }
  }

  private static int[] shuffled(int n, Random random) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }
}
