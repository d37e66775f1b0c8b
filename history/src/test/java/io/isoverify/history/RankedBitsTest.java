package io.isoverify.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link RankedBits} against a sorted set filled alike: ids added in ascending order (ranks
 * asked while adding) and in any order (after {@link RankedBits#ranked}), repeats refused,
 * ranks refused while the directory is out of date.
 */
class RankedBitsTest {
  @Test
  void ranksAreThePositionsAmongTheMembers() {
    Random r = new Random(5);
    for (int round = 0; round < 40; round++) {
      List<Integer> ids = new ArrayList<>();
      int o = r.nextInt(100);
      for (int i = 0; i < 500; i++) {
        ids.add(o);
        o += r.nextInt(4) == 0 ? 60 + r.nextInt(200) : 1 + r.nextInt(3);
      }
      boolean shuffled = round % 2 == 1;
      if (shuffled) {
        Collections.shuffle(ids, r);
      }
      RankedBits bits = new RankedBits();
      TreeSet<Integer> set = new TreeSet<>();
      for (int id : ids) {
        assertTrue(bits.add(id));
        set.add(id);
        if (!shuffled && set.size() % 50 == 0) {
          assertEquals(set.size() - 1, bits.rank(id), "while adding");
        }
      }
      assertFalse(bits.add(ids.get(7)), "a repeat");
      if (shuffled) {
        assertThrows(IllegalStateException.class, () -> bits.rank(0));
        bits.ranked();
      }
      for (int q = -3; q <= o + 100; q++) {
        assertEquals(set.contains(q) ? set.headSet(q).size() : -1, bits.rank(q),
            "round " + round + ", id " + q);
      }
    }
  }
}
