package io.isoverify.history.validation;

import io.isoverify.history.History;
import io.isoverify.history.io.ParquetHistorySchema;

/**
 * One operation row of the canonical Parquet form ({@link ParquetHistorySchema}) as
 * {@link RowRules} reads it: for each column whether it holds a value ({@link #has}), and
 * the value of the integer columns ({@link #number}), both read from the reader's own
 * storage; kind and outcome as ordinals ({@link #NOT_A_CODE} for a string that is none),
 * the length of read_list and whether it ends with the value read, set per row.
 *
 * <p>A reader (the in-process Parquet reader over decoded pages, the Spark stages over Spark
 * rows) keeps one instance, moved from row to row, so nothing is allocated or copied per
 * row. What messages show of a value (a bad kind, the key of a predicate read) is asked of
 * the reader through {@link #show} and {@link #showListValue}, only when a rule fails.
 *
 * <p>Columns are numbered in the schema's order, which the Spark stages' row layout keeps.
 */
public abstract class RowFields {
  public static final int SESSION = 0;
  public static final int TXN = 1;
  public static final int TXN_POS = 2;
  public static final int OP_POS = 3;
  public static final int KIND = 4;
  public static final int KEY = 5;
  public static final int VALUE = 6;
  public static final int OUTCOME = 7;
  public static final int START_TS = 8;
  public static final int END_TS = 9;
  public static final int PRED_FIELD = 10;
  public static final int PRED_LOW = 11;
  public static final int PRED_HIGH = 12;
  public static final int PRED_MATCHED = 13;

  /** The column names, by number. */
  public static final String[] NAMES = {ParquetHistorySchema.SESSION, ParquetHistorySchema.TXN,
      ParquetHistorySchema.TXN_POS, ParquetHistorySchema.OP_POS, ParquetHistorySchema.KIND,
      ParquetHistorySchema.KEY, ParquetHistorySchema.VALUE, ParquetHistorySchema.OUTCOME,
      ParquetHistorySchema.START_TS, ParquetHistorySchema.END_TS,
      ParquetHistorySchema.PRED_FIELD, ParquetHistorySchema.PRED_LOW,
      ParquetHistorySchema.PRED_HIGH, ParquetHistorySchema.PRED_MATCHED};

  /** The first of the columns a file may lack (they then read as null in every row). */
  public static final int FIRST_OPTIONAL = START_TS;

  /** A kind or outcome string that is not one of the codes. */
  public static final int NOT_A_CODE = -1;
  /** The read_list length of a row without a list. */
  public static final int NO_LIST = -1;
  /** The read_list length of a row whose list has a null element. */
  public static final int NULL_ELEMENT = -2;

  private int kind;
  private int outcome;
  private int listLength = NO_LIST;
  private boolean listEndsWithValue;

  /** Whether column {@code column} holds a value in this row. */
  public abstract boolean has(int column);

  /** The value of integer column {@code column}, which holds one in this row. */
  public abstract long number(int column);

  /** The kind column holds the code of this {@code OpKind} ordinal, or {@link #NOT_A_CODE}. */
  public final void setKind(int ordinal) {
    kind = ordinal;
  }

  /** The outcome column holds the code of this {@code Outcome} ordinal, or {@link #NOT_A_CODE}. */
  public final void setOutcome(int ordinal) {
    outcome = ordinal;
  }

  /**
   * The row's read_list: its length, {@link #NO_LIST} or {@link #NULL_ELEMENT}, and whether
   * its last element (none when empty) equals the value column (none when null).
   */
  public final void setReadList(int length, boolean endsWithValue) {
    listLength = length;
    listEndsWithValue = endsWithValue;
  }

  /** The value of timestamp column {@code column}, or {@link History#NO_TIME} when null. */
  public final long time(int column) {
    return has(column) ? number(column) : History.NO_TIME;
  }

  public final int kind() {
    return kind;
  }

  public final int outcome() {
    return outcome;
  }

  public final int listLength() {
    return listLength;
  }

  public final boolean listEndsWithValue() {
    return listEndsWithValue;
  }

  /**
   * The value of column {@code column} as messages show it: a string quoted (see
   * {@link #quoted}), an integer in digits. Called only for a column that holds a value.
   */
  protected abstract String show(int column);

  /**
   * The value read ({@code last} false) or the last element of read_list ({@code last}
   * true) as the read_list message shows them: unquoted, "null" for none.
   */
  protected abstract String showListValue(boolean last);

  /** A string value as messages show it. */
  public static String quoted(String s) {
    return "\"" + s + "\"";
  }
}
