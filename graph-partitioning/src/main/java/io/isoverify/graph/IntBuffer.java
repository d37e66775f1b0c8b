package io.isoverify.graph;

import io.isoverify.history.io.BulkArrays;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Arrays;

/**
 * A growable int array (no boxing); also the Spark stages' per-partition columns, which
 * travel to the driver serialized: the elements held, as bulk bytes ({@link BulkArrays}).
 */
public final class IntBuffer implements Serializable {
  private static final long serialVersionUID = 1L;
  private transient int[] data;
  private int size;

  public IntBuffer(int capacity) {
    data = new int[Math.max(capacity, 4)];
  }

  public IntBuffer() {
    this(16);
  }

  public void add(int x) {
    if (size == data.length) {
      data = Arrays.copyOf(data, Math.max(4, size * 2));
    }
    data[size++] = x;
  }

  public int get(int i) {
    return data[i];
  }

  public int size() {
    return size;
  }

  /** Drops the elements from index {@code size} on. */
  public void truncate(int size) {
    this.size = size;
  }

  public int[] toArray() {
    return Arrays.copyOf(data, size);
  }

  /** Sorts the elements from .. to-1 ascending. */
  public void sort(int from, int to) {
    Arrays.sort(data, from, to);
  }

  /** Whether x is among the elements from .. to-1, which are sorted ascending. */
  public boolean containsSorted(int from, int to, int x) {
    return Arrays.binarySearch(data, from, to, x) >= 0;
  }

  /** Copies elements from .. from+n-1 to {@code dest} at {@code at}. */
  public void copyTo(int from, int[] dest, int at, int n) {
    System.arraycopy(data, from, dest, at, n);
  }

  /** Shrinks the array to the elements held (a buffer that stays on the heap long after). */
  public void trim() {
    if (data.length != size) {
      data = Arrays.copyOf(data, size);
    }
  }

  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    BulkArrays.writeInts(out, data, size);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    data = BulkArrays.readInts(in);
    if (data.length != size) {
      throw new java.io.InvalidObjectException(data.length + " elements for a size of " + size);
    }
  }
}
