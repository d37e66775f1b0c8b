package io.isoverify.checker;

import io.isoverify.history.History;
import java.util.HashMap;
import java.util.Map;

/**
 * The writers a witness states for the reads whose value several of its transactions
 * installed (veristrong's WR constraints made explicit), checked during a replay: a stated
 * writer must be the one whose version the read sees in the witness's order, and every read
 * of a value that two or more of them other than the reader installed must have one stated.
 * O(ops of the order + values) to build, with a map entry only per (key, value) whose value
 * two or more installed; O(1) per read.
 */
final class StatedWriters {
  private final History h;
  private final Map<Long, Integer> stated = new HashMap<>();
  /**
   * Per value code, how many of the order's transactions installed it on any key, up to 2:
   * a (key, value) can have two installers only when its value has.
   */
  private final byte[] valueInstallers;
  /** Per (key, value) whose value two or more installed: how many installed it. */
  private final Map<Long, Integer> installers = new HashMap<>();

  StatedWriters(History h, int[] order, int[] readers, int[] keys, int[] writers) {
    this.h = h;
    for (int i = 0; i < readers.length; i++) {
      stated.put(pack(readers[i], keys[i]), writers[i]);
    }
    valueInstallers = new byte[h.values().size()];
    boolean shared = false;
    for (int t : order) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        int v = h.opValue(o);
        if (v >= 0 && Transactions.isWrite(h, o) && isLastWrite(t, o) && valueInstallers[v] < 2) {
          shared |= ++valueInstallers[v] == 2;
        }
      }
    }
    if (!shared) {
      return;
    }
    for (int t : order) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        int v = h.opValue(o);
        if (v >= 0 && valueInstallers[v] == 2 && Transactions.isWrite(h, o) && isLastWrite(t, o)) {
          installers.merge(pack(h.opKey(o), v), 1, Integer::sum);
        }
      }
    }
  }

  private boolean isLastWrite(int t, int o) {
    for (int p = o + 1; p < h.endOp(t); p++) {
      if (h.opKey(p) == h.opKey(o) && Transactions.isWrite(h, p)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Null when t's read o from outside, seeing the version {@code writer} installed (-1: the
   * initial one), agrees with what the witness states; else the problem.
   */
  String problem(int t, int o, int writer) {
    int key = h.opKey(o);
    Integer w = stated.isEmpty() ? null : stated.get(pack(t, key));
    if (w == null) {
      int v = h.opValue(o);
      if (v < 0 || valueInstallers[v] < 2) {
        return null; // one installer at most: nothing to state
      }
      int others = installers.getOrDefault(pack(key, v), 0)
          - (Transactions.installed(h, t, key, v) ? 1 : 0);
      return others > 1
          ? "the witness does not say which of the transactions that wrote "
              + h.showKey(key) + " = " + h.showValue(h.opValue(o)) + " " + h.showTxn(t) + " read"
          : null;
    }
    return w == writer ? null : "the witness says " + h.showTxn(t) + " read " + h.showKey(key)
        + " from " + h.showTxn(w) + ", but in its order it sees the version of "
        + (writer < 0 ? "the initial state" : h.showTxn(writer));
  }

  private static long pack(int a, int b) {
    return ((long) a << 32) | (b & 0xffffffffL);
  }
}
