package io.isoverify.spark.stages;

import static io.isoverify.spark.stages.Stretches.COUNT_I;
import static io.isoverify.spark.stages.Stretches.END;
import static io.isoverify.spark.stages.Stretches.FILE_I;
import static io.isoverify.spark.stages.Stretches.OP_POS;
import static io.isoverify.spark.stages.Stretches.OUTCOME;
import static io.isoverify.spark.stages.Stretches.POS;
import static io.isoverify.spark.stages.Stretches.ROW_I;
import static io.isoverify.spark.stages.Stretches.SESSION;
import static io.isoverify.spark.stages.Stretches.START;
import static io.isoverify.spark.stages.Stretches.TXN;

import io.isoverify.history.History;
import io.isoverify.history.Outcome;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.spark.sql.Row;

/**
 * The reduce side of the transaction job: the checks that concern the rows of one
 * transaction together, as HistoryBuilder makes them, over {@link Stretches} sorted by
 * (transaction, file, row): rows of one transaction that disagree on session, position,
 * outcome or timestamps (while reading, within a run of adjacent rows; when building,
 * between runs), and gaps or repeats in the operation positions. Streams over the sorted
 * stretches holding one transaction's at a time in primitive arrays, and fills one
 * {@link TxnBlock} per partition.
 */
final class TxnGroupChecks {
  private int n;
  private int[] file = new int[4];
  private long[] row = new long[4];
  private int[] count = new int[4];
  private Object[] session = new Object[4];
  private int[] pos = new int[4];
  private int[] opPos = new int[4];
  private byte[] outcome = new byte[4];
  private long[] start = new long[4];
  private long[] end = new long[4];
  private long[] slot = new long[16];

  /** The block of one partition's sorted stretches. */
  static TxnBlock block(Iterator<Row> sorted) {
    TxnGroupChecks c = new TxnGroupChecks();
    TxnBlock.Builder out = new TxnBlock.Builder();
    long txn = 0;
    while (sorted.hasNext()) {
      Row r = sorted.next();
      long t = r.getLong(TXN);
      if (c.n > 0 && t != txn) {
        c.check(txn, out);
        c.n = 0;
      }
      txn = t;
      c.add(r);
    }
    if (c.n > 0) {
      c.check(txn, out);
    }
    return out.build();
  }

  private void add(Row r) {
    if (n == file.length) {
      int m = n * 2;
      file = Arrays.copyOf(file, m);
      row = Arrays.copyOf(row, m);
      count = Arrays.copyOf(count, m);
      session = Arrays.copyOf(session, m);
      pos = Arrays.copyOf(pos, m);
      opPos = Arrays.copyOf(opPos, m);
      outcome = Arrays.copyOf(outcome, m);
      start = Arrays.copyOf(start, m);
      end = Arrays.copyOf(end, m);
    }
    file[n] = r.getInt(FILE_I);
    row[n] = r.getLong(ROW_I);
    count[n] = r.getInt(COUNT_I);
    session[n] = r.get(SESSION);
    pos[n] = r.getInt(POS);
    opPos[n] = r.getInt(OP_POS);
    outcome[n] = r.getByte(OUTCOME);
    start[n] = r.getLong(START);
    end[n] = r.getLong(END);
    n++;
  }

  /**
   * Rows within a stretch agree with its first and follow it, so comparing each stretch's
   * first row with the first row of its run (or of the transaction) is comparing every row.
   */
  private void check(long txn, TxnBlock.Builder out) {
    int ops = 0;
    for (int i = 0; i < n; i++) {
      ops += count[i];
    }
    int b = out.add(txn, session[0], pos[0], outcome[0], start[0], end[0], ops,
        FileIndex.position(file[0], row[0]));
    int runFirst = 0;
    boolean reading = false;
    boolean group = false;
    for (int i = 1; i < n; i++) {
      boolean adjacent = file[i] == file[i - 1] && row[i] == row[i - 1] + count[i - 1];
      if (!adjacent) {
        runFirst = i;
        if (!group) {
          String d = disagreement(txn, i, 0);
          if (d != null) {
            group = true;
            out.groupError(txn, file[i], row[i], d);
          }
        }
      } else if (!reading) {
        String d = disagreement(txn, i, runFirst);
        if (d != null) {
          reading = true;
          out.readingError(file[i], row[i], d);
        }
      }
    }
    String p = positions(txn, ops);
    if (p != null) {
      out.opError(b, p);
    }
  }

  /** HistoryBuilder.agree: how stretch {@code o}'s rows disagree with {@code first}'s, or null. */
  private String disagreement(long txn, int o, int first) {
    String at = " at row " + row[first];
    String where = " here but ";
    if (!session[o].equals(session[first])) {
      if (pos[o] != pos[first]) {
        return "transaction id " + txn + " is used in two sessions: " + session[o]
            + " here and " + session[first] + at;
      }
      return "the operations of transaction " + txn + " disagree on the session: "
          + session[o] + where + session[first] + at;
    }
    if (pos[o] != pos[first]) {
      return "the operations of transaction " + txn
          + " disagree on its position in the session: " + pos[o] + where + pos[first] + at;
    }
    if (outcome[o] != outcome[first]) {
      return "the operations of transaction " + txn + " disagree on the outcome: "
          + Outcome.ofOrdinal(outcome[o]).code() + where
          + Outcome.ofOrdinal(outcome[first]).code() + at;
    }
    if (start[o] != start[first] || end[o] != end[first]) {
      return "the operations of transaction " + txn + " disagree on the timestamps: ["
          + time(start[o]) + ", " + time(end[o]) + "]" + where + "[" + time(start[first])
          + ", " + time(end[first]) + "]" + at;
    }
    return null;
  }

  private static String time(long t) {
    return t == History.NO_TIME ? "none" : Long.toString(t);
  }

  /** HistoryBuilder.copyOps: positions must be 0..count-1, each once, checked in row order. */
  private String positions(long txn, int ops) {
    if (slot.length < ops) {
      slot = new long[Math.max(ops, slot.length * 2)];
    }
    Arrays.fill(slot, 0, ops, -1);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < count[i]; j++) {
        int p = opPos[i] + j;
        long r = row[i] + j;
        if (p >= ops) {
          return "operation positions have a gap: the transaction has " + ops
              + " operations but row " + r + " is at position " + p;
        }
        if (slot[p] >= 0) {
          return "operation position " + p + " is repeated, at row " + slot[p] + " and row " + r;
        }
        slot[p] = r;
      }
    }
    return null;
  }
}
