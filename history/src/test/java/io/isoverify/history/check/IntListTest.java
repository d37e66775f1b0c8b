package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The merge of an ascending prefix with the rest gives what sorting the whole list gives. */
class IntListTest {
  @Test
  void sortingTheRestOfAnAscendingPrefixEqualsSortingAll() {
    SplittableRandom random = new SplittableRandom(7);
    for (int run = 0; run < 2000; run++) {
      int n = random.nextInt(40);
      int sorted = random.nextInt(n + 1);
      int[] values = new int[n];
      for (int i = 0; i < n; i++) {
        values[i] = random.nextInt(30);
      }
      Arrays.sort(values, 0, sorted);
      IntList merged = new IntList();
      IntList whole = new IntList();
      for (int v : values) {
        merged.add(v);
        whole.add(v);
      }
      merged.sortDistinct(sorted);
      whole.sortDistinct();
      assertArrayEquals(whole.toArray(), merged.toArray(), Arrays.toString(values) + " " + sorted);
    }
  }
}
