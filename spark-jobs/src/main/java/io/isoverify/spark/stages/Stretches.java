package io.isoverify.spark.stages;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.io.ParquetRowBatch;
import io.isoverify.history.io.ParquetRowGroups;
import io.isoverify.history.validation.RowFields;
import java.util.Iterator;
import org.apache.parquet.io.api.Binary;
import org.apache.spark.util.LongAccumulator;

/**
 * The map side of the transaction job, over the rows of one split decoded by history's
 * decoder ({@link DecodedSplits}): checks each operation row alone (history's row rules
 * through {@link BatchRowFields}, the first problem into a {@link FirstProblem}; a row the
 * decoder cannot decode is one too, and ends the split) and
 * folds the good rows into stretches, one narrow row per run of adjacent rows of one
 * transaction that agree on everything the transaction-level checks compare, with
 * consecutive operation positions. A stretch stands
 * for rows {@code row .. row+count-1} at positions {@code op_pos .. op_pos+count-1}, so
 * the reduce side sees exactly what the rows would have told it.
 *
 * Stretches go to the reduce partition of their transaction as {@link StretchRows} chunks
 * ({@link SplitChunks}); the same pass fills the per-key job's chunks ({@link KeyChunks}),
 * so the input is decoded once. A history written transaction by transaction gives one stretch
 * per transaction (per task split), so the shuffle carries about one entry per
 * transaction, not per operation.
 * Rows with a read list and predicate reads are counted on the way ({@code listRows},
 * {@code prRows}: only whether there are any is used, so a task run twice changes nothing).
 */
final class Stretches extends SplitChunks {
  private static final int PREDICATE_READ = OpKind.PREDICATE_READ.ordinal();
  private final DecodedSplits input;
  private final FirstProblem problems;
  private final LongAccumulator listRows;
  private final LongAccumulator prRows;
  private final int partitions;
  private final boolean textSessions;
  private final BatchRowFields fields = new BatchRowFields();
  private boolean open;
  private int stretchFile;
  private long row;
  private int count;
  private long txn;
  /** The stretch's session: a number, or text as a String and as bytes to compare. */
  private long sessionNumber;
  private String sessionText;
  private Binary sessionBytes;
  private int pos;
  private int opPos;
  private byte outcome;
  private long start;
  private long end;

  private final KeyChunks keys;

  /**
   * Over the rows of {@code splits} (a task's partition of {@link DecodedSplits#rdd}): the
   * stretches into shuffle partitions {@code 0 .. partitions-1}, and the keyed operations of
   * the rows that pass into the key partitions after them ({@code keys}).
   */
  Stretches(Iterator<DecodedSplits.Split> splits, DecodedSplits input, FirstProblem problems,
      LongAccumulator listRows, LongAccumulator prRows, int partitions, int keyPartitions) {
    super(splits, partitions + keyPartitions);
    this.keys = new KeyChunks(partitions, keyPartitions, input.text(RowFields.KEY),
        input.text(RowFields.VALUE));
    this.input = input;
    this.problems = problems;
    this.listRows = listRows;
    this.prRows = prRows;
    this.partitions = partitions;
    this.textSessions = input.text(RowFields.SESSION);
  }

  /** The reduce partition of a transaction: the same on every task. */
  static int partition(long txn, int partitions) {
    return Math.floorMod(Long.hashCode(txn * 0x9E3779B97F4A7C15L), partitions);
  }

  @Override
  protected ParquetRowGroups.Scan scan(DecodedSplits.Split s) throws InvalidHistoryException {
    return input.scan(s);
  }

  @Override
  protected void unreadable(DecodedSplits.Split s, InvalidHistoryException e) {
    // the driver read the file's footer, but an executor cannot read the file as it was
    problems.add(new HistoryStage.Located(s.file(), HistoryStage.Located.WHOLE_FILE,
        e.problem() + " (when an executor read it: the file changed after the driver had read"
            + " it, or the executor sees another file at that path)"));
  }

  @Override
  protected Chunk newChunk(int p) {
    return keys.holds(p) ? keys.newChunk() : new StretchRows(StretchRows.CHUNK, textSessions);
  }

  /** Checks each row alone; a decoding problem is the problem of the row where it happened. */
  @Override
  protected void add(ParquetRowBatch b) {
    for (int r = 0; r < b.size(); r++) {
      String problem = fields.load(b, r);
      if (fields.hasList()) {
        listRows.add(1);
      }
      if (fields.kind() == PREDICATE_READ) {
        prRows.add(1);
      }
      if (problem != null) {
        problems.add(new HistoryStage.Located(file, b.row(r), problem));
      } else {
        add(b.row(r));
        keys.add(b, r, file, this);
      }
    }
    if (b.error() != null) {
      problems.add(new HistoryStage.Located(file, b.row(b.size()), b.error().problem()));
    }
  }

  @Override
  protected void finish() {
    if (open) {
      emit();
      open = false;
    }
  }

  /** The loaded row (row {@code rowNo} of the current file) joins or starts a stretch. */
  private void add(long rowNo) {
    BatchRowFields f = fields;
    long t = f.number(RowFields.TXN);
    int p = (int) f.number(RowFields.TXN_POS);
    int op = (int) f.number(RowFields.OP_POS);
    byte o = (byte) f.outcome();
    long st = f.time(RowFields.START_TS);
    long en = f.time(RowFields.END_TS);
    Binary text = f.textSession();
    if (open && file == stretchFile && rowNo == row + count && t == txn && op == opPos + count
        && p == pos && o == outcome && st == start && en == end
        && (text == null ? sessionNumber == f.number(RowFields.SESSION)
            : text.equals(sessionBytes))) {
      count++;
      return;
    }
    if (open) {
      emit();
    }
    open = true;
    stretchFile = file;
    row = rowNo;
    count = 1;
    txn = t;
    if (text == null) {
      sessionNumber = f.number(RowFields.SESSION);
    } else {
      sessionBytes = Binary.fromConstantByteArray(text.getBytes());
      sessionText = sessionBytes.toStringUsingUTF8();
    }
    pos = p;
    opPos = op;
    outcome = o;
    start = st;
    end = en;
  }

  private void emit() {
    int part = partition(txn, partitions);
    StretchRows c = (StretchRows) chunk(part);
    int i = c.size++;
    c.file[i] = stretchFile;
    c.row[i] = row;
    c.count[i] = count;
    c.txn[i] = txn;
    if (textSessions) {
      c.textSession[i] = sessionText;
    } else {
      c.session[i] = sessionNumber;
    }
    c.pos[i] = pos;
    c.opPos[i] = opPos;
    c.outcome[i] = outcome;
    c.start[i] = start;
    c.end[i] = end;
    added(part);
  }
}
