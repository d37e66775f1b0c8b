package io.isoverify.history.check;

import java.util.Arrays;

/**
 * The reads of unknown outcomes' writes on one key, as (reader, writer) pairs of dense
 * transaction ids: the edges of a "counted transactions" fixpoint (committed ones, plus
 * unknown-outcome ones a counted one read from; {@link NonCycleReduce}). Filled by a run of
 * the per-key rules ({@link KeyRules}: register reads; {@link ListRules}: list elements),
 * reused from key to key. O(1) amortised per pair.
 */
public final class ReadPairs {
  private int count;
  private int[] reader = new int[16];
  private int[] writer = new int[16];

  void clear() {
    count = 0;
  }

  void add(int reader, int writer) {
    if (count == this.reader.length) {
      this.reader = Arrays.copyOf(this.reader, count * 2);
      this.writer = Arrays.copyOf(this.writer, count * 2);
    }
    this.reader[count] = reader;
    this.writer[count++] = writer;
  }

  public int count() {
    return count;
  }

  /** Pair p's reader. */
  public int reader(int p) {
    return reader[p];
  }

  /** Pair p's writer, whose outcome is unknown. */
  public int writer(int p) {
    return writer[p];
  }
}
