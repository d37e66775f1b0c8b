package io.isoverify.history;

import java.util.Arrays;

/**
 * A set of operation ids (non-negative ints) that answers, in O(1), how many members lie
 * below a member: a bit per id up to the largest, and per 64 ids the number of members
 * before them (a rank directory, 3/16 of a byte per id). Ids added in ascending order keep
 * the directory up to date as they come; after ids added in any order, {@link #ranked} makes
 * it again in O(ids / 64). Not thread-safe while ids are added; {@link #rank} may be asked
 * from many threads once they are.
 */
public final class RankedBits {
  private long[] bits = new long[1];
  /** rank[w]: the members below 64 * w, for the words below {@link #words}. */
  private int[] rank = new int[1];
  /** One past the last word the directory covers. */
  private int words = 1;
  private int count;
  private int last = -1;
  private boolean stale;

  /** Adds id o; false when it was a member already. */
  public boolean add(int o) {
    if (o < 0) {
      throw new IllegalArgumentException("negative id " + o);
    }
    int w = o >>> 6;
    if (w >= bits.length) {
      int capacity = Math.max(w + 1, bits.length * 2);
      bits = Arrays.copyOf(bits, capacity);
      rank = Arrays.copyOf(rank, capacity);
    }
    if ((bits[w] & (1L << o)) != 0) {
      return false;
    }
    if (o < last) {
      stale = true;
    }
    last = Math.max(last, o);
    if (!stale) {
      while (words <= w) {
        rank[words++] = count;
      }
    }
    bits[w] |= 1L << o;
    count++;
    return true;
  }

  /** Makes the directory again after ids added out of order; O(ids / 64). */
  public void ranked() {
    words = (last >>> 6) + 1;
    for (int w = 1; w < words; w++) {
      rank[w] = rank[w - 1] + Long.bitCount(bits[w - 1]);
    }
    stale = false;
  }

  /** The members below member o, or -1 when o is not one. O(1). */
  public int rank(int o) {
    if (stale) {
      throw new IllegalStateException("ids were added out of order: call ranked() first");
    }
    int w = o >>> 6;
    if (o < 0 || w >= words) {
      return -1;
    }
    long m = bits[w];
    if ((m & (1L << o)) == 0) {
      return -1;
    }
    return rank[w] + Long.bitCount(m & ((1L << o) - 1));
  }

  /** Shrinks the arrays to the ids added. */
  public void trim() {
    bits = Arrays.copyOf(bits, words);
    rank = Arrays.copyOf(rank, words);
  }
}
