package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.OpKind;
import java.util.Arrays;

/**
 * Every APPEND of a history, by (key, value) and by (key, transaction): who appended what,
 * for {@link ListOrders} (Elle list-append). Two sorted long arrays and their operations and
 * transactions: about 28 bytes per append; lookups O(log appends).
 */
final class ListAppends {
  private static final int APPEND = OpKind.APPEND.ordinal();

  private final long[] keyValue;
  private final int[] op;
  private final int[] txn;
  /** The same appends by (key, transaction), each transaction's in program order. */
  private final long[] keyTxn;
  private final int[] keyTxnOp;

  ListAppends(History h) {
    int n = 0;
    for (int o = 0; o < h.opCount(); o++) {
      if (h.opKindOrdinal(o) == APPEND) {
        n++;
      }
    }
    long[] kv = new long[n];
    int[] ops = new int[n];
    int[] txns = new int[n];
    n = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKindOrdinal(o) == APPEND) {
          kv[n] = pack(h.opKey(o), h.opValue(o));
          txns[n] = t;
          ops[n++] = o;
        }
      }
    }
    long[] kt = new long[n];
    for (int i = 0; i < n; i++) {
      kt[i] = ((long) h.opKey(ops[i]) << 32) | txns[i];
    }
    int[] byTxn = IndexSort.byKey(kt, n);
    keyTxn = new long[n];
    keyTxnOp = new int[n];
    for (int i = 0; i < n; i++) {
      keyTxn[i] = kt[byTxn[i]];
      keyTxnOp[i] = ops[byTxn[i]];
    }
    int[] idx = IndexSort.byKey(kv, n);
    keyValue = new long[n];
    op = new int[n];
    txn = new int[n];
    for (int i = 0; i < n; i++) {
      keyValue[i] = kv[idx[i]];
      op[i] = ops[idx[i]];
      txn[i] = txns[idx[i]];
    }
  }

  /** The index of the first append of value to key, or -1. */
  private int find(int key, int value) {
    long p = pack(key, value);
    int i = Arrays.binarySearch(keyValue, p);
    if (i < 0) {
      return -1;
    }
    while (i > 0 && keyValue[i - 1] == p) {
      i--;
    }
    return i;
  }

  /** The first append of value to key, or -1. */
  int op(int key, int value) {
    int i = find(key, value);
    return i < 0 ? -1 : op[i];
  }

  /** The operations of t's appends to key before operation {@code before}, in program order. */
  int[] ofTxn(int key, int t, int before) {
    long p = ((long) key << 32) | t;
    int i = Arrays.binarySearch(keyTxn, p);
    if (i < 0) {
      return new int[0];
    }
    while (i > 0 && keyTxn[i - 1] == p) {
      i--;
    }
    int j = i;
    while (j < keyTxn.length && keyTxn[j] == p && keyTxnOp[j] < before) {
      j++;
    }
    return Arrays.copyOfRange(keyTxnOp, i, j);
  }

  /** The transaction of the first append of value to key, or -1. */
  int txn(int key, int value) {
    int i = find(key, value);
    return i < 0 ? -1 : txn[i];
  }

  private static long pack(int key, int value) {
    return ((long) key << 32) | (value & 0xffffffffL);
  }
}
