package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link FirstSeenNumbers} against a HashMap numbering the same values by first appearance,
 * key after key on one reused table (fixed seeds): values drawn from a few (many repeats),
 * from all longs (extremes and negatives among them), and multiples of a power of two (which
 * a poor hash would pile into few slots).
 */
class FirstSeenNumbersTest {
  @Test
  void numbersByFirstAppearanceKeyAfterKey() {
    FirstSeenNumbers numbers = new FirstSeenNumbers();
    Random r = new Random(3);
    for (int key = 0; key < 300; key++) {
      int m = key % 7 == 0 ? 5_000 + r.nextInt(5_000) : r.nextInt(200);
      long[] values = new long[m];
      for (int i = 0; i < m; i++) {
        values[i] = switch (key % 3) {
          case 0 -> r.nextInt(1 + m / 4);
          case 1 -> i % 5 == 0 ? Long.MIN_VALUE + r.nextInt(3) : r.nextLong();
          default -> (long) r.nextInt(1 + m / 2) << 20;
        };
      }
      numbers.clear(m);
      Map<Long, Integer> expected = new HashMap<>();
      for (int i = 0; i < m; i++) {
        int want = expected.computeIfAbsent(values[i], v -> expected.size());
        assertEquals(want, numbers.of(values[i]), "key " + key + " value " + i);
      }
      assertEquals(expected.size(), numbers.count(), "key " + key);
    }
  }
}
