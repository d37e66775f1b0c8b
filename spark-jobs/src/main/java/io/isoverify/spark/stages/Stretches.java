package io.isoverify.spark.stages;

import io.isoverify.history.validation.RowFields;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.LongAccumulator;

/**
 * The map side of the transaction job: checks each operation row alone (history's row
 * rules through {@link OpRowFields}, the first problem into a {@link FirstProblem}) and
 * folds the good rows into stretches, one narrow row per run of adjacent rows of one
 * transaction that agree on everything the transaction-level checks compare, with
 * consecutive operation positions. A stretch stands
 * for rows {@code row .. row+count-1} at positions {@code op_pos .. op_pos+count-1}, so
 * the reduce side sees exactly what the rows would have told it.
 *
 * <pre>
 *   file int, row long, count int, txn long, session (long or string), txn_pos int, op_pos int,
 *   outcome byte (Outcome ordinal), start long, end long (History.NO_TIME when null)
 * </pre>
 * A history written transaction by transaction gives one stretch per transaction (per
 * task split), so the shuffle carries about one row per transaction, not per operation.
 * Rows with a read list are counted on the way ({@code listRows}: only whether there are
 * any is used, so a task run twice changes nothing).
 */
final class Stretches implements Iterator<Row> {
  static final int FILE_I = 0;
  static final int ROW_I = 1;
  static final int COUNT_I = 2;
  static final int TXN = 3;
  static final int SESSION = 4;
  static final int POS = 5;
  static final int OP_POS = 6;
  static final int OUTCOME = 7;
  static final int START = 8;
  static final int END = 9;

  private final Iterator<InternalRow> rows;
  private final FileIndex files;
  private final FirstProblem problems;
  private final LongAccumulator listRows;
  private final OpRowFields fields;
  private boolean open;
  private int file;
  private long row;
  private int count;
  private long txn;
  private Object session;
  private int pos;
  private int opPos;
  private byte outcome;
  private long start;
  private long end;
  private Row next;

  /** Over {@link OpColumns#read}'s rows, whose schema is {@code schema}. */
  Stretches(Iterator<InternalRow> rows, StructType schema, FileIndex files,
      FirstProblem problems, LongAccumulator listRows) {
    this.rows = rows;
    this.fields = new OpRowFields(schema);
    this.files = files;
    this.problems = problems;
    this.listRows = listRows;
  }

  /**
   * The schema of a stretch, with the session column's type
   * ({@link OpRowFields#sessionType}).
   */
  static StructType schema(DataType sessionType) {
    return new StructType()
        .add("file", DataTypes.IntegerType, false)
        .add("row", DataTypes.LongType, false)
        .add("count", DataTypes.IntegerType, false)
        .add("txn", DataTypes.LongType, false)
        .add("session", sessionType, false)
        .add("txn_pos", DataTypes.IntegerType, false)
        .add("op_pos", DataTypes.IntegerType, false)
        .add("outcome", DataTypes.ByteType, false)
        .add("start", DataTypes.LongType, false)
        .add("end", DataTypes.LongType, false);
  }

  @Override
  public boolean hasNext() {
    while (next == null && rows.hasNext()) {
      InternalRow r = rows.next();
      String problem = fields.load(r);
      if (fields.hasList()) {
        listRows.add(1);
      }
      if (problem != null) {
        problems.add(new HistoryStage.Located(files.of(fields.file()), fields.rowNumber(),
            problem));
        continue;
      }
      add();
    }
    if (next == null && open) {
      next = emit();
      open = false;
    }
    return next != null;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Row r = next;
    next = null;
    return r;
  }

  private void add() {
    int f = files.of(fields.file());
    long rowNo = fields.rowNumber();
    long t = fields.number(RowFields.TXN);
    Object s = fields.session();
    int p = (int) fields.number(RowFields.TXN_POS);
    int op = (int) fields.number(RowFields.OP_POS);
    byte o = (byte) fields.outcome();
    long st = fields.time(RowFields.START_TS);
    long en = fields.time(RowFields.END_TS);
    if (open && f == file && rowNo == row + count && t == txn && op == opPos + count
        && p == pos && o == outcome && st == start && en == end && s.equals(session)) {
      count++;
      return;
    }
    if (open) {
      next = emit();
    }
    open = true;
    file = f;
    row = rowNo;
    count = 1;
    txn = t;
    session = OpRowFields.keep(s);
    pos = p;
    opPos = op;
    outcome = o;
    start = st;
    end = en;
  }

  private Row emit() {
    return RowFactory.create(file, row, count, txn, OpRowFields.stored(session), pos, opPos,
        outcome, start, end);
  }
}
