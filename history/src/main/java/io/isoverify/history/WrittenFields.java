package io.isoverify.history;

import java.util.Arrays;

/**
 * The fields a write sets on its row (vbox: a row has named integer fields, and a statement
 * sets some of them): {@code field[i]} gets {@code value[i]}. A predicate read ({@link
 * PredicateRead}) matches a row version by one field's value, so the check needs them. A
 * field a write does not set keeps its value from the version before (an update), or is
 * absent (an insert, {@link OpKind#INSERT}: the row is new). Fields are ascending and
 * distinct.
 */
public record WrittenFields(long[] field, long[] value) {
  public WrittenFields {
    if (field.length != value.length) {
      throw new IllegalArgumentException("fields and values of different lengths");
    }
    field = field.clone();
    value = value.clone();
  }

  /** True when this write sets field {@code f}. */
  public boolean sets(long f) {
    return indexOf(f) >= 0;
  }

  /** Where field {@code f} is among the fields set ({@link #valueAt}), or -1 when not set. */
  public int indexOf(long f) {
    int i = Arrays.binarySearch(field, f);
    return i < 0 ? -1 : i;
  }

  /** The value set for the field at {@code i} (from {@link #indexOf}). */
  public long valueAt(int i) {
    return value[i];
  }

  /** The value set for {@code f}; only when {@link #sets}. */
  public long valueOf(long f) {
    return value[Arrays.binarySearch(field, f)];
  }

  /**
   * The fields of a row_fields list of {@code n} integers, field, value pairs (element i is
   * {@code element.applyAsLong(i)}), sorted by field; a field given twice takes its last value.
   * O(n^2) at worst, for the few fields a write sets.
   */
  public static WrittenFields ofPairs(int n, java.util.function.IntToLongFunction element) {
    WrittenFields out = new WrittenFields(new long[0], new long[0]);
    for (int i = 0; i + 1 < n; i += 2) {
      out = over(out, new WrittenFields(new long[] {element.applyAsLong(i)},
          new long[] {element.applyAsLong(i + 1)}));
    }
    return out;
  }

  /**
   * {@code before} with this write's fields set over it (either may be null: none), sorted
   * by field. O(fields).
   */
  public static WrittenFields over(WrittenFields before, WrittenFields write) {
    if (before == null) {
      return write;
    }
    if (write == null) {
      return before;
    }
    long[] f = new long[before.field.length + write.field.length];
    long[] v = new long[f.length];
    int n = 0;
    int i = 0;
    int j = 0;
    while (i < before.field.length || j < write.field.length) {
      if (j == write.field.length || (i < before.field.length && before.field[i] < write.field[j])) {
        f[n] = before.field[i];
        v[n++] = before.value[i++];
      } else {
        if (i < before.field.length && before.field[i] == write.field[j]) {
          i++;
        }
        f[n] = write.field[j];
        v[n++] = write.value[j++];
      }
    }
    return new WrittenFields(Arrays.copyOf(f, n), Arrays.copyOf(v, n));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WrittenFields w && Arrays.equals(field, w.field) && Arrays.equals(value, w.value);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(field) + Arrays.hashCode(value);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < field.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(field[i]).append('=').append(value[i]);
    }
    return sb.append('}').toString();
  }
}
