package io.isoverify.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The index sort is the stable order by key, sequential below {@link IndexSort#PARALLEL}
 * indexes and on parallel halves above it: random keys with many ties, and sorted and
 * reversed runs (fixed seeds), against a stable sort of boxed indexes.
 */
class IndexSortTest {
  @Test
  void theStableOrderByKeyOnBothSidesOfTheParallelThreshold() {
    Random r = new Random(7);
    for (int n : new int[] {0, 1, 23, 1000, IndexSort.PARALLEL + 1, 3 * IndexSort.PARALLEL + 17}) {
      long[] ties = new long[n];
      long[] runs = new long[n];
      for (int i = 0; i < n; i++) {
        ties[i] = r.nextInt(50) - 25;
        runs[i] = (i / 1000) % 2 == 0 ? i : -i;
      }
      assertArrayEquals(stable(ties, n), IndexSort.byKey(ties, n), n + " random ties");
      assertArrayEquals(stable(runs, n), IndexSort.byKey(runs, n), n + " runs");
    }
  }

  private static int[] stable(long[] key, int n) {
    Integer[] idx = new Integer[n];
    Arrays.setAll(idx, i -> i);
    Arrays.sort(idx, Comparator.comparingLong(i -> key[i])); // TimSort: stable
    return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
  }
}
