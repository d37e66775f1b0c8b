package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.TxnPlan;
import java.util.Arrays;

/**
 * A secondary index of the row versions the {@link VersionStore} holds: per row field and
 * field value, the keys of the rows that have a held version with that value (a multiset:
 * one entry per version). A predicate read looks up its range here instead of scanning every
 * row, then reads each candidate's version at its snapshot. Field values are small
 * non-negative integers (the workloads draw them in [1, rows]); buckets are primitive
 * arrays grown by doubling. Cost: O(1) to add, O(bucket) to remove, O(range + entries) to
 * look up a range.
 */
final class RowIndex {
  private static final long[] EMPTY = new long[0];
  /** [field - 1][value] -> keys, the first count[field - 1][value] of them in use. */
  private final long[][][] keys = new long[TxnPlan.ROW_FIELDS][][];
  private final int[][] count = new int[TxnPlan.ROW_FIELDS][];

  RowIndex() {
    for (int f = 0; f < TxnPlan.ROW_FIELDS; f++) {
      keys[f] = new long[1024][];
      Arrays.fill(keys[f], EMPTY);
      count[f] = new int[1024];
    }
  }

  /** Notes a held version of row {@code key} whose field {@code field} is {@code value}. */
  void add(int field, long value, long key) {
    int f = field - 1;
    int v = slot(value);
    if (v >= keys[f].length) {
      int n = Math.max(v + 1, keys[f].length * 2);
      int old = keys[f].length;
      keys[f] = Arrays.copyOf(keys[f], n);
      Arrays.fill(keys[f], old, n, EMPTY);
      count[f] = Arrays.copyOf(count[f], n);
    }
    long[] bucket = keys[f][v];
    if (count[f][v] == bucket.length) {
      bucket = Arrays.copyOf(bucket, Math.max(4, bucket.length * 2));
      keys[f][v] = bucket;
    }
    bucket[count[f][v]++] = key;
  }

  /** Forgets one entry added by {@link #add} with the same arguments. */
  void remove(int field, long value, long key) {
    int f = field - 1;
    int v = slot(value);
    long[] bucket = keys[f][v];
    int n = count[f][v];
    for (int i = 0; i < n; i++) {
      if (bucket[i] == key) {
        bucket[i] = bucket[n - 1];
        count[f][v] = n - 1;
        return;
      }
    }
    throw new IllegalStateException("row " + key + " has no indexed value " + value);
  }

  /**
   * Appends to {@code out} the keys with a held version whose field {@code field} lies in
   * [low, high], a key once per such version.
   */
  void lookup(int field, long low, long high, LongBuffer out) {
    int f = field - 1;
    long from = Math.max(0, low);
    long to = Math.min(high, keys[f].length - 1L);
    for (long v = from; v <= to; v++) {
      int n = count[f][(int) v];
      long[] bucket = keys[f][(int) v];
      for (int i = 0; i < n; i++) {
        out.add(bucket[i]);
      }
    }
  }

  private static int slot(long value) {
    if (value < 0 || value > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("row field values must lie in [0, 2^31 - 9], not "
          + value);
    }
    return (int) value;
  }

  /** A growable array of longs, reused. */
  static final class LongBuffer {
    long[] data = new long[64];
    int size;

    void add(long x) {
      if (size == data.length) {
        data = Arrays.copyOf(data, size * 2);
      }
      data[size++] = x;
    }

    /** Sorts the contents and drops repeats. */
    void sortDistinct() {
      Arrays.sort(data, 0, size);
      int n = 0;
      for (int i = 0; i < size; i++) {
        if (n == 0 || data[n - 1] != data[i]) {
          data[n++] = data[i];
        }
      }
      size = n;
    }
  }
}
