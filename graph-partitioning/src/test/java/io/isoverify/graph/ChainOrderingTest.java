package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ChainOrdering#closureAndCovers} against the definitions, computed the slow way here
 * (Warshall's closure; a cover is a pair with no third element between): random relations
 * of 1 to 200 elements (several bit words), acyclic ones (pairs drawn along a hidden random
 * order, from sparse to close to total; a quarter of them transitively closed, which the
 * order by successor counts sorts, the others mostly by depth-first search) and cyclic ones,
 * which must give null.
 */
class ChainOrderingTest {
  @Test
  void closureAndCoversAreThoseOfTheDefinitionsOnRandomRelations() {
    int acyclic = 0;
    int cyclic = 0;
    int closed = 0;
    int bySuccessors = 0;
    for (int seed = 0; seed < 600; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int m = 1 + r.nextInt(seed % 10 == 0 ? 200 : 70);
      int words = (m + 63) >>> 6;
      int[] hidden = shuffled(m, r);
      double density = r.nextDouble();
      boolean cycle = seed % 4 == 3 && m > 1;
      long[] rel = new long[m * words];
      for (int i = 0; i < m; i++) {
        for (int j = i + 1; j < m; j++) {
          if (r.nextDouble() < density) {
            set(rel, words, hidden[i], hidden[j]);
          }
        }
      }
      if (cycle) {
        closed++;
        // a path along the hidden order, closed by one pair backwards
        for (int i = 0; i + 1 < m; i++) {
          set(rel, words, hidden[i], hidden[i + 1]);
        }
        set(rel, words, hidden[m - 1], hidden[0]);
      }
      if (seed % 4 == 1) {
        // closed already (a key of single-version chains): ordered by successor counts
        rel = warshall(rel, m, words);
        bySuccessors++;
        assertNotNull(ChainOrdering.bySuccessors(rel, m, words), "seed " + seed);
      }
      long[] input = rel.clone();
      long[][] got = ChainOrdering.closureAndCovers(rel, m, words);
      assertArrayEquals(input, rel, "seed " + seed + ": the relation was changed");
      long[] closure = warshall(rel, m, words);
      if (closure == null) {
        assertNull(got, "seed " + seed + ": a cyclic relation got a closure");
        cyclic++;
      } else {
        assertArrayEquals(closure, got[0], "seed " + seed + ": closure, m = " + m);
        assertArrayEquals(covers(closure, m, words), got[1], "seed " + seed + ": covers, m = "
            + m);
        acyclic++;
      }
    }
    // a random relation along the hidden order is acyclic: only the closed ones have a cycle
    assertEquals(closed, cyclic);
    assertEquals(600 - closed, acyclic);
    assertEquals(150, bySuccessors);
  }

  @Test
  void aTotalOrderIsCoveredByItsConsecutivePairs() {
    int m = 130;
    int words = 3;
    long[] rel = new long[m * words];
    for (int i = 0; i < m; i++) {
      for (int j = i + 1; j < m; j++) {
        set(rel, words, m - 1 - i, m - 1 - j);
      }
    }
    long[] cover = ChainOrdering.closureAndCovers(rel, m, words)[1];
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        assertEquals(b == a - 1, bit(cover, words, a, b), a + " before " + b);
      }
    }
  }

  private static int[] shuffled(int m, SplittableRandom r) {
    int[] p = new int[m];
    for (int i = 0; i < m; i++) {
      p[i] = i;
    }
    for (int i = m - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** The transitive closure by Warshall's algorithm, or null when some element reaches itself. */
  private static long[] warshall(long[] rel, int m, int words) {
    long[] c = rel.clone();
    for (int k = 0; k < m; k++) {
      for (int i = 0; i < m; i++) {
        if (bit(c, words, i, k)) {
          for (int j = 0; j < m; j++) {
            if (bit(c, words, k, j)) {
              set(c, words, i, j);
            }
          }
        }
      }
    }
    for (int i = 0; i < m; i++) {
      if (bit(c, words, i, i)) {
        return null;
      }
    }
    return c;
  }

  /** The pairs a < b of a transitive relation with no c such that a < c < b. */
  private static long[] covers(long[] closure, int m, int words) {
    long[] out = new long[m * words];
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        boolean between = false;
        for (int c = 0; c < m && !between; c++) {
          between = bit(closure, words, a, c) && bit(closure, words, c, b);
        }
        if (bit(closure, words, a, b) && !between) {
          set(out, words, a, b);
        }
      }
    }
    return out;
  }

  private static boolean bit(long[] rows, int words, int a, int b) {
    return (rows[a * words + (b >>> 6)] & (1L << b)) != 0;
  }

  private static void set(long[] rows, int words, int a, int b) {
    rows[a * words + (b >>> 6)] |= 1L << b;
  }
}
