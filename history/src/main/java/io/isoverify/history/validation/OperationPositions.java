package io.isoverify.history.validation;

import java.util.Arrays;
import java.util.function.LongFunction;

/**
 * The rule that the operation positions of one transaction are exactly 0..k-1, k being its
 * number of operations: each operation is {@link #place placed} at its position in turn,
 * in the order its rows came, and the first gap or repeat is the problem. Remembers which
 * place (a row, or an operation index the caller names) is at each position, so that the
 * caller can then take the operations in position order ({@link #at}).
 *
 * <p>Scratch for one transaction at a time, reused across transactions: one long per
 * operation of the largest transaction, nothing allocated per transaction. Not thread-safe;
 * each Spark task makes its own.
 */
public final class OperationPositions {
  private static final long EMPTY = Long.MIN_VALUE;

  private final LongFunction<String> placeName;
  private long[] slot = new long[16];
  private int count;

  /** @param placeName where a place is in the file ("row 3"), for messages */
  public OperationPositions(LongFunction<String> placeName) {
    this.placeName = placeName;
  }

  /** Starts a transaction of {@code operations} operations. */
  public void start(int operations) {
    if (slot.length < operations) {
      slot = new long[Math.max(operations, slot.length * 2)];
    }
    Arrays.fill(slot, 0, operations, EMPTY);
    count = operations;
  }

  /** Puts the operation of {@code place} at {@code position}: the problem, or null. */
  public String place(int position, long place) {
    if (position >= count) {
      return gap(position, place);
    }
    if (slot[position] != EMPTY) {
      return repeated(position, place);
    }
    slot[position] = place;
    return null;
  }

  private String gap(int position, long place) {
    return "operation positions have a gap: the transaction has " + count
        + " operations but " + placeName.apply(place) + " is at position " + position;
  }

  private String repeated(int position, long place) {
    return "operation position " + position + " is repeated, at "
        + placeName.apply(slot[position]) + " and " + placeName.apply(place);
  }

  /** The place at {@code position}, once every operation has been placed without a problem. */
  public long at(int position) {
    return slot[position];
  }
}
