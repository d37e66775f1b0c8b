package io.isoverify.graph;

import java.util.Arrays;

/** A growable int array (no boxing); also the Spark stages' per-partition columns. */
public final class IntBuffer {
  private int[] data;
  private int size;

  public IntBuffer(int capacity) {
    data = new int[Math.max(capacity, 4)];
  }

  public IntBuffer() {
    this(16);
  }

  public void add(int x) {
    if (size == data.length) {
      data = Arrays.copyOf(data, size * 2);
    }
    data[size++] = x;
  }

  public int get(int i) {
    return data[i];
  }

  public int size() {
    return size;
  }

  public int[] toArray() {
    return Arrays.copyOf(data, size);
  }
}
