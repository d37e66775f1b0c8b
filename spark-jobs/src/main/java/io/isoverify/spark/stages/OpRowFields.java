package io.isoverify.spark.stages;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.validation.RowFields;
import io.isoverify.history.validation.RowRules;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Row;

/**
 * The {@link RowFields} of one {@link OpColumns} row, so that the executors check rows with
 * history's {@link RowRules}, the in-process reader's rules and words. One instance per
 * task, moved row by row (presence and integers are read from the Spark row itself);
 * values are shown as the in-process reader shows them (strings quoted, list values bare).
 */
final class OpRowFields extends RowFields {
  private Row row;

  /** Loads row {@code r}; returns its first problem ({@link RowRules#problem}) or null. */
  String load(Row r) {
    row = r;
    if (has(KIND)) {
      OpKind k = OpKind.ofCode(r.getString(OpColumns.KIND_I));
      setKind(k == null ? NOT_A_CODE : k.ordinal());
    }
    if (has(OUTCOME)) {
      Outcome o = Outcome.ofCode(r.getString(OpColumns.OUTCOME_I));
      setOutcome(o == null ? NOT_A_CODE : o.ordinal());
    }
    if (r.isNullAt(OpColumns.LIST_I)) {
      setReadList(NO_LIST, false);
    } else {
      List<Object> list = r.getList(OpColumns.LIST_I);
      setReadList(list.contains(null) ? NULL_ELEMENT : list.size(),
          Objects.equals(listValue(false), listValue(true)));
    }
    return RowRules.problem(this);
  }

  @Override
  public boolean has(int column) {
    return !row.isNullAt(OpColumns.FIELDS + column);
  }

  @Override
  public long number(int column) {
    return ((Number) row.get(OpColumns.FIELDS + column)).longValue();
  }

  /** The row's session as stored (a long or a string). */
  Object session() {
    return row.get(OpColumns.SESSION_I);
  }

  @Override
  protected String show(int column) {
    Object v = row.get(OpColumns.FIELDS + column);
    return v instanceof String s ? quoted(s) : String.valueOf(v);
  }

  @Override
  protected String showListValue(boolean last) {
    return String.valueOf(listValue(last));
  }

  /** The value read, or the last element of the list read; a number as a long; null for none. */
  private Object listValue(boolean last) {
    Object v;
    if (last) {
      List<Object> list = row.getList(OpColumns.LIST_I);
      v = list.isEmpty() ? null : list.get(list.size() - 1);
    } else {
      v = row.isNullAt(OpColumns.VALUE_I) ? null : row.get(OpColumns.VALUE_I);
    }
    return v instanceof Number n ? (Object) n.longValue() : v;
  }
}
