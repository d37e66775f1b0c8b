package io.isoverify.graph;

import java.util.Arrays;

/** A growable long array (no boxing). */
final class LongBuffer {
  private long[] data;
  private int size;

  LongBuffer() {
    this(16);
  }

  /** An empty buffer with room for {@code capacity} values before it grows. */
  LongBuffer(int capacity) {
    data = new long[Math.max(16, capacity)];
  }

  void add(long x) {
    if (size == data.length) {
      data = Arrays.copyOf(data, size * 2);
    }
    data[size++] = x;
  }

  int size() {
    return size;
  }

  long get(int i) {
    return data[i];
  }

  long[] toArray() {
    return Arrays.copyOf(data, size);
  }
}
