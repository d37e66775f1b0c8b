package io.isoverify.spark.stages;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * How the reduce side of the per-key job reads its rows ({@link KeyStage#rows}: key, value,
 * txn, op_pos, kind, file, row, and read_list) straight from Spark's internal rows, without
 * the conversion of every row into an external {@code Row} of boxed numbers and Java strings
 * (a third of the reduce side's CPU at 1M transactions). A key or value column holds
 * integers (read as longs) or text (UTF-8 bytes, compared as bytes: {@link Cell}),
 * {@link #textKeys} and {@link #textValues} say which; a text key or value kept beyond its
 * row is copied ({@link #textKey}).
 */
final class KeyRows implements Serializable {
  private static final long serialVersionUID = 1L;
  static final int KEY = 0;
  static final int VALUE = 1;
  static final int TXN = 2;
  static final int OP_POS = 3;
  static final int KIND = 4;
  static final int FILE = 5;
  static final int ROW = 6;
  static final int LIST = 7;

  private final Cell key;
  private final Cell value;
  private final Cell element;

  /** For rows of {@code schema} ({@link KeyStage#rows}'s). */
  KeyRows(StructType schema) {
    key = cell(schema.fields()[KEY].dataType());
    value = cell(schema.fields()[VALUE].dataType());
    element = schema.fields().length > LIST
        ? cell(((ArrayType) schema.fields()[LIST].dataType()).elementType()) : value;
  }

  private static Cell cell(DataType t) {
    Cell c = Cell.of(t);
    if (c == Cell.OTHER) {
      throw new IllegalArgumentException("a key or value of type " + t.simpleString());
    }
    return c;
  }

  boolean textKeys() {
    return key.text();
  }

  boolean textValues() {
    return value.text();
  }

  long numberKey(InternalRow r) {
    return key.number(r, KEY);
  }

  /** The row's text key, copied out of the row's memory. */
  UTF8String textKey(InternalRow r) {
    return key.text(r, KEY).clone();
  }

  /** Whether the row's text key is {@code k}, without copying it. */
  boolean sameTextKey(InternalRow r, UTF8String k) {
    return key.text(r, KEY).equals(k);
  }

  long numberValue(InternalRow r) {
    return value.number(r, VALUE);
  }

  /** The row's text value, copied out of the row's memory. */
  UTF8String textValue(InternalRow r) {
    return value.text(r, VALUE).clone();
  }

  /** The row's read list as values ({@link Long} or {@link UTF8String}), or null. */
  List<Object> list(InternalRow r) {
    if (r.numFields() <= LIST || r.isNullAt(LIST)) {
      return null;
    }
    ArrayData a = r.getArray(LIST);
    List<Object> out = new ArrayList<>(a.numElements());
    for (int i = 0; i < a.numElements(); i++) {
      out.add(element.text() ? element.text(a, i).clone() : (Object) element.number(a, i));
    }
    return out;
  }
}
