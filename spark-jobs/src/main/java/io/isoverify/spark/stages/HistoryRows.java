package io.isoverify.spark.stages;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.validation.RowRules;
import java.util.List;
import org.apache.spark.sql.Row;

/**
 * Operation rows of {@link OpColumns} brought to the driver (kind and outcome as their codes
 * or, cheaper to bring, their ordinals: {@link OpColumns#kindOrdinal}), built into a {@link History}
 * through {@link HistoryBuilder} as the in-process reader builds them: same sessions,
 * positions, outcomes, timestamps, key and value names, read lists, predicates and, when the
 * rows carry them, the row fields writes set. The Spark engine builds the part of a history
 * it needs on the driver this way (the certificates' excerpt, the predicate reads' history).
 * O(1) per operation plus its lists.
 */
public final class HistoryRows {
  private HistoryRows() {}

  /**
   * Adds row {@code r} to {@code b}.
   *
   * @param file the row's file as messages name it
   * @throws InvalidHistoryException when its row_fields are not what a write's are (the only
   *     column the read stage does not validate)
   */
  public static void add(HistoryBuilder b, Row r, String file) throws InvalidHistoryException {
    Object k = r.get(OpColumns.KIND_I);
    OpKind kind = k instanceof Number n ? OpKind.ofOrdinal(n.intValue()) : OpKind.ofCode((String) k);
    boolean pr = kind == OpKind.PREDICATE_READ;
    int key = r.isNullAt(OpColumns.KEY_I) ? -1 : b.keys().encode(r.get(OpColumns.KEY_I));
    int value = pr ? History.NO_VALUE
        : r.isNullAt(OpColumns.VALUE_I) ? History.INITIAL : b.values().encode(r.get(OpColumns.VALUE_I));
    b.add(number(r, OpColumns.ROW), b.sessions().encode(r.get(OpColumns.SESSION_I)),
        number(r, OpColumns.TXN_I), (int) number(r, OpColumns.TXN_POS_I),
        (int) number(r, OpColumns.OP_POS_I), kind, key, value,
        outcome(r.get(OpColumns.OUTCOME_I)), time(r, OpColumns.START_I),
        time(r, OpColumns.END_I));
    if (!r.isNullAt(OpColumns.LIST_I)) {
      List<Object> list = r.getList(OpColumns.LIST_I);
      int[] codes = new int[list.size()];
      for (int i = 0; i < codes.length; i++) {
        codes[i] = b.values().encode(list.get(i));
      }
      b.attachReadList(codes);
    }
    if (r.length() > OpColumns.ROW_FIELDS_I && !r.isNullAt(OpColumns.ROW_FIELDS_I)) {
      b.attachFields(fields(r, kind, file));
    }
    if (pr) {
      int p = OpColumns.PRED_I;
      b.attachPredicate(new PredicateRead(number(r, p), number(r, p + 1), number(r, p + 2),
          (int) number(r, p + 3)));
    }
  }

  /**
   * The row fields of a write's row (field, value pairs), checked as the in-process reader
   * does.
   */
  private static WrittenFields fields(Row r, OpKind kind, String file)
      throws InvalidHistoryException {
    List<Object> list = r.getList(OpColumns.ROW_FIELDS_I);
    int n = list.contains(null) ? -1 : list.size();
    String problem = RowRules.rowFieldsProblem(kind, n);
    if (problem != null) {
      throw InvalidHistoryException.atRow(file, number(r, OpColumns.ROW), problem);
    }
    return WrittenFields.ofPairs(n, i -> ((Number) list.get(i)).longValue());
  }

  /** An outcome as its code, or as its ordinal ({@link OpColumns#outcomeOrdinal}). */
  private static Outcome outcome(Object o) {
    return o instanceof Number n ? Outcome.ofOrdinal(n.intValue()) : Outcome.ofCode((String) o);
  }

  /** An integer column of the row. */
  public static long number(Row r, int i) {
    return ((Number) r.get(i)).longValue();
  }

  private static long time(Row r, int i) {
    return r.isNullAt(i) ? History.NO_TIME : number(r, i);
  }
}
