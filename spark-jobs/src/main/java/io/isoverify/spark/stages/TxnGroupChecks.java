package io.isoverify.spark.stages;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.validation.OperationPositions;
import io.isoverify.history.validation.TransactionFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import scala.Tuple2;

/**
 * The reduce side of the transaction job: the checks that concern the rows of one
 * transaction together, over a partition's {@link Stretches} sorted by (transaction, file,
 * row) ({@link StretchRows#sorted}), with history's rules as HistoryBuilder applies them: rows of one transaction that disagree on
 * session, position, outcome or timestamps ({@link TransactionFields#disagreement}: while
 * reading, within a run of adjacent rows; when building, between runs), and gaps or
 * repeats in the operation positions ({@link OperationPositions}). Walks the sorted
 * stretches holding one transaction's at a time in primitive arrays, and fills one
 * {@link TxnBlock} per partition.
 */
final class TxnGroupChecks {
  private int n;
  private int[] file = new int[4];
  private long[] row = new long[4];
  private int[] count = new int[4];
  private int[] opPos = new int[4];
  /** The stored sessions of the stretches; fields.session(i) is the first stretch with i's. */
  private Object[] session = new Object[4];
  private final TransactionFields fields = new TransactionFields(4);
  private final IntFunction<String> sessionName = s -> String.valueOf(session[s]);
  private final IntFunction<String> stretchPlace = i -> InvalidHistoryException.row(row[i]);
  private final OperationPositions positions = new OperationPositions(InvalidHistoryException::row);

  /**
   * The block of one reduce partition's stretch chunks ({@link Stretches}).
   *
   * @param textSessions whether the sessions are text (else numbers)
   */
  static TxnBlock block(Iterator<Tuple2<Integer, SplitChunks.Chunk>> chunks,
      boolean textSessions) {
    List<StretchRows> all = new ArrayList<>();
    chunks.forEachRemaining(c -> all.add((StretchRows) c._2()));
    StretchRows rows = StretchRows.merge(all, textSessions);
    TxnGroupChecks c = new TxnGroupChecks();
    TxnBlock.Builder out = new TxnBlock.Builder();
    long txn = 0;
    for (int i : rows.sorted()) {
      long t = rows.txn[i];
      if (c.n > 0 && t != txn) {
        c.check(txn, out);
        c.n = 0;
      }
      txn = t;
      c.add(rows, i);
    }
    if (c.n > 0) {
      c.check(txn, out);
    }
    return out.build();
  }

  private void add(StretchRows r, int i) {
    if (n == file.length) {
      int m = n * 2;
      file = Arrays.copyOf(file, m);
      row = Arrays.copyOf(row, m);
      count = Arrays.copyOf(count, m);
      opPos = Arrays.copyOf(opPos, m);
      session = Arrays.copyOf(session, m);
    }
    file[n] = r.file[i];
    row[n] = r.row[i];
    count[n] = r.count[i];
    opPos[n] = r.opPos[i];
    session[n] = r.session(i);
    int code = 0;
    while (!session[code].equals(session[n])) {
      code++;
    }
    fields.set(n, code, r.pos[i], r.outcome[i], r.start[i], r.end[i]);
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
    int b = out.add(txn, session[0], fields.pos(0), fields.outcome(0), fields.start(0),
        fields.end(0), ops, FileIndex.position(file[0], row[0]));
    int runFirst = 0;
    boolean reading = false;
    boolean group = false;
    for (int i = 1; i < n; i++) {
      boolean adjacent = file[i] == file[i - 1] && row[i] == row[i - 1] + count[i - 1];
      if (!adjacent) {
        runFirst = i;
        if (!group) {
          String d = fields.disagreement(txn, i, 0, sessionName, stretchPlace);
          if (d != null) {
            group = true;
            out.groupError(txn, file[i], row[i], d);
          }
        }
      } else if (!reading) {
        String d = fields.disagreement(txn, i, runFirst, sessionName, stretchPlace);
        if (d != null) {
          reading = true;
          out.readingError(file[i], row[i], d);
        }
      }
    }
    String p = positions(ops);
    if (p != null) {
      out.opError(b, p);
    }
  }

  /** Places every operation of the transaction's stretches, in row order. */
  private String positions(int ops) {
    positions.start(ops);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < count[i]; j++) {
        String p = positions.place(opPos[i] + j, row[i] + j);
        if (p != null) {
          return p;
        }
      }
    }
    return null;
  }
}
