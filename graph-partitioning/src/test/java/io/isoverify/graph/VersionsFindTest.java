package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Versions#find}, the search behind every slot lookup, against a binary search on
 * random ascending arrays (fixed seeds): evenly spread values, where the interpolation
 * guesses land, and skewed ones (squares, a cluster and a far outlier, huge gaps), where it
 * must fall back to halving; each value present and the ones beside it, in sub-ranges.
 */
class VersionsFindTest {
  @Test
  void findsWhatABinarySearchFinds() {
    long asked = 0;
    long present = 0;
    for (long seed = 0; seed < 2_000; seed++) {
      Random r = new Random(seed);
      int n = r.nextInt(seed % 10 == 0 ? 2_000 : 40);
      int[] a = ascending(r, n, (int) (seed % 4));
      int from = n == 0 ? 0 : r.nextInt(n + 1);
      int to = from + (n == from ? 0 : r.nextInt(n - from + 1));
      for (int i = Math.max(0, from - 1); i < Math.min(n, to + 1); i++) {
        for (int x : new int[] {a[i] - 1, a[i], a[i] + 1}) {
          int expected = Arrays.binarySearch(a, from, to, x);
          assertEquals(expected < 0 ? -1 : expected, Versions.find(a, from, to, x),
              "seed " + seed + " x " + x);
          asked++;
          present += expected >= 0 ? 1 : 0;
        }
      }
      assertEquals(-1, Versions.find(a, from, to, Integer.MIN_VALUE));
      assertEquals(-1, Versions.find(a, from, to, Integer.MAX_VALUE));
    }
    assertTrue(present > 50_000 && asked > 3 * present / 2, asked + " asked, " + present);
  }

  /** n distinct ascending values in [0, 2^31 - 2]: even, squares, clustered or huge gaps. */
  private static int[] ascending(Random r, int n, int shape) {
    int[] a = new int[n];
    long v = r.nextInt(3);
    for (int i = 0; i < n; i++) {
      a[i] = (int) v;
      v += switch (shape) {
        case 0 -> 1 + r.nextInt(5);
        case 1 -> 1 + (long) i * i;
        case 2 -> i == n - 2 ? 1_000_000_000L : 1 + r.nextInt(2);
        default -> 1 + r.nextInt(1 << 20);
      };
      v = Math.min(v, Integer.MAX_VALUE - 1 - (n - i));
    }
    return a;
  }
}
