package io.isoverify.history.io;

import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;

/**
 * A converter tree that materializes nothing. {@code ColumnReadStoreImpl} wants one per
 * schema, but {@link ParquetHistoryReader} pulls values from the column readers itself
 * and never asks them to push values into converters.
 */
final class ParquetSkipConverter extends GroupConverter {
  private static final PrimitiveConverter PRIMITIVE = new PrimitiveConverter() {};

  private final Converter[] children;

  ParquetSkipConverter(GroupType type) {
    children = new Converter[type.getFieldCount()];
    for (int i = 0; i < children.length; i++) {
      children[i] = type.getType(i).isPrimitive() ? PRIMITIVE
          : new ParquetSkipConverter(type.getType(i).asGroupType());
    }
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return children[fieldIndex];
  }

  @Override
  public void start() {}

  @Override
  public void end() {}
}
