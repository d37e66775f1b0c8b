package io.isoverify.datasets.postgres;

import io.isoverify.history.OpKind;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.io.HistorySink;
import java.util.Arrays;
import java.io.IOException;

/**
 * The operations one client session has completed in its open transaction, held until the
 * transaction's outcome is known (a sink takes the outcome before the operations). One per
 * session, reused for every transaction, on primitive arrays: a collection allocates
 * nothing per operation. Invariant: entries 0..size-1 are the completed operations in
 * program order, each of one {@link Entry} kind; a list read's elements are
 * {@code elements[listFrom[i] .. listFrom[i] + listLength[i] - 1]}; a row entry's two
 * arguments (predicate read: high bound and rows returned, its low bound in {@code value};
 * row write or insert: the two field values; field write: the field and its value) are
 * {@code a[i]} and {@code b[i]}.
 */
final class PendingTransaction {
  /** What entry {@code i} is. */
  private enum Entry {
    READ, READ_INITIAL, WRITE, APPEND, READ_LIST, PREDICATE_READ, ROW_WRITE, ROW_INSERT,
    FIELD_WRITE, DELETE
  }

  private static final Entry[] ENTRIES = Entry.values();

  private int size;
  private byte[] entry = new byte[8];
  private long[] key = new long[8];
  private long[] value = new long[8];
  private int[] listFrom = new int[8];
  private int[] listLength = new int[8];
  private long[] a = new long[8];
  private long[] b = new long[8];
  private long[] elements = new long[32];
  private int elementsUsed;

  void clear() {
    size = 0;
    elementsUsed = 0;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void read(long k, long v) {
    add(Entry.READ, k, v);
  }

  void readInitial(long k) {
    add(Entry.READ_INITIAL, k, 0);
  }

  void write(long k, long v) {
    add(Entry.WRITE, k, v);
  }

  void append(long k, long element) {
    add(Entry.APPEND, k, element);
  }

  /** A predicate read of the rows whose field lies in [low, high]; {@code rows} follow it. */
  void predicateRead(long field, long low, long high, int rows) {
    add(Entry.PREDICATE_READ, field, low);
    a[size - 1] = high;
    b[size - 1] = rows;
  }

  /** A write of row {@code k} setting fields 1 and 2 (an insert: the row is new). */
  void rowWrite(long k, long v, long field1, long field2, boolean insert) {
    add(insert ? Entry.ROW_INSERT : Entry.ROW_WRITE, k, v);
    a[size - 1] = field1;
    b[size - 1] = field2;
  }

  /** A write of row {@code k} setting one field. */
  void fieldWrite(long k, long v, long field, long fieldValue) {
    add(Entry.FIELD_WRITE, k, v);
    a[size - 1] = field;
    b[size - 1] = fieldValue;
  }

  /** A delete of row {@code k}, named {@code v}. */
  void delete(long k, long v) {
    add(Entry.DELETE, k, v);
  }

  /** A list read that returned {@code list} (the whole list, oldest first). */
  void readList(long k, long[] list) {
    if (elementsUsed + list.length > elements.length) {
      elements = Arrays.copyOf(elements, Math.max(elements.length * 2, elementsUsed + list.length));
    }
    System.arraycopy(list, 0, elements, elementsUsed, list.length);
    add(Entry.READ_LIST, k, 0);
    listFrom[size - 1] = elementsUsed;
    listLength[size - 1] = list.length;
    elementsUsed += list.length;
  }

  private void add(Entry e, long k, long v) {
    if (size == key.length) {
      int n = size * 2;
      entry = Arrays.copyOf(entry, n);
      key = Arrays.copyOf(key, n);
      value = Arrays.copyOf(value, n);
      listFrom = Arrays.copyOf(listFrom, n);
      listLength = Arrays.copyOf(listLength, n);
      a = Arrays.copyOf(a, n);
      b = Arrays.copyOf(b, n);
    }
    entry[size] = (byte) e.ordinal();
    key[size] = k;
    value[size] = v;
    size++;
  }

  /** Sends the operations to a sink, after its {@code begin} and before its {@code end}. */
  void sendOps(HistorySink sink) throws IOException {
    for (int i = 0; i < size; i++) {
      switch (ENTRIES[entry[i]]) {
        case READ -> sink.op(OpKind.READ, key[i], value[i]);
        case READ_INITIAL -> sink.readInitial(key[i]);
        case WRITE -> sink.op(OpKind.WRITE, key[i], value[i]);
        case APPEND -> sink.op(OpKind.APPEND, key[i], value[i]);
        case READ_LIST -> sink.readList(key[i], elements, listFrom[i], listLength[i]);
        case PREDICATE_READ -> sink.predicateRead(key[i], value[i], a[i], (int) b[i]);
        case ROW_WRITE, ROW_INSERT -> sink.write(
            ENTRIES[entry[i]] == Entry.ROW_INSERT ? OpKind.INSERT : OpKind.WRITE, key[i],
            value[i], new WrittenFields(new long[] {1, 2}, new long[] {a[i], b[i]}));
        case FIELD_WRITE -> sink.write(OpKind.WRITE, key[i], value[i],
            new WrittenFields(new long[] {a[i]}, new long[] {b[i]}));
        case DELETE -> sink.write(OpKind.DELETE, key[i], value[i], null);
        default -> throw new IllegalStateException(ENTRIES[entry[i]].name());
      }
    }
  }
}
