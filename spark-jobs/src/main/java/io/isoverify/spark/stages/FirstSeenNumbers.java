package io.isoverify.spark.stages;

import java.util.Arrays;

/**
 * Local indexes for one key's numeric values, 0, 1, 2, ... in order of first appearance:
 * the numbering the in-process engine gives a key's values (history's {@code KeyGroups},
 * by first appearance in operation-id order, the order in which {@link KeyChecks} receives
 * a key's rows). An open-addressing table of the values themselves, linear probing, at most
 * half full, reused from key to key: O(1) expected per value, O(m) to clear for a key of m
 * values; no object per value. It replaced a sort of each key's values (a tenth of the
 * per-key job on the general 1M history).
 */
final class FirstSeenNumbers {
  private long[] value = new long[64];
  /** Per slot: the local index of the value there, or -1 when the slot is empty. */
  private int[] index = new int[64];
  private int mask;
  private int count;

  /** Forgets every value, with room for {@code values} more without growing. */
  void clear(int values) {
    int capacity = Math.max(64, Integer.highestOneBit(Math.max(1, values)) << 2);
    if (index.length < capacity) {
      index = new int[capacity];
      value = new long[capacity];
    }
    mask = capacity - 1;
    Arrays.fill(index, 0, capacity, -1);
    count = 0;
  }

  /** How many distinct values have been numbered since {@link #clear}. */
  int count() {
    return count;
  }

  /** The local index of {@code v}: its old one, or the next one when it is new. */
  int of(long v) {
    int slot = (int) ((v * 0x9E3779B97F4A7C15L) >>> 40) & mask;
    while (index[slot] >= 0) {
      if (value[slot] == v) {
        return index[slot];
      }
      slot = (slot + 1) & mask;
    }
    value[slot] = v;
    index[slot] = count;
    return count++;
  }
}
