package io.isoverify.history.io;

import io.isoverify.history.Dictionary;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One single-valued column of one row group, read row by row straight from the column
 * reader (no record object per row). Each row holds exactly one entry, a value or a null:
 * look at it with {@link #hasValue()} and the getters, then move on with {@link #next()}.
 * A column the file lacks reads as null in every row.
 */
final class ParquetColumn {
  final String name;
  private final ColumnReader reader;
  private final PrimitiveTypeName type;
  private final int maxDefinition;

  private ParquetColumn(String name, ColumnReader reader, PrimitiveTypeName type,
      int maxDefinition) {
    this.name = name;
    this.reader = reader;
    this.type = type;
    this.maxDefinition = maxDefinition;
  }

  /** The column {@code d} of the row group behind {@code store}; absent when d is null. */
  static ParquetColumn of(String name, ColumnDescriptor d, ColumnReadStore store) {
    if (d == null) {
      return new ParquetColumn(name, null, null, 0);
    }
    return new ParquetColumn(name, store.getColumnReader(d),
        d.getPrimitiveType().getPrimitiveTypeName(), d.getMaxDefinitionLevel());
  }

  boolean hasValue() {
    return reader != null
        && (maxDefinition == 0 || reader.getCurrentDefinitionLevel() == maxDefinition);
  }

  /** Moves to the next row. */
  void next() {
    if (reader != null) {
      reader.consume();
    }
  }

  boolean isBinary() {
    return type == PrimitiveTypeName.BINARY;
  }

  /** The value of an INT32 or INT64 column. */
  long longValue() {
    return type == PrimitiveTypeName.INT32 ? reader.getInteger() : reader.getLong();
  }

  Binary binaryValue() {
    return reader.getBinary();
  }

  /** The dictionary code of the value: as a 64-bit integer, or as a UTF-8 string. */
  int code(Dictionary d) {
    return isBinary() ? d.encode(reader.getBinary().toStringUsingUTF8()) : d.encode(longValue());
  }

  /** The value as a readable string, for messages. */
  String show() {
    return isBinary() ? "\"" + reader.getBinary().toStringUsingUTF8() + "\""
        : Long.toString(longValue());
  }
}
