package io.isoverify.history;

import java.util.Arrays;

/**
 * The predicate reads of a history ({@link PredicateRead}), by operation id: 32 bytes each
 * in primitive arrays ({@link SparseOps}).
 */
final class PredicateTable extends SparseOps<PredicateRead> {
  private long[] field = new long[16];
  private long[] low = new long[16];
  private long[] high = new long[16];
  private int[] matched = new int[16];

  /** Attaches {@code p} to operation {@code o} (ascending; again: replaces). */
  void add(int o, PredicateRead p) {
    int i = append(o);
    field[i] = p.field();
    low[i] = p.low();
    high[i] = p.high();
    matched[i] = p.matched();
  }

  /** Attaches {@code from}'s attachment i to operation {@code o} (as add); none when i < 0. */
  void addFrom(int o, PredicateTable from, int i) {
    if (i < 0) {
      return;
    }
    int at = append(o);
    field[at] = from.field[i];
    low[at] = from.low[i];
    high[at] = from.high[i];
    matched[at] = from.matched[i];
  }

  @Override
  PredicateRead at(int i) {
    return new PredicateRead(field[i], low[i], high[i], matched[i]);
  }

  @Override
  void resize(int capacity) {
    field = Arrays.copyOf(field, capacity);
    low = Arrays.copyOf(low, capacity);
    high = Arrays.copyOf(high, capacity);
    matched = Arrays.copyOf(matched, capacity);
  }
}
