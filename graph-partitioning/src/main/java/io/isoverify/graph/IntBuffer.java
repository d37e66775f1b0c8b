package io.isoverify.graph;

import java.util.Arrays;

/** A growable int array (no boxing). */
final class IntBuffer {
  private int[] data;
  private int size;

  IntBuffer(int capacity) {
    data = new int[Math.max(capacity, 4)];
  }

  IntBuffer() {
    this(16);
  }

  void add(int x) {
    if (size == data.length) {
      data = Arrays.copyOf(data, size * 2);
    }
    data[size++] = x;
  }

  int get(int i) {
    return data[i];
  }

  int size() {
    return size;
  }

  int[] toArray() {
    return Arrays.copyOf(data, size);
  }
}
