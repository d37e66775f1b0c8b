package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import java.util.Arrays;

/**
 * The writers a witness states for the reads whose value several of its transactions
 * installed (veristrong's WR constraints made explicit), checked during a replay: a stated
 * writer must be the one whose version the read sees in the witness's order, and every read
 * of a value that two or more of them other than the reader installed must have one stated.
 * On sorted primitive arrays (a predicate history states millions of writers, and boxed
 * (reader, key) pairs in a hash map collided into tree bins: about 23 s of a 25 s check):
 * O(ops of the order + s log s + i log i) to build, s the stated writers and i the
 * installing writes of values two or more installed; O(log s + log i) per read.
 */
final class StatedWriters {
  private final History h;
  /** The stated (reader, key) pairs, packed and ascending, each once (the last stated). */
  private final long[] statedPair;
  /** statedWriter[j]: the writer stated for statedPair[j]. */
  private final int[] statedWriter;
  /**
   * Per value code, how many of the order's transactions installed it on any key, up to 2:
   * a (key, value) can have two installers only when its value has.
   */
  private final byte[] valueInstallers;
  /**
   * Per installing write of a (key, value) whose value two or more installed, the packed
   * pair, ascending: a pair's run is how many installed it.
   */
  private long[] installed = new long[0];

  StatedWriters(History h, int[] order, int[] readers, int[] keys, int[] writers) {
    this.h = h;
    int n = readers.length;
    long[] pairs = new long[n];
    for (int i = 0; i < n; i++) {
      pairs[i] = pack(readers[i], keys[i]);
    }
    int[] byPair = IndexSort.byKey(pairs, n); // ties in stating order: the last one counts
    int distinct = 0;
    long[] statedPair = new long[n];
    int[] statedWriter = new int[n];
    for (int j = 0; j < n; j++) {
      int i = byPair[j];
      if (distinct > 0 && statedPair[distinct - 1] == pairs[i]) {
        statedWriter[distinct - 1] = writers[i];
      } else {
        statedPair[distinct] = pairs[i];
        statedWriter[distinct++] = writers[i];
      }
    }
    this.statedPair = Arrays.copyOf(statedPair, distinct);
    this.statedWriter = Arrays.copyOf(statedWriter, distinct);
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
    long[] pairsOf = new long[16];
    int m = 0;
    for (int t : order) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        int v = h.opValue(o);
        if (v >= 0 && valueInstallers[v] == 2 && Transactions.isWrite(h, o) && isLastWrite(t, o)) {
          if (m == pairsOf.length) {
            pairsOf = Arrays.copyOf(pairsOf, 2 * m);
          }
          pairsOf[m++] = pack(h.opKey(o), v);
        }
      }
    }
    installed = Arrays.copyOf(pairsOf, m);
    Arrays.sort(installed);
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
    int at = statedPair.length == 0 ? -1 : Arrays.binarySearch(statedPair, pack(t, key));
    if (at < 0) {
      int v = h.opValue(o);
      if (v < 0 || valueInstallers[v] < 2) {
        return null; // one installer at most: nothing to state
      }
      long pair = pack(key, v);
      int first = IndexSort.firstAtLeast(installed, 0, installed.length, pair);
      int others = IndexSort.firstAtLeast(installed, first, installed.length, pair + 1) - first
          - (Transactions.installed(h, t, key, v) ? 1 : 0);
      return others > 1
          ? "the witness does not say which of the transactions that wrote "
              + h.showKey(key) + " = " + h.showValue(h.opValue(o)) + " " + h.showTxn(t) + " read"
          : null;
    }
    int w = statedWriter[at];
    return w == writer ? null : "the witness says " + h.showTxn(t) + " read " + h.showKey(key)
        + " from " + h.showTxn(w) + ", but in its order it sees the version of "
        + (writer < 0 ? "the initial state" : h.showTxn(writer));
  }

  private static long pack(int a, int b) {
    return ((long) a << 32) | (b & 0xffffffffL);
  }
}
