package io.isoverify.spark.stages;

import java.io.Serializable;
import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * A read list of numbers (Elle list-append) held as a primitive array and read as a list
 * of Long, each element boxed only when asked for: how {@link KeyChunks} makes a numeric
 * list and {@link KeyedRows} reads one back from the shuffle, where a list of boxed Longs
 * cost an object per element to make, to write (unboxing) and to read back. Immutable.
 */
final class LongElements extends AbstractList<Object> implements RandomAccess, Serializable {
  private static final long serialVersionUID = 1L;
  /** The elements, oldest first; never changed. */
  final long[] values;

  LongElements(long[] values) {
    this.values = values;
  }

  @Override
  public Object get(int i) {
    return values[i];
  }

  @Override
  public int size() {
    return values.length;
  }
}
