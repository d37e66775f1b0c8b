package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;

/**
 * The checks of one list-append read against its key's longest read list (Elle, Kingsbury
 * and Alvaro, VLDB 2020, section 4.2 and 4.4), over the key's block as {@link ListRules}
 * indexed it: prefix compatibility (IncompatibleOrder), each element once
 * (DuplicateElements), and, for every element but the last (the read's value, which
 * {@link KeyRules} checks as any read), an appender (ThinAirRead) that did not abort
 * (AbortedRead, G1a) and is not the reader itself appending it after the read (FutureRead);
 * and each transaction's elements are all its appends to the key, consecutive and in program
 * order (the reader's own: those before the read), else IntermediateRead (G1b: the list
 * shows part of a transaction's appends). At most one finding per kind and read, in that
 * order. O(length of the list + appends of its appenders).
 */
final class ListRead {
  private final ListRules k;
  private KeyLists lists;
  private int r;
  private int txn;
  private int op;
  private int n;

  ListRead(ListRules k) {
    this.k = k;
  }

  /**
   * Checks read {@code r} against read {@code longest}; {@code stamp} is fresh for this
   * read, and the rules' value stamps hold only older ones.
   */
  void check(int r, int longest, int stamp) {
    this.lists = k.lists;
    this.r = r;
    this.txn = lists.txn(r);
    this.op = lists.op(r);
    this.n = lists.length(r);
    int longLength = lists.length(longest);
    for (int i = 0; i < n; i++) {
      if (i >= longLength || element(i) != lists.element(longest, i)) {
        report(Anomaly.INCOMPATIBLE_ORDER, new int[] {txn, lists.txn(longest)},
            new int[] {lists.op(longest), op}, element(i),
            i < longLength ? lists.element(longest, i) : History.NO_VALUE);
        break;
      }
    }
    boolean partial = false;
    for (int i = 0; i < n; i++) {
      if (k.valueStamp[element(i)] == stamp) {
        report(Anomaly.DUPLICATE_ELEMENTS, new int[] {txn}, new int[] {op}, element(i),
            History.NO_VALUE);
        partial = true; // a repeated element is that anomaly, not also a partial transaction
        break;
      }
      k.valueStamp[element(i)] = stamp;
    }
    runs(partial);
  }

  /** The checks of each run of one appender's elements. */
  private void runs(boolean partial) {
    boolean thinAir = false;
    boolean aborted = false;
    boolean future = false;
    for (int i = 0; i < n; ) {
      int a = k.firstAppend(element(i));
      int w = a < 0 ? -1 : k.appTxn[a];
      if (i < n - 1 && w < 0 && !thinAir) {
        thinAir = true;
        report(Anomaly.THIN_AIR_READ, new int[] {txn}, new int[] {op}, element(i),
            History.NO_VALUE);
      } else if (i < n - 1 && w >= 0 && w != txn && k.aborted(w) && !aborted) {
        aborted = true;
        report(Anomaly.ABORTED_READ, new int[] {txn, w}, new int[] {k.appOp[a], op}, element(i),
            History.NO_VALUE);
      }
      int j = i + 1;
      while (j < n && w >= 0 && k.appender(element(j)) == w) {
        j++;
      }
      int later = w == txn ? laterOwnAppend(i, j) : -1;
      if (later >= 0) {
        // the reader's own append after the read: the last element is KeyRules' FutureRead
        if (later < n - 1 && !future) {
          future = true;
          int appended = k.firstAppend(element(later));
          report(Anomaly.FUTURE_READ, new int[] {txn}, new int[] {op, k.appOp[appended]},
              element(later), History.NO_VALUE);
        }
      } else if (w >= 0 && !partial && !wholeRun(a, i, j)) {
        partial = true;
        reportPartial(a, i, j);
      }
      i = j;
    }
  }

  /** The first position in [from, to) whose element the reader appends after the read, or -1. */
  private int laterOwnAppend(int from, int to) {
    for (int i = from; i < to; i++) {
      if (k.appOp[k.firstAppend(element(i))] > op) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Does list[from..to), the run of the transaction of append {@code a}, hold exactly its
   * appends to the key, in program order (the reader's own: those before the read)? The last
   * run of another transaction's that stops short is left to {@link KeyRules} (its last
   * element is the read's value, an intermediate read there).
   */
  private boolean wholeRun(int a, int from, int to) {
    int own = k.appRunFrom[a];
    int count = ownCount(a);
    if (to == n && k.appTxn[a] != txn && to - from < count
        && element(to - 1) != k.appValue[own + count - 1]) {
      return true;
    }
    if (to - from != count) {
      return false;
    }
    for (int i = from; i < to; i++) {
      if (element(i) != k.appValue[own + i - from]) {
        return false;
      }
    }
    return true;
  }

  /** IntermediateRead (G1b): the list holds part of w's appends, or them out of order. */
  private void reportPartial(int a, int from, int to) {
    int own = k.appRunFrom[a];
    int count = ownCount(a);
    int p = 0;
    while (p < count && from + p < to && element(from + p) == k.appValue[own + p]) {
      p++;
    }
    int at = own + Math.min(p, count - 1);
    report(Anomaly.INTERMEDIATE_READ, new int[] {txn, k.appTxn[a]},
        new int[] {k.appOp[own], k.appOp[at], op}, k.appValue[own], k.appValue[at]);
  }

  /** How many appends of the transaction of append a count: the reader's own before the read. */
  private int ownCount(int a) {
    int from = k.appRunFrom[a];
    int to = k.appRunTo[a];
    if (k.appTxn[a] != txn) {
      return to - from;
    }
    int c = from;
    while (c < to && k.appOp[c] < op) {
      c++;
    }
    return c - from;
  }

  private int element(int i) {
    return lists.element(r, i);
  }

  private void report(Anomaly a, int[] txns, int[] ops, int value, int otherValue) {
    k.findings.add(new NonCycleFinding(a, txns, k.key, ops, value, otherValue));
  }
}
