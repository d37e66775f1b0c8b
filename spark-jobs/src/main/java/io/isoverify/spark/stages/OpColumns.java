package io.isoverify.spark.stages;

import static io.isoverify.history.io.ParquetHistorySchema.END_TS;
import static io.isoverify.history.io.ParquetHistorySchema.KEY;
import static io.isoverify.history.io.ParquetHistorySchema.KIND;
import static io.isoverify.history.io.ParquetHistorySchema.OP_POS;
import static io.isoverify.history.io.ParquetHistorySchema.OUTCOME;
import static io.isoverify.history.io.ParquetHistorySchema.PRED_FIELD;
import static io.isoverify.history.io.ParquetHistorySchema.PRED_HIGH;
import static io.isoverify.history.io.ParquetHistorySchema.PRED_LOW;
import static io.isoverify.history.io.ParquetHistorySchema.PRED_MATCHED;
import static io.isoverify.history.io.ParquetHistorySchema.SESSION;
import static io.isoverify.history.io.ParquetHistorySchema.START_TS;
import static io.isoverify.history.io.ParquetHistorySchema.TXN;
import static io.isoverify.history.io.ParquetHistorySchema.TXN_POS;
import static io.isoverify.history.io.ParquetHistorySchema.VALUE;

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
 * </pre>
 * session, key and value keep their stored type (long or string); integer columns may be
 * int or long.
 */
public final class OpColumns {
  public static final int FILE = 0;
  public static final int ROW = 1;
  public static final int SESSION_I = 2;
  public static final int TXN_I = 3;
  public static final int TXN_POS_I = 4;
  public static final int OP_POS_I = 5;
  public static final int KIND_I = 6;
  public static final int KEY_I = 7;
  public static final int VALUE_I = 8;
  public static final int OUTCOME_I = 9;
  public static final int START_I = 10;
  public static final int END_I = 11;
  public static final int PRED_I = 12;
  public static final int LIST_I = 16;
  static final String[] PRED = {PRED_FIELD, PRED_LOW, PRED_HIGH, PRED_MATCHED};

  private OpColumns() {}

  /** The rows of the history at {@code path} (a file or a folder of part files). */
  public static Dataset<Row> read(SparkSession spark, String path) {
    Dataset<Row> raw = spark.read().parquet(path);
    Set<String> have = Set.of(raw.columns());
    List<Column> cols = new ArrayList<>();
    cols.add(functions.col("_metadata.file_path").as("file"));
    cols.add(functions.col("_metadata.row_index").plus(1).as("row"));
    for (String c : new String[] {SESSION, TXN, TXN_POS, OP_POS, KIND, KEY, VALUE, OUTCOME}) {
      cols.add(functions.col(c));
    }
    for (String c : new String[] {START_TS, END_TS, PRED_FIELD, PRED_LOW, PRED_HIGH, PRED_MATCHED}) {
      cols.add(have.contains(c) ? functions.col(c) : functions.lit(null).cast("long").as(c));
    }
    cols.add(have.contains("read_list") ? functions.col("read_list")
        : functions.lit(null).cast("array<long>").as("read_list"));
    return raw.select(cols.toArray(new Column[0]));
  }

  /**
   * The input's files as the {@code file} column names them, sorted: a file's index in
   * this array is its file index. From the listing Spark makes anyway; no job.
   */
  static String[] files(SparkSession spark, String path) {
    String[] files = spark.read().parquet(path).inputFiles();
    java.util.Arrays.sort(files);
    return files;
  }

  /** A number or null from an int or long column. */
  static Long longOrNull(Row r, int i) {
    return r.isNullAt(i) ? null : ((Number) r.get(i)).longValue();
  }

  /** How the Parquet reader shows a value in a message: strings quoted, numbers bare. */
  static String show(Object v) {
    return v instanceof String s ? "\"" + s + "\"" : String.valueOf(v);
  }
}
