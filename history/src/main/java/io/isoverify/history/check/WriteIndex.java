package io.isoverify.history.check;

import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import java.util.Arrays;

/**
 * Who wrote each (key, value): the operation that installed it, found in O(1). Built once
 * per history in O(operations) on primitive arrays; the pair is packed as key << 32 | value.
 * Written values are expected unique per key; the first duplicate is remembered so the
 * checks can refuse the history rather than guess which write a read saw.
 */
public final class WriteIndex {
  private final Dictionary pairs = new Dictionary();
  /** pair code -> the first operation that wrote the pair. */
  private int[] writerOp = new int[1024];
  /** pair code -> the transaction of that operation. */
  private int[] writerTxn = new int[1024];
  /** An operation of another transaction that wrote an already written pair, or -1. */
  private int duplicateOp = -1;
  private int duplicateFirstOp = -1;

  public WriteIndex(History h) {
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (!h.opKind(o).installsVersion()) {
          continue;
        }
        int before = pairs.size();
        int code = pairs.encode(pack(h.opKey(o), h.opValue(o)));
        if (code == before) {
          if (code == writerOp.length) {
            writerOp = Arrays.copyOf(writerOp, code * 2);
            writerTxn = Arrays.copyOf(writerTxn, code * 2);
          }
          writerOp[code] = o;
          writerTxn[code] = t;
        } else if (duplicateOp < 0 && writerTxn[code] != t) {
          duplicateOp = o;
          duplicateFirstOp = writerOp[code];
        }
      }
    }
  }

  private static int txnOf(History h, int op) {
    int lo = 0;
    int hi = h.txnCount() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (h.firstOp(mid) <= op) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private static long pack(int key, int value) {
    return ((long) key << 32) | (value & 0xffffffffL);
  }

  /** The operation that wrote {@code value} to {@code key}, or -1 when none did. */
  public int writer(int key, int value) {
    int code = pairs.find(pack(key, value));
    return code < 0 ? -1 : writerOp[code];
  }

  /** The transaction that wrote {@code value} to {@code key}, or -1 when none did. */
  public int writerTxn(int key, int value) {
    int code = pairs.find(pack(key, value));
    return code < 0 ? -1 : writerTxn[code];
  }

  /** The transaction that owns operation {@code op} (binary search, O(log n)). */
  public static int transactionOf(History h, int op) {
    return txnOf(h, op);
  }

  /** A write of a value that another transaction already wrote to the same key, or -1. */
  public int duplicateOp() {
    return duplicateOp;
  }

  /** The earlier write that {@link #duplicateOp()} repeats, or -1. */
  public int duplicateFirstOp() {
    return duplicateFirstOp;
  }
}
