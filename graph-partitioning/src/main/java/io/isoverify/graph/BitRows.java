package io.isoverify.graph;

/**
 * Square bit matrices stored as rows of {@code words} longs: element (a, b) is bit
 * {@code b & 63} of {@code rows[a * words + (b >>> 6)]}. The word-at-a-time operations
 * {@link ChainOrdering} needs on a key's m x m relation, so that a step over all pairs costs
 * O(m words) word operations instead of m^2 bit tests.
 */
final class BitRows {
  private BitRows() {
  }

  /**
   * The transpose of the m x m matrix {@code rows}: 64 x 64 blocks, each transposed in place
   * by six rounds of swaps of its off-diagonal halves (Hacker's Delight, section 7-3). Time
   * O(words^2 * 64 * 6).
   */
  static long[] transpose(long[] rows, int m, int words) {
    long[] out = new long[m * words];
    long[] block = new long[64];
    for (int bi = 0; bi < words; bi++) {
      for (int bj = 0; bj < words; bj++) {
        int rowsHere = Math.min(64, m - (bi << 6));
        for (int i = 0; i < 64; i++) {
          block[i] = i < rowsHere ? rows[((bi << 6) + i) * words + bj] : 0;
        }
        transpose64(block);
        int outRows = Math.min(64, m - (bj << 6));
        for (int i = 0; i < outRows; i++) {
          out[((bj << 6) + i) * words + bi] = block[i];
        }
      }
    }
    return out;
  }

  /** Transposes a 64 x 64 block in place: bit j of a[i] trades places with bit i of a[j]. */
  static void transpose64(long[] a) {
    long mask = 0x00000000FFFFFFFFL;
    for (int j = 32; j != 0; j >>>= 1, mask ^= mask << j) {
      for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
        long t = ((a[k] >>> j) ^ a[k | j]) & mask;
        a[k] ^= t << j;
        a[k | j] ^= t;
      }
    }
  }

  /** The bits b of word w with b > a (the pairs a < b of a's row). */
  static long above(int a, int w) {
    int aw = a >>> 6;
    if (w != aw) {
      return w > aw ? -1L : 0L;
    }
    return (-1L << (a & 63)) << 1;
  }

  /** The bits b of word w with b < m. */
  static long within(int m, int w) {
    int last = m >>> 6;
    if (w != last) {
      return w < last ? -1L : 0L;
    }
    return (1L << (m & 63)) - 1;
  }
}
