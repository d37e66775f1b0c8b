package io.isoverify.spark.stages;

import io.isoverify.history.OpKind;
import io.isoverify.history.io.ParquetRowBatch;
import io.isoverify.history.validation.RowFields;
import io.isoverify.history.validation.RowRules;
import org.apache.parquet.io.api.Binary;

/**
 * The {@link RowFields} of one row of a decoded batch ({@link ParquetRowBatch}, history's
 * decoder: {@link DecodedSplits}), so that the executors check rows with history's
 * {@link RowRules}, the in-process reader's rules and words, on primitive arrays. One
 * instance per task, moved row by row; values are shown as the in-process reader shows them
 * (strings quoted, list values bare), only when a rule fails.
 */
final class BatchRowFields extends RowFields {
  private ParquetRowBatch batch;
  private int r;

  /**
   * Loads row {@code r} of {@code b}; returns its first problem, or null:
   * {@link RowRules#problem}, then those of its row_fields ({@link RowRules#rowFieldsProblem}),
   * the order of the in-process reader.
   */
  String load(ParquetRowBatch b, int r) {
    this.batch = b;
    this.r = r;
    setKind(b.kind(r));
    setOutcome(b.outcome(r));
    int n = b.readList().length(r);
    setReadList(n, n > 0 ? lastElementIsValue() : !has(VALUE));
    String problem = RowRules.problem(this);
    int fields = b.rowFields().length(r);
    return problem != null || fields == NO_LIST ? problem
        : RowRules.rowFieldsProblem(OpKind.ofOrdinal(kind()), fields);
  }

  /** Whether the row's read list is there (not null). */
  boolean hasList() {
    return batch.readList().length(r) != NO_LIST;
  }

  @Override
  public boolean has(int column) {
    return batch.has(column, r);
  }

  @Override
  public long number(int column) {
    return batch.number(column, r);
  }

  /** The session as text (its bytes, still the batch's) or null when it is a number. */
  Binary textSession() {
    return batch.text(SESSION) ? batch.binary(SESSION, r) : null;
  }

  private boolean lastElementIsValue() {
    if (!has(VALUE)) {
      return false;
    }
    ParquetRowBatch.Lists l = batch.readList();
    int last = l.start(r) + l.length(r) - 1;
    return batch.text(VALUE) ? l.text() && l.binary(last).equals(batch.binary(VALUE, r))
        : !l.text() && l.number(last) == batch.number(VALUE, r);
  }

  @Override
  protected String show(int column) {
    return batch.text(column) ? quoted(batch.binary(column, r).toStringUsingUTF8())
        : Long.toString(batch.number(column, r));
  }

  @Override
  protected String showListValue(boolean last) {
    if (!last) {
      return !has(VALUE) ? "null" : batch.text(VALUE)
          ? batch.binary(VALUE, r).toStringUsingUTF8() : Long.toString(number(VALUE));
    }
    ParquetRowBatch.Lists l = batch.readList();
    if (l.length(r) <= 0) {
      return "null";
    }
    int at = l.start(r) + l.length(r) - 1;
    return l.text() ? l.binary(at).toStringUsingUTF8() : Long.toString(l.number(at));
  }
}
