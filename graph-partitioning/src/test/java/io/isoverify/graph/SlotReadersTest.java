package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link SlotReaders} against the grouping it replaced (sort the pairs as longs, drop repeats,
 * count per slot) on random pairs with fixed seeds: runs ascending by reader as
 * {@link Versions} makes them, the same in any order, repeats within and across runs, slots
 * without readers, and no pairs at all.
 */
class SlotReadersTest {
  @Test
  void groupsAsSortingThePairsDoes() {
    int unsortedSlots = 0;
    for (long seed = 0; seed < 1_000; seed++) {
      Random r = new Random(seed);
      int slots = 1 + r.nextInt(seed % 10 == 0 ? 5_000 : 30);
      int readers = 1 + r.nextInt(seed % 7 == 0 ? 100_000 : 50);
      long[] pairs = pairs(r, slots, readers, (int) (seed % 3));
      SlotReaders got = SlotReaders.of(pairs.clone(), slots);
      long[] sorted = pairs.clone();
      Arrays.sort(sorted);
      int[] start = new int[slots + 1];
      int[] reader = new int[sorted.length];
      int n = 0;
      for (int i = 0; i < sorted.length; i++) {
        if (i == 0 || sorted[i] != sorted[i - 1]) {
          start[(int) (sorted[i] >>> 32) + 1]++;
          reader[n++] = (int) sorted[i];
        }
      }
      for (int i = 0; i < slots; i++) {
        start[i + 1] += start[i];
      }
      assertArrayEquals(start, got.start(), "seed " + seed);
      assertArrayEquals(Arrays.copyOf(reader, n), got.readers(), "seed " + seed);
      unsortedSlots += seed % 3 == 0 && n < pairs.length ? 1 : 0;
    }
    assertTrue(unsortedSlots > 100, unsortedSlots + " seeds with repeats in any order");
  }

  /**
   * Pairs of shape 0, in any order with repeats; 1, three runs ascending by reader (a reader
   * may recur in later runs); 2, one ascending run without repeats.
   */
  private static long[] pairs(Random r, int slots, int readers, int shape) {
    int n = r.nextInt(4 * (slots + readers));
    long[] out = new long[n];
    if (shape == 0) {
      for (int i = 0; i < n; i++) {
        out[i] = pair(r.nextInt(slots), r.nextInt(readers));
      }
      return out;
    }
    int k = 0;
    for (int run = 0; run < (shape == 1 ? 3 : 1) && k < n; run++) {
      for (int v = 0; v < readers && k < n; v++) {
        int reads = r.nextInt(3);
        for (int j = 0; j < reads && k < n; j++) {
          out[k++] = pair(r.nextInt(slots), v);
        }
      }
    }
    return Arrays.copyOf(out, k);
  }

  private static long pair(int slot, int reader) {
    return (long) slot << 32 | reader;
  }
}
