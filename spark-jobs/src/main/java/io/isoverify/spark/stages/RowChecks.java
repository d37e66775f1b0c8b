package io.isoverify.spark.stages;

import static io.isoverify.spark.stages.OpColumns.KEY_I;
import static io.isoverify.spark.stages.OpColumns.KIND_I;
import static io.isoverify.spark.stages.OpColumns.LIST_I;
import static io.isoverify.spark.stages.OpColumns.OP_POS_I;
import static io.isoverify.spark.stages.OpColumns.OUTCOME_I;
import static io.isoverify.spark.stages.OpColumns.PRED;
import static io.isoverify.spark.stages.OpColumns.PRED_I;
import static io.isoverify.spark.stages.OpColumns.SESSION_I;
import static io.isoverify.spark.stages.OpColumns.TXN_I;
import static io.isoverify.spark.stages.OpColumns.TXN_POS_I;
import static io.isoverify.spark.stages.OpColumns.VALUE_I;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;

/**
 * The checks that concern one operation row alone, in the order and with the words of
 * ParquetHistoryReader (its row reader, then HistoryBuilder.add): nulls in required
 * columns, integers that do not fit, kind and outcome codes, what predicate reads carry,
 * negative positions, a write without a value, an operation without a key. Pure functions
 * of a {@link OpColumns} row, run on the executors.
 */
final class RowChecks {
  private static final String KIND_CODES = Stream.of(OpKind.values()).map(OpKind::code)
      .collect(Collectors.joining(", "));
  private static final String OUTCOME_CODES = Stream.of(Outcome.values()).map(Outcome::code)
      .collect(Collectors.joining(", "));

  private RowChecks() {}

  /** The row's first problem, or null when it has none. */
  static String problem(Row r) {
    if (r.isNullAt(SESSION_I)) {
      return "session is null, but the column is required";
    }
    String p = requiredInt(r, TXN_I, "txn", false);
    if (p == null) {
      p = requiredInt(r, TXN_POS_I, "txn_pos", true);
    }
    if (p == null) {
      p = requiredInt(r, OP_POS_I, "op_pos", true);
    }
    if (p != null) {
      return p;
    }
    if (r.isNullAt(KIND_I)) {
      return "kind is null, but the column is required";
    }
    OpKind kind = OpKind.ofCode(r.getString(KIND_I));
    if (kind == null) {
      return "kind " + OpColumns.show(r.getString(KIND_I)) + " is not one of " + KIND_CODES;
    }
    if (r.isNullAt(OUTCOME_I)) {
      return "outcome is null, but the column is required";
    }
    if (Outcome.ofCode(r.getString(OUTCOME_I)) == null) {
      return "outcome " + OpColumns.show(r.getString(OUTCOME_I)) + " is not one of " + OUTCOME_CODES;
    }
    boolean pr = kind == OpKind.PREDICATE_READ;
    if (pr && !r.isNullAt(KEY_I)) {
      return "a predicate read (pr) has no key, but key is " + OpColumns.show(r.get(KEY_I));
    }
    if (pr && !r.isNullAt(VALUE_I)) {
      return "a predicate read (pr) has no value, but value is " + OpColumns.show(r.get(VALUE_I));
    }
    String list = readListProblem(r, kind);
    if (list != null) {
      return list;
    }
    for (int i = 0; i < PRED.length; i++) {
      if (r.isNullAt(PRED_I + i) == pr) {
        return pr ? "a predicate read (pr) needs pred_field, pred_low, pred_high and pred_matched, "
            + "but " + PRED[i] + " is null"
            : PRED[i] + " is set, but the pred_ columns are only for predicate reads (pr)";
      }
    }
    return builderProblem(r, kind);
  }

  /** ParquetRowGroup.readList: no null element, reads only, ending with the value read. */
  private static String readListProblem(Row r, OpKind kind) {
    if (r.isNullAt(LIST_I)) {
      return null;
    }
    List<Object> list = r.getList(LIST_I);
    if (list.contains(null)) {
      return "read_list has a null element";
    }
    if (kind != OpKind.READ) {
      return "read_list is only for reads (r), not " + kind.code();
    }
    Object value = normal(r.isNullAt(VALUE_I) ? null : r.get(VALUE_I));
    Object last = list.isEmpty() ? null : normal(list.get(list.size() - 1));
    if (!java.util.Objects.equals(value, last)) {
      return "value " + (value == null ? "null" : value) + " differs from the last element of "
          + "read_list (" + (last == null ? "null" : last) + ")";
    }
    return null;
  }

  private static Object normal(Object v) {
    return v instanceof Number n ? (Object) n.longValue() : v;
  }

  /** HistoryBuilder.add's checks. */
  private static String builderProblem(Row r, OpKind kind) {
    long opPos = OpColumns.longOrNull(r, OP_POS_I);
    long txnPos = OpColumns.longOrNull(r, TXN_POS_I);
    long txn = OpColumns.longOrNull(r, TXN_I);
    if (opPos < 0) {
      return "operation position " + opPos + " is negative";
    }
    if (txnPos < 0) {
      return "transaction position " + txnPos + " is negative";
    }
    if (kind.installsVersion() && r.isNullAt(VALUE_I)) {
      return "a " + kind.code() + " operation of transaction " + txn + " has no value";
    }
    if (kind != OpKind.PREDICATE_READ && r.isNullAt(KEY_I)) {
      return "operation of transaction " + txn + " has no key";
    }
    return null;
  }

  private static String requiredInt(Row r, int i, String name, boolean int32) {
    if (r.isNullAt(i)) {
      return name + " is null, but the column is required";
    }
    long v = ((Number) r.get(i)).longValue();
    if (int32 && v != (int) v) {
      return name + " " + v + " does not fit in 32 bits";
    }
    return null;
  }
}
