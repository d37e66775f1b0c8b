package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The anomalies found straight from the history, without any search (mtc Table I, Figure
 * 5(a)-(g)): ThinAirRead, AbortedRead (G1a), IntermediateRead (G1b), FutureRead,
 * NotMyOwnWrite, NotMyLastWrite, NonRepeatableReads. Each one violates SER, SI and SSER
 * alike. One pass over the operations, O(ops * ops-per-transaction).
 *
 * <p>Only the reads of transactions that may have committed count: committed ones, and
 * those with an unknown outcome that a counted transaction read from (the most permissive
 * reading). Aborted transactions' reads impose nothing.
 */
public final class NonCycleChecks {
  /** How many certificates of each anomaly {@link #check(History)} keeps. */
  public static final int DEFAULT_EXAMPLES = 1000;

  private final History h;
  private final WriteIndex writes;
  private final int examplesPerKind;
  private final List<Certificate> examples = new ArrayList<>();
  private final Map<Anomaly, Long> counts = new EnumMap<>(Anomaly.class);

  private NonCycleChecks(History h, int examplesPerKind) {
    this.h = h;
    this.writes = new WriteIndex(h);
    this.examplesPerKind = examplesPerKind;
  }

  /** The first {@link #DEFAULT_EXAMPLES} certificates of each anomaly. */
  public static List<Certificate> check(History h) {
    return findings(h, DEFAULT_EXAMPLES).examples();
  }

  /** Everything the checks find, keeping {@code examplesPerKind} certificates of each kind. */
  public static NonCycleFindings findings(History h, int examplesPerKind) {
    NonCycleChecks c = new NonCycleChecks(h, examplesPerKind);
    if (c.writes.duplicateOp() >= 0) {
      int o = c.writes.duplicateOp();
      int first = c.writes.duplicateFirstOp();
      DuplicateWrite d = new DuplicateWrite(h.opKey(o), h.opValue(o),
          WriteIndex.transactionOf(h, first), WriteIndex.transactionOf(h, o));
      return new NonCycleFindings(List.of(), Map.of(), d);
    }
    boolean[] counted = c.countedTransactions();
    for (int t = 0; t < h.txnCount(); t++) {
      if (counted[t]) {
        c.checkTransaction(t);
      }
    }
    return new NonCycleFindings(c.examples, c.counts, null);
  }

  /** Committed transactions, plus unknown ones read (transitively) by counted ones. */
  private boolean[] countedTransactions() {
    boolean[] counted = new boolean[h.txnCount()];
    int[] stack = new int[h.txnCount()];
    int top = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      if (h.isCommitted(t)) {
        counted[t] = true;
        stack[top++] = t;
      }
    }
    while (top > 0) {
      int t = stack[--top];
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKind(o) == OpKind.READ && h.opValue(o) >= 0) {
          int w = writes.writerTxn(h.opKey(o), h.opValue(o));
          if (w >= 0 && !counted[w] && !h.isAborted(w)) {
            counted[w] = true;
            stack[top++] = w;
          }
        }
      }
    }
    return counted;
  }

  private void checkTransaction(int t) {
    // Keys already reported as non-repeatable in t: one finding per (transaction, key).
    int[] repeated = new int[4];
    int repeatedCount = 0;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKind(o) != OpKind.READ) {
        continue;
      }
      int key = h.opKey(o);
      int value = h.opValue(o);
      int ownWrite = lastOwnWriteBefore(t, key, o);
      if (ownWrite >= 0) {
        checkOwnRead(t, o, ownWrite);
        continue;
      }
      int earlier = earlierReadWithOtherValue(t, key, value, o);
      if (earlier >= 0) {
        if (!contains(repeated, repeatedCount, key)) {
          if (repeatedCount == repeated.length) {
            repeated = java.util.Arrays.copyOf(repeated, repeatedCount * 2);
          }
          repeated[repeatedCount++] = key;
          report(Anomaly.NON_REPEATABLE_READ, new int[] {t}, key, new int[] {earlier, o});
        }
        continue;
      }
      if (value == History.INITIAL) {
        continue;
      }
      checkExternalRead(t, o, key, value);
    }
  }

  private void checkOwnRead(int t, int o, int ownWrite) {
    int key = h.opKey(o);
    int value = h.opValue(o);
    if (h.opValue(ownWrite) == value) {
      return;
    }
    for (int p = h.firstOp(t); p < ownWrite; p++) {
      if (h.opKind(p).installsVersion() && h.opKey(p) == key && h.opValue(p) == value) {
        report(Anomaly.NOT_MY_LAST_WRITE, new int[] {t}, key, new int[] {p, ownWrite, o});
        return;
      }
    }
    int w = writes.writerTxn(key, value);
    int[] txns = w >= 0 && w != t ? new int[] {t, w} : new int[] {t};
    report(Anomaly.NOT_MY_OWN_WRITE, txns, key, new int[] {ownWrite, o});
  }

  private void checkExternalRead(int t, int o, int key, int value) {
    int writeOp = writes.writer(key, value);
    if (writeOp < 0) {
      report(Anomaly.THIN_AIR_READ, new int[] {t}, key, new int[] {o});
      return;
    }
    int w = WriteIndex.transactionOf(h, writeOp);
    if (w == t) {
      report(Anomaly.FUTURE_READ, new int[] {t}, key, new int[] {o, writeOp});
    } else if (h.isAborted(w)) {
      report(Anomaly.ABORTED_READ, new int[] {t, w}, key, new int[] {writeOp, o});
    } else {
      int last = lastWriteOf(w, key);
      if (last != writeOp) {
        report(Anomaly.INTERMEDIATE_READ, new int[] {t, w}, key, new int[] {writeOp, last, o});
      }
    }
  }

  private static boolean contains(int[] a, int n, int x) {
    for (int i = 0; i < n; i++) {
      if (a[i] == x) {
        return true;
      }
    }
    return false;
  }

  private int lastOwnWriteBefore(int t, int key, int o) {
    for (int p = o - 1; p >= h.firstOp(t); p--) {
      if (h.opKey(p) == key && h.opKind(p).installsVersion()) {
        return p;
      }
    }
    return -1;
  }

  private int lastWriteOf(int t, int key) {
    for (int p = h.endOp(t) - 1; p >= h.firstOp(t); p--) {
      if (h.opKey(p) == key && h.opKind(p).installsVersion()) {
        return p;
      }
    }
    return -1;
  }

  /** The latest earlier read of the key in t whose value differs, or -1. */
  private int earlierReadWithOtherValue(int t, int key, int value, int o) {
    for (int p = o - 1; p >= h.firstOp(t); p--) {
      if (h.opKind(p) == OpKind.READ && h.opKey(p) == key && h.opValue(p) != value) {
        return p;
      }
    }
    return -1;
  }

  private void report(Anomaly a, int[] txns, int key, int[] ops) {
    long n = counts.merge(a, 1L, Long::sum);
    if (n <= examplesPerKind) {
      List<Edge> edges = txns.length == 2 && a != Anomaly.NOT_MY_OWN_WRITE
          ? List.of(new Edge(txns[1], txns[0], EdgeType.WR, key, h.opValue(ops[ops.length - 1])))
          : List.of();
      examples.add(new Certificate(a, txns, new int[] {key}, ops, edges));
    }
  }
}
