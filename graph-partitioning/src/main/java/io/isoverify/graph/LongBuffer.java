package io.isoverify.graph;

import java.util.Arrays;

/** A growable long array (no boxing). */
final class LongBuffer {
  private long[] data = new long[16];
  private int size;

  void add(long x) {
    if (size == data.length) {
      data = Arrays.copyOf(data, size * 2);
    }
    data[size++] = x;
  }

  int size() {
    return size;
  }

  long[] toArray() {
    return Arrays.copyOf(data, size);
  }
}
