package io.isoverify.checker;

import io.isoverify.history.History;

/**
 * A transaction's own latest write of each key while a replay walks its operations in
 * order: what a read of the key returns when the transaction wrote it before. Per key a
 * value and the stamp of the transaction that set it, so beginning a transaction clears
 * nothing: O(1) an operation, O(keys) memory, where looking back through the transaction's
 * operations cost O(operations) a read (quadratic in a transaction of many reads, such as a
 * predicate read's returned rows).
 */
final class OwnWrites {
  private final History h;
  private final int[] stamp;
  private final int[] value;
  private int current;

  OwnWrites(History h) {
    this.h = h;
    this.stamp = new int[h.keys().size()];
    this.value = new int[h.keys().size()];
  }

  /** Starts transaction t: no own write yet. */
  void begin(int t) {
    current = t + 1;
  }

  /**
   * Operation o of the current transaction, taken in order: its own write of o's key before
   * o when o is a read (else {@link History#NO_VALUE}); a write is recorded after.
   */
  int before(int o) {
    int key = h.opKey(o);
    int own = stamp[key] == current ? value[key] : History.NO_VALUE;
    if (Transactions.isWrite(h, o)) {
      stamp[key] = current;
      value[key] = h.opValue(o);
    }
    return own;
  }
}
