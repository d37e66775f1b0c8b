package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;

/**
 * Facts about one transaction read straight from the raw {@link History}, shared by the
 * checks of this package (and by nothing else: the checker must not trust the solver).
 * Each method scans the transaction's operations: O(ops of the transaction).
 */
final class Transactions {
  private static final int READ = OpKind.READ.ordinal();

  private Transactions() {
  }

  static boolean isWrite(History h, int o) {
    return h.opKind(o).installsVersion();
  }

  /** The value the transaction's last write of {@code key} installed, or NO_VALUE when none. */
  static int lastWrite(History h, int t, int key) {
    int value = History.NO_VALUE;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key && isWrite(h, o)) {
        value = h.opValue(o);
      }
    }
    return value;
  }

  /** True when the transaction wrote {@code value} to {@code key} in its last write of it. */
  static boolean installed(History h, int t, int key, int value) {
    return value != History.NO_VALUE && lastWrite(h, t, key) == value;
  }

  /**
   * True when a transaction other than a and b that did not abort installed {@code value} on
   * {@code key}. O(ops of the history): only asked when b installed the value too.
   */
  static boolean anotherInstaller(History h, int key, int value, int a, int b) {
    for (int t = 0; t < h.txnCount(); t++) {
      if (t != a && t != b && !h.isAborted(t) && installed(h, t, key, value)) {
        return true;
      }
    }
    return false;
  }

  /** True when a read of {@code key} before any own write of it returned {@code value}. */
  static boolean readExternally(History h, int t, int key, int value) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) != key) {
        continue;
      }
      if (isWrite(h, o)) {
        return false;
      }
      if (h.opKindOrdinal(o) == READ && h.opValue(o) == value) {
        return true;
      }
    }
    return false;
  }

  static boolean isRead(History h, int o) {
    return h.opKindOrdinal(o) == READ;
  }

  /** "T3 read x = 1"-style text for messages. */
  static String op(History h, int t, int o) {
    return h.showTxn(t) + " " + (isRead(h, o) ? "read " : "wrote ") + h.showKey(h.opKey(o))
        + " = " + h.showValue(h.opValue(o));
  }
}
