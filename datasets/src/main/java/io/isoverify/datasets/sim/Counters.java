package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.ValueChoice;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The simulation's shared sequences: the logical clock (one tick per event), transaction
 * ids and written values. A value from {@link #nextValue} is never reused, so unless
 * repeated values are asked for ({@link ValueChoice}) every written value is unique per key
 * (and globally); value 0 is never written, -1 stands for a key's initial state.
 */
final class Counters {
  private long clock;
  private long txn;
  private long value;
  private final double repeat;
  /** The value space's distribution (values 0 .. space-1, written one more), or null. */
  private final KeyDistribution space;
  private final SplittableRandom random;
  /** Per key its first written value, while repeated values are asked for. */
  private final Map<Long, Long> firstValue = new HashMap<>();

  Counters() {
    this(ValueChoice.UNIQUE, 0);
  }

  /** @param values how register writes choose their values ({@link #writeValue}) */
  Counters(ValueChoice values, long seed) {
    this.repeat = values.repeated();
    this.space = values.space() > 0 ? values.distribution() : null;
    this.random = new SplittableRandom(seed ^ 0x5DEECE66DL);
  }

  /** The next tick. */
  long tick() {
    return ++clock;
  }

  /** The last tick handed out. */
  long now() {
    return clock;
  }

  /** Moves the clock forward so that the last tick handed out is {@code tick}. */
  void advanceTo(long tick) {
    clock = Math.max(clock, tick);
  }

  long nextTxn() {
    return ++txn;
  }

  long nextValue() {
    return ++value;
  }

  /**
   * The value a write of {@code key} installs: one drawn from the value space when there is
   * one; else a new one, or with probability {@code repeat} the key's first written value
   * again.
   */
  long writeValue(long key) {
    if (space != null) {
      return 1 + space.next(random);
    }
    if (repeat == 0) {
      return nextValue();
    }
    Long first = firstValue.get(key);
    if (first == null) {
      long v = nextValue();
      firstValue.put(key, v);
      return v;
    }
    return random.nextDouble() < repeat ? first : nextValue();
  }
}
