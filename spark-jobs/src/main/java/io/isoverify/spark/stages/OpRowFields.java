package io.isoverify.spark.stages;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.validation.RowFields;
import io.isoverify.history.validation.RowRules;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The {@link RowFields} of one {@link OpColumns} row, read from Spark's internal row
 * (no external {@code Row}: no boxed number or Java string per field), so that the
 * executors check rows with history's {@link RowRules}, the in-process reader's rules and
 * words. One instance per task, moved row by row; kind and outcome codes are matched as
 * UTF-8 bytes; values are shown as the in-process reader shows them (strings quoted, list
 * values bare), only when a rule fails.
 */
final class OpRowFields extends RowFields {
  private static final UTF8String[] KIND_CODES = codes(OpKind.values().length, true);
  private static final UTF8String[] OUTCOME_CODES = codes(Outcome.values().length, false);

  /** How each column of the row holds its values: a number type, text, or a list. */
  private final Cell[] cells;
  private final DataType[] types;
  private InternalRow row;

  /** For rows of {@code schema} ({@link OpColumns#read}'s). */
  OpRowFields(StructType schema) {
    cells = new Cell[schema.fields().length + 1];
    types = new DataType[schema.fields().length];
    for (int i = 0; i < schema.fields().length; i++) {
      types[i] = schema.fields()[i].dataType();
      cells[i] = Cell.of(types[i]);
    }
    // the read list's elements, after the columns
    cells[cells.length - 1] = Cell.of(((ArrayType) schema.fields()[OpColumns.LIST_I].dataType())
        .elementType());
  }

  /**
   * The type a stretch gives the session column ({@link Stretches}): numbers as longs,
   * anything else as text.
   */
  static DataType sessionType(StructType schema) {
    Cell c = Cell.of(schema.fields()[OpColumns.SESSION_I].dataType());
    return c.text() || c == Cell.OTHER ? DataTypes.StringType : DataTypes.LongType;
  }

  /**
   * Loads row {@code r} (of {@link OpColumns#read} with row fields); returns its first
   * problem, or null: {@link RowRules#problem}, then those of its row_fields
   * ({@link RowRules#rowFieldsProblem}), the order of the in-process reader.
   */
  String load(InternalRow r) {
    row = r;
    if (has(KIND)) {
      setKind(code(r.getUTF8String(OpColumns.KIND_I), KIND_CODES));
    }
    if (has(OUTCOME)) {
      setOutcome(code(r.getUTF8String(OpColumns.OUTCOME_I), OUTCOME_CODES));
    }
    if (r.isNullAt(OpColumns.LIST_I)) {
      setReadList(NO_LIST, false);
    } else {
      int n = elements(r.getArray(OpColumns.LIST_I));
      setReadList(n < 0 ? NULL_ELEMENT : n,
          Objects.equals(listValue(false), listValue(true)));
    }
    String problem = RowRules.problem(this);
    int fields = OpColumns.ROW_FIELDS_I;
    return problem != null || r.isNullAt(fields) ? problem
        : RowRules.rowFieldsProblem(OpKind.ofOrdinal(kind()), elements(r.getArray(fields)));
  }

  /** A list's length, or a negative number when an element is null. */
  private static int elements(ArrayData list) {
    for (int i = 0; i < list.numElements(); i++) {
      if (list.isNullAt(i)) {
        return -1;
      }
    }
    return list.numElements();
  }

  /** The file column, still in the row's memory (compare it, copy it to keep it). */
  UTF8String file() {
    return row.getUTF8String(OpColumns.FILE);
  }

  long rowNumber() {
    return row.getLong(OpColumns.ROW);
  }

  /** Whether the row has a read list. */
  boolean hasList() {
    return !row.isNullAt(OpColumns.LIST_I);
  }

  @Override
  public boolean has(int column) {
    return !row.isNullAt(OpColumns.FIELDS + column);
  }

  @Override
  public long number(int column) {
    int i = OpColumns.FIELDS + column;
    if (cells[i].number()) {
      return cells[i].number(row, i);
    }
    return other(i) instanceof Number n ? n.longValue() : ((Decimal) other(i)).toLong();
  }

  /**
   * The row's session: a {@link Long} for a number, else text still in the row's memory
   * ({@link #keep} copies it).
   */
  Object session() {
    int i = OpColumns.SESSION_I;
    return cells[i].text() ? text(i) : cells[i] == Cell.OTHER
        ? UTF8String.fromString(String.valueOf(other(i))) : (Object) number(RowFields.SESSION);
  }

  /** A session of {@link #session} that outlives its row. */
  static Object keep(Object session) {
    return session instanceof UTF8String s ? s.clone() : session;
  }

  /** A kept session as a stretch's session column holds it (a long or a string). */
  static Object stored(Object kept) {
    return kept instanceof UTF8String s ? s.toString() : kept;
  }

  @Override
  protected String show(int column) {
    int i = OpColumns.FIELDS + column;
    return cells[i].text() ? quoted(text(i).toString()) : cells[i] == Cell.OTHER
        ? String.valueOf(other(i)) : String.valueOf(number(column));
  }

  @Override
  protected String showListValue(boolean last) {
    return String.valueOf(listValue(last));
  }

  /** A cell of a type the history format does not use (a file not checked beforehand). */
  private Object other(int i) {
    return row.get(i, types[i]);
  }

  private UTF8String text(int i) {
    return cells[i].text(row, i);
  }

  /**
   * The value read, or the last element of the list read: a number as a {@link Long}, text
   * as a {@link UTF8String}; null for none.
   */
  private Object listValue(boolean last) {
    if (!last) {
      int i = OpColumns.VALUE_I;
      return row.isNullAt(i) ? null : cells[i].text() ? text(i) : (Object) number(RowFields.VALUE);
    }
    ArrayData list = row.getArray(OpColumns.LIST_I);
    int at = list.numElements() - 1;
    if (at < 0 || list.isNullAt(at)) {
      return null;
    }
    Cell e = cells[cells.length - 1];
    if (e == Cell.OTHER) {
      throw new IllegalStateException("read_list of an unknown element type");
    }
    return e.text() ? e.text(list, at) : (Object) e.number(list, at);
  }

  private static int code(UTF8String s, UTF8String[] codes) {
    for (int c = 0; c < codes.length; c++) {
      if (codes[c].equals(s)) {
        return c;
      }
    }
    return NOT_A_CODE;
  }

  private static UTF8String[] codes(int n, boolean kinds) {
    UTF8String[] out = new UTF8String[n];
    for (int c = 0; c < n; c++) {
      out[c] = UTF8String.fromString(kinds ? OpKind.ofOrdinal(c).code()
          : Outcome.ofOrdinal(c).code());
    }
    return out;
  }
}
