package io.isoverify.spark.stages;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * How a column of Spark's internal rows holds a history field: an integer of some width
 * (read as a long), text (UTF-8 bytes: a string, or a binary column Spark was not told is
 * one), or another type the history format does not use. The stages that read internal rows
 * instead of external {@code Row}s ({@link OpRowFields}, {@link KeyRows}) read cells through
 * it, in rows and in list elements alike.
 */
enum Cell {
  LONG, INT, SHORT, BYTE, STRING, BINARY, OTHER;

  static Cell of(DataType t) {
    if (t.equals(DataTypes.LongType)) {
      return LONG;
    }
    if (t.equals(DataTypes.IntegerType)) {
      return INT;
    }
    if (t.equals(DataTypes.ShortType)) {
      return SHORT;
    }
    if (t.equals(DataTypes.ByteType)) {
      return BYTE;
    }
    if (t.equals(DataTypes.StringType)) {
      return STRING;
    }
    return t.equals(DataTypes.BinaryType) ? BINARY : OTHER;
  }

  boolean text() {
    return this == STRING || this == BINARY;
  }

  boolean number() {
    return this == LONG || this == INT || this == SHORT || this == BYTE;
  }

  /** The integer at {@code i} of a number column. */
  long number(InternalRow r, int i) {
    return switch (this) {
      case LONG -> r.getLong(i);
      case INT -> r.getInt(i);
      case SHORT -> r.getShort(i);
      case BYTE -> r.getByte(i);
      default -> throw new IllegalStateException("not an integer column: " + this);
    };
  }

  /** The integer element {@code i} of a list of numbers. */
  long number(ArrayData a, int i) {
    return switch (this) {
      case LONG -> a.getLong(i);
      case INT -> a.getInt(i);
      case SHORT -> a.getShort(i);
      case BYTE -> a.getByte(i);
      default -> throw new IllegalStateException("not a list of integers: " + this);
    };
  }

  /** The text at {@code i}, still in the row's memory (copy it to keep it). */
  UTF8String text(InternalRow r, int i) {
    return this == STRING ? r.getUTF8String(i) : UTF8String.fromBytes(r.getBinary(i));
  }

  /** The text element {@code i} of a list, still in the row's memory. */
  UTF8String text(ArrayData a, int i) {
    return this == STRING ? a.getUTF8String(i) : UTF8String.fromBytes(a.getBinary(i));
  }
}
