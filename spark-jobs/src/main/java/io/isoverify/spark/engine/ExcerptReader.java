package io.isoverify.spark.engine;

import static org.apache.spark.sql.functions.col;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.io.ParquetHistorySchema;
import io.isoverify.spark.stages.HistoryRows;
import io.isoverify.spark.stages.OpColumns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Reads the operation rows of a few transactions (by the file's ids) from a Parquet history
 * with one Spark scan filtered on the txn column (Parquet statistics skip most row groups),
 * and builds them into a {@link History} through {@link HistoryBuilder}, as the in-process
 * reader would have built those transactions: same sessions, positions, outcomes, timestamps,
 * key and value names, read lists and predicates. Only the selected rows reach the driver.
 * The input was validated by the run before, so a problem here is an internal error.
 */
final class ExcerptReader {
  private ExcerptReader() {}

  /**
   * The transactions with the ids {@code txnIds} of the history at {@code path}, with the
   * row fields their writes set when {@code rowFields} (the history has predicate reads).
   */
  static History read(SparkSession spark, String path, String display, long[] txnIds,
      boolean rowFields) {
    Object[] ids = new Object[txnIds.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = txnIds[i];
    }
    List<Row> rows = new ArrayList<>(OpColumns.read(spark, path, rowFields)
        .where(col(ParquetHistorySchema.TXN).isin(ids)).collectAsList());
    rows.sort(Comparator.comparingLong((Row r) -> HistoryRows.number(r, OpColumns.TXN_I))
        .thenComparingLong(r -> HistoryRows.number(r, OpColumns.OP_POS_I)));
    HistoryBuilder b = new HistoryBuilder(display);
    try {
      for (Row r : rows) {
        HistoryRows.add(b, r, display);
      }
      return b.build();
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException("the transactions of the certificates, read back from "
          + display + ", do not form a history: " + e.getMessage(), e);
    }
  }

  /**
   * The ids of the transactions that wrote (installed) one of the given (key, value) pairs,
   * keys and values as {@link io.isoverify.history.Dictionary#decode} gives them: one scan
   * filtered on key, value and kind; the pairs themselves are matched on the driver.
   */
  static long[] writers(SparkSession spark, String path, List<Object[]> keyValues) {
    if (keyValues.isEmpty()) {
      return new long[0];
    }
    Set<List<Object>> wanted = new HashSet<>();
    for (Object[] kv : keyValues) {
      wanted.add(List.of(kv[0], kv[1]));
    }
    List<Row> rows = installing(spark, path, keyValues.stream().map(kv -> kv[0]).toList())
        .where(col(ParquetHistorySchema.VALUE).isin(keyValues.stream().map(kv -> kv[1]).distinct().toArray()))
        .collectAsList();
    return rows.stream()
        .filter(r -> wanted.contains(List.of(name(r.get(OpColumns.KEY_I)), name(r.get(OpColumns.VALUE_I)))))
        .mapToLong(r -> HistoryRows.number(r, OpColumns.TXN_I)).distinct().sorted().toArray();
  }

  /**
   * The ids of the transactions that install a version of one of {@code keys} (names as
   * {@link io.isoverify.history.Dictionary#decode} gives them): one scan filtered on key and
   * kind.
   */
  static long[] installers(SparkSession spark, String path, List<Object> keys) {
    if (keys.isEmpty()) {
      return new long[0];
    }
    return installing(spark, path, keys).collectAsList().stream()
        .mapToLong(r -> HistoryRows.number(r, OpColumns.TXN_I)).distinct().sorted().toArray();
  }

  /** The rows that install a version of one of {@code keys}. */
  private static Dataset<Row> installing(SparkSession spark, String path, List<Object> keys) {
    Object[] kinds = Arrays.stream(OpKind.values()).filter(OpKind::installsVersion)
        .map(OpKind::code).toArray();
    return OpColumns.read(spark, path)
        .where(col(ParquetHistorySchema.KEY).isin(keys.stream().distinct().toArray())
            .and(col(ParquetHistorySchema.KIND).isin(kinds)));
  }

  /** A key or value as the Dictionary keeps it: a Long or a String. */
  private static Object name(Object v) {
    return v instanceof Number n ? (Object) n.longValue() : v.toString();
  }

}
