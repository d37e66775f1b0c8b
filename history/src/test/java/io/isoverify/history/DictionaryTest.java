package io.isoverify.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Codes against a map that numbers values in the order first seen, on streams that move
 * values between the direct table and the hash table: counters (the direct table), values
 * too sparse for it (the hash), jumps back below values already hashed, extremes, strings,
 * and {@link Dictionary#compact} in between.
 */
class DictionaryTest {
  @Test
  void everyValueKeepsTheCodeItWasFirstGiven() {
    for (long seed = 0; seed < 200; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      Dictionary d = new Dictionary();
      Map<Object, Integer> expected = new HashMap<>();
      long counter = rnd.nextInt(1 << 22);
      for (int i = 0; i < 20_000; i++) {
        Object v = next(rnd, i, counter);
        counter += rnd.nextInt(4);
        int code = v instanceof Long l ? d.encode(l.longValue()) : d.encode((String) v);
        Integer before = expected.putIfAbsent(v, expected.size());
        assertEquals(before == null ? expected.size() - 1 : before, code, "seed " + seed + ": " + v);
        if (rnd.nextInt(5_000) == 0) {
          d.compact();
        }
      }
      assertEquals(expected.size(), d.size());
      for (Map.Entry<Object, Integer> e : expected.entrySet()) {
        Object v = e.getKey();
        assertEquals(v, d.decode(e.getValue()));
        int found = v instanceof Long l ? d.find(l.longValue()) : d.find((String) v);
        assertEquals(e.getValue(), found, "seed " + seed + ": " + v);
      }
      for (long absent : new long[] {-1_000_000L, 1L << 40, counter + (1 << 20)}) {
        assertEquals(expected.containsKey(absent) ? expected.get(absent) : -1, d.find(absent));
      }
    }
  }

  private static Object next(SplittableRandom rnd, int i, long counter) {
    return switch (rnd.nextInt(10)) {
      case 0 -> rnd.nextLong(); // sparse: the hash table
      case 1 -> (long) rnd.nextInt(1 << 30); // beyond the direct table's slack, then inside it
      case 2 -> -1L - rnd.nextInt(100);
      case 3 -> rnd.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
      case 4 -> "s" + rnd.nextInt(50);
      case 5 -> counter - rnd.nextInt(1 << 12); // an earlier counter value
      default -> counter;
    };
  }

  @Test
  void aCounterIsCodedInOrderAndFoundAfterCompact() {
    Dictionary d = new Dictionary();
    for (long v = 0; v < 3_000_000; v += 3) {
      assertEquals(v / 3, d.encode(v));
    }
    d.compact();
    for (long v = 0; v < 3_000_000; v += 3) {
      assertEquals(v / 3, d.find(v));
      assertEquals(-1, d.find(v + 1));
    }
    assertEquals(1_000_000, d.encode(5_000_000_000L));
    assertEquals(1_000_001, d.encode(1L));
  }
}
