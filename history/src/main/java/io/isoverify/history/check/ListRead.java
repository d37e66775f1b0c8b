package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import java.util.List;

/**
 * The checks of one list-append read against its key's longest read list (Elle, Kingsbury
 * and Alvaro, VLDB 2020, section 4.2 and 4.4): prefix compatibility (IncompatibleOrder),
 * each element once (DuplicateElements), and, for every element but the last (the read's
 * value, which {@link KeyRules} checks as any read), an appender (ThinAirRead) that did not
 * abort (AbortedRead, G1a); and each transaction's elements are all its appends to the key,
 * consecutive and in program order (the reader's own: those before the read), else
 * IntermediateRead (G1b: the list shows part of a transaction's appends). At most one
 * finding per kind and read. O(length of the list + appends of its appenders).
 */
final class ListRead {
  private final History h;
  private final ListAppends appends;
  private final int op;
  private final int txn;
  private final int key;
  private final int[] list;
  private final List<NonCycleFinding> out;

  ListRead(History h, ListAppends appends, int op, List<NonCycleFinding> out) {
    this.h = h;
    this.appends = appends;
    this.op = op;
    this.txn = h.txnOfOp(op);
    this.key = h.opKey(op);
    this.list = h.readList(op);
    this.out = out;
  }

  /**
   * Checks the read; {@code stamp} is fresh for this read, and the scratch array (indexed by
   * value code) holds only older stamps.
   */
  void check(int longestOp, int stamp, int[] valueStamp) {
    int[] longest = h.readList(longestOp);
    int n = list.length;
    for (int i = 0; i < n; i++) {
      if (i >= longest.length || list[i] != longest[i]) {
        report(Anomaly.INCOMPATIBLE_ORDER, new int[] {txn, h.txnOfOp(longestOp)},
            new int[] {longestOp, op}, list[i], i < longest.length ? longest[i] : History.NO_VALUE);
        break;
      }
    }
    boolean partial = false;
    for (int i = 0; i < n; i++) {
      if (valueStamp[list[i]] == stamp) {
        report(Anomaly.DUPLICATE_ELEMENTS, new int[] {txn}, new int[] {op}, list[i],
            History.NO_VALUE);
        partial = true; // a repeated element is that anomaly, not also a partial transaction
        break;
      }
      valueStamp[list[i]] = stamp;
    }
    boolean thinAir = false;
    boolean aborted = false;
    for (int i = 0; i < n; ) {
      int appendOp = appends.op(key, list[i]);
      int w = appendOp < 0 ? -1 : appends.txn(key, list[i]);
      if (i < n - 1 && w < 0 && !thinAir) {
        thinAir = true;
        report(Anomaly.THIN_AIR_READ, new int[] {txn}, new int[] {op}, list[i], History.NO_VALUE);
      } else if (i < n - 1 && w >= 0 && w != txn && h.isAborted(w) && !aborted) {
        aborted = true;
        report(Anomaly.ABORTED_READ, new int[] {txn, w}, new int[] {appendOp, op}, list[i],
            History.NO_VALUE);
      }
      int j = i + 1;
      while (j < n && w >= 0 && appends.txn(key, list[j]) == w) {
        j++;
      }
      if (w >= 0 && !partial && !wholeRun(w, i, j)) {
        partial = true;
        reportPartial(w, i, j);
      }
      i = j;
    }
  }

  /**
   * Does list[from..to), one transaction's run, hold exactly its appends to the key, in
   * program order (the reader's own: those before the read)? The last run of another
   * transaction's that stops short is left to {@link KeyRules} (its last element is the
   * read's value, an intermediate read there).
   */
  private boolean wholeRun(int w, int from, int to) {
    int[] own = appends.ofTxn(key, w, w == txn ? op : Integer.MAX_VALUE);
    if (to == list.length && w != txn && to - from < own.length
        && list[to - 1] != h.opValue(own[own.length - 1])) {
      return true;
    }
    if (to - from != own.length) {
      return false;
    }
    for (int i = from; i < to; i++) {
      if (list[i] != h.opValue(own[i - from])) {
        return false;
      }
    }
    return true;
  }

  /** IntermediateRead (G1b): the list holds part of w's appends, or them out of order. */
  private void reportPartial(int w, int from, int to) {
    int[] own = appends.ofTxn(key, w, w == txn ? op : Integer.MAX_VALUE);
    int p = 0;
    while (p < own.length && from + p < to && list[from + p] == h.opValue(own[p])) {
      p++;
    }
    int at = Math.min(p, own.length - 1);
    report(Anomaly.INTERMEDIATE_READ, new int[] {txn, w}, new int[] {own[0], own[at], op},
        h.opValue(own[0]), h.opValue(own[at]));
  }

  private void report(Anomaly a, int[] txns, int[] ops, int value, int otherValue) {
    out.add(new NonCycleFinding(a, txns, key, ops, value, otherValue));
  }
}
