package io.isoverify.spark.stages;

import io.isoverify.history.History;
import io.isoverify.history.Outcome;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The checks that concern the rows of one transaction together, as HistoryBuilder makes
 * them: rows of one transaction that disagree on session, position, outcome or timestamps
 * (while reading, within a stretch of adjacent rows; when building, between stretches),
 * and gaps or repeats in the operation positions. Runs on the executors over the rows of
 * one transaction (a few dozen at most in practice).
 */
final class TxnGroupChecks {
  /** The fields of one row that these checks need. */
  record OpRef(int fileIndex, long row, Object session, int txnPos, int opPos, byte outcome,
      long start, long end) implements Serializable {}

  private static final Comparator<OpRef> ROW_ORDER =
      Comparator.comparingInt(OpRef::fileIndex).thenComparingLong(OpRef::row);

  private TxnGroupChecks() {}

  static TxnRecord check(long txn, Iterable<OpRef> rows) {
    List<OpRef> ops = new ArrayList<>();
    rows.forEach(ops::add);
    ops.sort(ROW_ORDER);
    OpRef first = ops.get(0);
    TxnRecord t = new TxnRecord();
    t.txn = txn;
    t.session = first.session();
    t.pos = first.txnPos();
    t.outcome = first.outcome();
    t.start = first.start();
    t.end = first.end();
    t.opCount = ops.size();
    t.fileIndex = first.fileIndex();
    t.firstRow = first.row();
    OpRef runFirst = first;
    for (int i = 1; i < ops.size(); i++) {
      OpRef o = ops.get(i);
      OpRef prev = ops.get(i - 1);
      boolean adjacent = o.fileIndex() == prev.fileIndex() && o.row() == prev.row() + 1;
      if (!adjacent) {
        runFirst = o;
        if (t.groupError == null) {
          t.groupError = disagreement(txn, o, first);
          t.groupErrorRow = o.row();
        }
      } else if (t.readingError == null) {
        t.readingError = disagreement(txn, o, runFirst);
        if (t.readingError != null) {
          t.readingErrorRow = o.row();
        }
      }
    }
    t.opError = positions(txn, ops);
    return t;
  }

  /** HistoryBuilder.agree: how row {@code o} disagrees with {@code first}, or null. */
  private static String disagreement(long txn, OpRef o, OpRef first) {
    String at = " at row " + first.row();
    String where = " here but ";
    if (!o.session().equals(first.session())) {
      if (o.txnPos() != first.txnPos()) {
        return "transaction id " + txn + " is used in two sessions: " + o.session()
            + " here and " + first.session() + at;
      }
      return "the operations of transaction " + txn + " disagree on the session: "
          + o.session() + where + first.session() + at;
    }
    if (o.txnPos() != first.txnPos()) {
      return "the operations of transaction " + txn
          + " disagree on its position in the session: " + o.txnPos() + where + first.txnPos() + at;
    }
    if (o.outcome() != first.outcome()) {
      return "the operations of transaction " + txn + " disagree on the outcome: "
          + Outcome.ofOrdinal(o.outcome()).code() + where
          + Outcome.ofOrdinal(first.outcome()).code() + at;
    }
    if (o.start() != first.start() || o.end() != first.end()) {
      return "the operations of transaction " + txn + " disagree on the timestamps: ["
          + time(o.start()) + ", " + time(o.end()) + "]" + where + "[" + time(first.start())
          + ", " + time(first.end()) + "]" + at;
    }
    return null;
  }

  private static String time(long t) {
    return t == History.NO_TIME ? "none" : Long.toString(t);
  }

  /** HistoryBuilder.copyOps: positions must be 0..count-1, each once, checked in row order. */
  private static String positions(long txn, List<OpRef> ops) {
    int count = ops.size();
    long[] slot = new long[count];
    java.util.Arrays.fill(slot, -1);
    for (OpRef o : ops) {
      int p = o.opPos();
      if (p >= count) {
        return "operation positions have a gap: the transaction has " + count
            + " operations but row " + o.row() + " is at position " + p;
      }
      if (slot[p] >= 0) {
        return "operation position " + p + " is repeated, at row " + slot[p] + " and row " + o.row();
      }
      slot[p] = o.row();
    }
    return null;
  }
}
