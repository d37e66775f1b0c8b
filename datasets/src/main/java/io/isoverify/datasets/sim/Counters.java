package io.isoverify.datasets.sim;

/**
 * The simulation's shared sequences: the logical clock (one tick per event), transaction
 * ids and written values. A value is never reused, so every written value is unique per
 * key (and globally); value 0 is never written, -1 stands for a key's initial state.
 */
final class Counters {
  private long clock;
  private long txn;
  private long value;

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
}
