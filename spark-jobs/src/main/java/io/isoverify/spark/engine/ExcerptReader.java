package io.isoverify.spark.engine;

import static org.apache.spark.sql.functions.col;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.io.ParquetHistorySchema;
import io.isoverify.spark.stages.OpColumns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

  /** The transactions with the ids {@code txnIds} of the history at {@code path}. */
  static History read(SparkSession spark, String path, String display, long[] txnIds) {
    Object[] ids = new Object[txnIds.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = txnIds[i];
    }
    List<Row> rows = new ArrayList<>(OpColumns.read(spark, path)
        .where(col(ParquetHistorySchema.TXN).isin(ids)).collectAsList());
    rows.sort(Comparator.comparingLong((Row r) -> number(r, OpColumns.TXN_I))
        .thenComparingLong(r -> number(r, OpColumns.OP_POS_I)));
    HistoryBuilder b = new HistoryBuilder(display);
    try {
      for (Row r : rows) {
        add(b, r);
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
    Object[] installing = Arrays.stream(OpKind.values()).filter(OpKind::installsVersion)
        .map(OpKind::code).toArray();
    List<Row> rows = OpColumns.read(spark, path)
        .where(col(ParquetHistorySchema.KEY).isin(keyValues.stream().map(kv -> kv[0]).distinct().toArray())
            .and(col(ParquetHistorySchema.VALUE).isin(keyValues.stream().map(kv -> kv[1]).distinct().toArray()))
            .and(col(ParquetHistorySchema.KIND).isin(installing)))
        .collectAsList();
    return rows.stream()
        .filter(r -> wanted.contains(List.of(name(r.get(OpColumns.KEY_I)), name(r.get(OpColumns.VALUE_I)))))
        .mapToLong(r -> number(r, OpColumns.TXN_I)).distinct().sorted().toArray();
  }

  /** A key or value as the Dictionary keeps it: a Long or a String. */
  private static Object name(Object v) {
    return v instanceof Number n ? (Object) n.longValue() : v.toString();
  }

  private static void add(HistoryBuilder b, Row r) throws InvalidHistoryException {
    OpKind kind = OpKind.ofCode(r.getString(OpColumns.KIND_I));
    boolean pr = kind == OpKind.PREDICATE_READ;
    int key = r.isNullAt(OpColumns.KEY_I) ? -1 : b.keys().encode(r.get(OpColumns.KEY_I));
    int value = pr ? History.NO_VALUE
        : r.isNullAt(OpColumns.VALUE_I) ? History.INITIAL : b.values().encode(r.get(OpColumns.VALUE_I));
    b.add(number(r, OpColumns.ROW), b.sessions().encode(r.get(OpColumns.SESSION_I)),
        number(r, OpColumns.TXN_I), (int) number(r, OpColumns.TXN_POS_I),
        (int) number(r, OpColumns.OP_POS_I), kind, key, value,
        Outcome.ofCode(r.getString(OpColumns.OUTCOME_I)), time(r, OpColumns.START_I),
        time(r, OpColumns.END_I));
    if (!r.isNullAt(OpColumns.LIST_I)) {
      List<Object> list = r.getList(OpColumns.LIST_I);
      int[] codes = new int[list.size()];
      for (int i = 0; i < codes.length; i++) {
        codes[i] = b.values().encode(list.get(i));
      }
      b.attachReadList(codes);
    }
    if (pr) {
      int p = OpColumns.PRED_I;
      b.attachPredicate(new PredicateRead(number(r, p), number(r, p + 1), number(r, p + 2),
          (int) number(r, p + 3)));
    }
  }

  private static long number(Row r, int i) {
    return ((Number) r.get(i)).longValue();
  }

  private static long time(Row r, int i) {
    return r.isNullAt(i) ? History.NO_TIME : number(r, i);
  }
}
