package io.isoverify.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The index sort is the stable order by key, sequential below {@link IndexSort#PARALLEL}
 * indexes and on parallel halves above it, by radix on narrow key ranges: random keys with
 * many ties, sorted and reversed runs, keys of every width from 0 to 40 bits and the whole
 * long range (fixed seeds), against a stable sort of boxed indexes.
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

  @Test
  void theRadixAndTheMergeSortGiveTheStableOrderAtEveryKeyWidth() {
    Random r = new Random(11);
    int n = IndexSort.RADIX_MIN + 333;
    for (int bits = 0; bits <= 40; bits++) {
      long[] key = new long[n];
      long base = r.nextLong() / 2;
      for (int i = 0; i < n; i++) {
        // a few ties at every width, the range's both ends present
        key[i] = base + (i % 7 == 0 ? (r.nextLong() & ((1L << bits) - 1)) % 5
            : r.nextLong() & ((1L << bits) - 1));
      }
      key[1] = base;
      key[2] = base + (1L << bits) - 1;
      assertArrayEquals(stable(key, n), IndexSort.byKey(key, n), bits + " bits");
      assertArrayEquals(stable(key, n), IndexSort.byKeyMerge(key, n), bits + " bits, merge");
    }
    for (int keys : new int[] {1, 50, n / 3, n}) {
      long[] pairs = new long[n];
      for (int i = 0; i < n; i++) {
        // (key, vertex) pairs: vertices mostly rising within a key, some out of order
        long k = r.nextInt(keys) - keys / 2;
        pairs[i] = k << 32 | (r.nextInt(10) == 0 ? r.nextInt(n) : i);
      }
      assertArrayEquals(stable(pairs, n), IndexSort.byKey(pairs, n), keys + " high words");
    }
    long[] extremes = new long[n];
    for (int i = 0; i < n; i++) {
      extremes[i] = i % 3 == 0 ? Long.MIN_VALUE : i % 3 == 1 ? Long.MAX_VALUE : r.nextInt(9);
    }
    assertArrayEquals(stable(extremes, n), IndexSort.byKey(extremes, n), "the whole long range");
  }

  @Test
  void sortingOnThreadsGivesTheAscendingOrder() {
    Random r = new Random(13);
    for (int n : new int[] {0, 5, IndexSort.PARALLEL, IndexSort.PARALLEL + 1,
        3 * IndexSort.PARALLEL + 7}) {
      long[] a = new long[n];
      for (int i = 0; i < n; i++) {
        a[i] = i % 4 == 0 ? r.nextInt(100) : r.nextLong();
      }
      long[] expected = a.clone();
      Arrays.sort(expected);
      assertArrayEquals(expected, IndexSort.sortOnThreads(a), n + " longs");
    }
  }

  private static int[] stable(long[] key, int n) {
    Integer[] idx = new Integer[n];
    Arrays.setAll(idx, i -> i);
    Arrays.sort(idx, Comparator.comparingLong(i -> key[i])); // TimSort: stable
    return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
  }
}
