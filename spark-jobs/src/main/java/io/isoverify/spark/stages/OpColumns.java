package io.isoverify.spark.stages;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.io.ParquetHistorySchema;
import io.isoverify.history.validation.RowFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * The operation rows of a Parquet history as the Spark stages see them: the canonical
 * columns ({@link io.isoverify.history.io.ParquetHistorySchema}) in a fixed order, optional
 * ones as nulls when the file lacks them, plus where each row came from. Read in parallel
 * by Spark's Parquet reader; nothing reaches the driver.
 *
 * <pre>
 *   index  column      type
 *   0      file        string  the part file
 *   1      row         long    1-based row in its file, as ParquetHistoryReader names rows
 *   2..11  session, txn, txn_pos, op_pos, kind, key, value, outcome, start_ts, end_ts
 *   12..15 pred_field, pred_low, pred_high, pred_matched
 *   16     read_list   array of value, or null
 *   17     row_fields  array of long, or null (only from {@link #read(SparkSession, String,
 *                      boolean)} with row fields)
 * </pre>
 * Columns 2..15 are the {@link RowFields} columns in their order: column
 * {@code FIELDS + f} holds field {@code f}. session, key and value keep their stored type
 * (long or string); integer columns may be int or long.
 */
public final class OpColumns {
  private static final String ROW_FIELDS = ParquetHistorySchema.ROW_FIELDS;
  public static final int FILE = 0;
  public static final int ROW = 1;
  /** The index of the first {@link RowFields} column. */
  public static final int FIELDS = 2;
  public static final int SESSION_I = FIELDS + RowFields.SESSION;
  public static final int TXN_I = FIELDS + RowFields.TXN;
  public static final int TXN_POS_I = FIELDS + RowFields.TXN_POS;
  public static final int OP_POS_I = FIELDS + RowFields.OP_POS;
  public static final int KIND_I = FIELDS + RowFields.KIND;
  public static final int KEY_I = FIELDS + RowFields.KEY;
  public static final int VALUE_I = FIELDS + RowFields.VALUE;
  public static final int OUTCOME_I = FIELDS + RowFields.OUTCOME;
  public static final int START_I = FIELDS + RowFields.START_TS;
  public static final int END_I = FIELDS + RowFields.END_TS;
  public static final int PRED_I = FIELDS + RowFields.PRED_FIELD;
  public static final int LIST_I = FIELDS + RowFields.NAMES.length;
  public static final int ROW_FIELDS_I = LIST_I + 1;

  private OpColumns() {}

  /** The rows of the history at {@code path} (a file or a folder of part files). */
  public static Dataset<Row> read(SparkSession spark, String path) {
    return read(spark, path, false);
  }

  /**
   * The same, with the {@code row_fields} column last when {@code rowFields} (null when the
   * file lacks it).
   */
  public static Dataset<Row> read(SparkSession spark, String path, boolean rowFields) {
    Dataset<Row> raw = spark.read().parquet(path);
    Set<String> have = Set.of(raw.columns());
    List<Column> cols = new ArrayList<>();
    cols.add(functions.col("_metadata.file_path").as("file"));
    cols.add(functions.col("_metadata.row_index").plus(1).as("row"));
    for (int f = 0; f < RowFields.NAMES.length; f++) {
      String c = RowFields.NAMES[f];
      cols.add(f < RowFields.FIRST_OPTIONAL || have.contains(c) ? functions.col(c)
          : functions.lit(null).cast("long").as(c));
    }
    cols.add(have.contains("read_list") ? functions.col("read_list")
        : functions.lit(null).cast("array<long>").as("read_list"));
    if (rowFields) {
      cols.add(have.contains(ROW_FIELDS) ? functions.col(ROW_FIELDS)
          : functions.lit(null).cast("array<long>").as(ROW_FIELDS));
    }
    return raw.select(cols.toArray(new Column[0]));
  }

  /**
   * The {@code kind} column as the {@link OpKind} ordinal (a byte per row instead of a string
   * to convert on the driver or in a shuffle).
   */
  public static Column kindOrdinal() {
    Column kind = functions.lit(null);
    for (OpKind k : OpKind.values()) {
      kind = functions.when(functions.col("kind").equalTo(k.code()), k.ordinal()).otherwise(kind);
    }
    return kind.cast("byte");
  }

  /** The {@code outcome} column as the {@link Outcome} ordinal, likewise. */
  public static Column outcomeOrdinal() {
    Column outcome = functions.lit(null);
    for (Outcome o : Outcome.values()) {
      outcome = functions.when(functions.col("outcome").equalTo(o.code()), o.ordinal())
          .otherwise(outcome);
    }
    return outcome.cast("byte");
  }

  /**
   * How many partitions the stages' shuffles make: {@code spark.sql.shuffle.partitions}
   * (SparkSessions sets four per core unless the user does), named explicitly so that
   * adaptive execution keeps them all. Work after these shuffles is per row, not per byte:
   * coalesced into fewer, uneven tasks (5 for 8 at 1M), the last one ran alone for 2.5 s.
   */
  static int shufflePartitions(SparkSession spark) {
    return Integer.parseInt(spark.conf().get("spark.sql.shuffle.partitions"));
  }
}
