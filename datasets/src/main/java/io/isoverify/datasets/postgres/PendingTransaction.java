package io.isoverify.datasets.postgres;

import io.isoverify.history.OpKind;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.util.Arrays;

/**
 * The operations one client session has completed in its open transaction, held until the
 * transaction's outcome is known (a sink takes the outcome before the operations). One per
 * session, reused for every transaction, on primitive arrays: a collection allocates
 * nothing per operation. Invariant: entries 0..size-1 are the completed operations in
 * program order; a read of the initial state has {@code initial} set and no value.
 */
final class PendingTransaction {
  private int size;
  private boolean[] write = new boolean[8];
  private boolean[] initial = new boolean[8];
  private long[] key = new long[8];
  private long[] value = new long[8];

  void clear() {
    size = 0;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void read(long k, long v) {
    add(false, false, k, v);
  }

  void readInitial(long k) {
    add(false, true, k, 0);
  }

  void write(long k, long v) {
    add(true, false, k, v);
  }

  private void add(boolean isWrite, boolean isInitial, long k, long v) {
    if (size == key.length) {
      int n = size * 2;
      write = Arrays.copyOf(write, n);
      initial = Arrays.copyOf(initial, n);
      key = Arrays.copyOf(key, n);
      value = Arrays.copyOf(value, n);
    }
    write[size] = isWrite;
    initial[size] = isInitial;
    key[size] = k;
    value[size] = v;
    size++;
  }

  /** Sends the operations to a sink, after its {@code begin} and before its {@code end}. */
  void sendOps(HistorySink sink) throws IOException {
    for (int i = 0; i < size; i++) {
      if (initial[i]) {
        sink.readInitial(key[i]);
      } else {
        sink.op(write[i] ? OpKind.WRITE : OpKind.READ, key[i], value[i]);
      }
    }
  }
}
