package io.isoverify.history;

import java.util.Arrays;

/**
 * The row fields writes set ({@link WrittenFields}), by operation id: compressed rows of
 * primitive arrays, an int per write and 16 bytes per field set ({@link SparseOps}).
 */
final class FieldsTable extends SparseOps<WrittenFields> {
  /** Write i's fields are {@code field[start[i]] .. field[start[i + 1] - 1]}. */
  private int[] start = new int[17];
  private long[] field = new long[16];
  private long[] value = new long[16];

  /** Attaches {@code w} to operation {@code o} (ascending; again: replaces). */
  void add(int o, WrittenFields w) {
    put(o, w.field(), w.value(), 0, w.field().length);
  }

  /** Attaches {@code from}'s attachment i to operation {@code o} (as add); none when i < 0. */
  void addFrom(int o, FieldsTable from, int i) {
    if (i >= 0) {
      put(o, from.field, from.value, from.start[i], from.start[i + 1] - from.start[i]);
    }
  }

  private void put(int o, long[] fields, long[] values, int offset, int n) {
    int i = append(o);
    int from = start[i];
    if (from + n > field.length) {
      int capacity = Math.max(from + n, field.length * 2);
      field = Arrays.copyOf(field, capacity);
      value = Arrays.copyOf(value, capacity);
    }
    System.arraycopy(fields, offset, field, from, n);
    System.arraycopy(values, offset, value, from, n);
    start[i + 1] = from + n;
  }

  /** Where operation o's value for field f is, or -1 when o sets no such field. */
  int slot(int o, long f) {
    int i = index(o);
    if (i >= 0) {
      for (int at = start[i]; at < start[i + 1]; at++) {
        if (field[at] == f) {
          return at;
        }
      }
    }
    return -1;
  }

  /** The number of slots: every field of every write. */
  int slotCount() {
    return start[size()];
  }

  /** The value at a slot {@link #slot} gave. */
  long value(int slot) {
    return value[slot];
  }

  @Override
  WrittenFields at(int i) {
    return new WrittenFields(Arrays.copyOfRange(field, start[i], start[i + 1]),
        Arrays.copyOfRange(value, start[i], start[i + 1]));
  }

  @Override
  void resize(int capacity) {
    int used = start[size()];
    start = Arrays.copyOf(start, capacity + 1);
    if (capacity == size()) {
      field = Arrays.copyOf(field, used);
      value = Arrays.copyOf(value, used);
    }
  }
}
