package io.isoverify.history.formats;

import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import java.util.Arrays;

/**
 * The operations of one transaction whose outcome is not known yet. Log formats write a
 * transaction's operations before its commit or abort record, while {@link HistoryBuilder}
 * wants the outcome with every row, so readers gather the operations here and hand them
 * over once the transaction ends. One instance is reused for every transaction of a file.
 *
 * <p>Operations are held in parallel primitive arrays (kind, key code, value code, source
 * row); only predicate reads carry an object. Invariant: entries 0..size()-1 are the
 * transaction's operations in program order.
 */
final class PendingTransaction {
  private int size;
  private byte[] kind = new byte[64];
  private int[] key = new int[64];
  private int[] value = new int[64];
  private long[] row = new long[64];
  private PredicateRead[] predicate = new PredicateRead[64];
  private WrittenFields[] fields = new WrittenFields[64];

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  OpKind kind(int i) {
    return OpKind.ofOrdinal(kind[i]);
  }

  int key(int i) {
    return key[i];
  }

  int value(int i) {
    return value[i];
  }

  /** Appends one operation read at {@code sourceRow}. */
  void add(long sourceRow, OpKind k, int keyCode, int valueCode) {
    insert(size, sourceRow, k, keyCode, valueCode, null);
  }

  /**
   * Inserts an operation before position {@code at}, shifting the later ones; used when a
   * log names a predicate after the reads it matched.
   */
  void insert(int at, long sourceRow, OpKind k, int keyCode, int valueCode, PredicateRead p) {
    if (size == kind.length) {
      int n = size * 2;
      kind = Arrays.copyOf(kind, n);
      key = Arrays.copyOf(key, n);
      value = Arrays.copyOf(value, n);
      row = Arrays.copyOf(row, n);
      predicate = Arrays.copyOf(predicate, n);
      fields = Arrays.copyOf(fields, n);
    }
    int tail = size - at;
    System.arraycopy(kind, at, kind, at + 1, tail);
    System.arraycopy(key, at, key, at + 1, tail);
    System.arraycopy(value, at, value, at + 1, tail);
    System.arraycopy(row, at, row, at + 1, tail);
    System.arraycopy(predicate, at, predicate, at + 1, tail);
    System.arraycopy(fields, at, fields, at + 1, tail);
    kind[at] = (byte) k.ordinal();
    key[at] = keyCode;
    value[at] = valueCode;
    row[at] = sourceRow;
    predicate[at] = p;
    fields[at] = null;
    size++;
  }

  /** Sets field {@code f} to {@code v} on the write at {@code i} (the fields it sets so far). */
  void setField(int i, long f, long v) {
    fields[i] = WrittenFields.over(fields[i], new WrittenFields(new long[] {f}, new long[] {v}));
  }

  /** Hands every operation to {@code b} as transaction {@code txn} and empties the buffer. */
  void flush(HistoryBuilder b, int session, long txn, int txnPos, Outcome outcome, long start,
      long end) throws InvalidHistoryException {
    for (int i = 0; i < size; i++) {
      b.add(row[i], session, txn, txnPos, i, OpKind.ofOrdinal(kind[i]), key[i], value[i],
          outcome, start, end);
      if (predicate[i] != null) {
        b.attachPredicate(predicate[i]);
        predicate[i] = null;
      }
      if (fields[i] != null) {
        b.attachFields(fields[i]);
        fields[i] = null;
      }
    }
    size = 0;
  }

  /** Forgets the operations without handing them over. */
  void clear() {
    Arrays.fill(predicate, 0, size, null);
    Arrays.fill(fields, 0, size, null);
    size = 0;
  }
}
