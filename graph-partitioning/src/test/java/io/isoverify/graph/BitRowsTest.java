package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link BitRows} against bit-by-bit definitions on random matrices of 1 to 200 rows. */
class BitRowsTest {
  @Test
  void theTransposeSwapsEveryElement() {
    for (int seed = 0; seed < 300; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int m = 1 + r.nextInt(200);
      int words = (m + 63) >>> 6;
      long[] rows = new long[m * words];
      long[] expected = new long[m * words];
      double density = r.nextDouble();
      for (int a = 0; a < m; a++) {
        for (int b = 0; b < m; b++) {
          if (r.nextDouble() < density) {
            rows[a * words + (b >>> 6)] |= 1L << b;
            expected[b * words + (a >>> 6)] |= 1L << a;
          }
        }
      }
      assertArrayEquals(expected, BitRows.transpose(rows, m, words), "seed " + seed + ", m " + m);
    }
  }

  @Test
  void aboveAndWithinHoldTheirBitsOnly() {
    for (int m = 1; m <= 200; m++) {
      int words = (m + 63) >>> 6;
      for (int a = 0; a < m; a++) {
        for (int w = 0; w < words; w++) {
          long above = 0;
          long within = 0;
          for (int i = 0; i < 64; i++) {
            int b = (w << 6) + i;
            above |= b > a ? 1L << i : 0;
            within |= b < m ? 1L << i : 0;
          }
          assertEquals(above, BitRows.above(a, w), "a " + a + ", word " + w);
          assertEquals(within, BitRows.within(m, w), "m " + m + ", word " + w);
        }
      }
    }
  }
}
