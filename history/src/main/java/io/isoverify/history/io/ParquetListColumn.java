package io.isoverify.history.io;

import io.isoverify.history.Dictionary;
import io.isoverify.history.validation.RowFields;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The read_list column of one row group, read row by row. Its leaf is the element of a
 * LIST, so a row spans one or more entries told apart by definition levels:
 * <pre>
 *   level &lt; listLevel            the row has no list (null)
 *   level == listLevel           the list is empty
 *   listLevel &lt; level &lt; max     a null element (rejected)
 *   level == max                 an element; entries with repetition level 1 continue the row
 * </pre>
 * listLevel is the level at which read_list itself is defined (1 when it is optional);
 * this accepts both required and optional elements, as Spark writes them.
 */
final class ParquetListColumn {
  /** What {@link #read} returns for a row without a list: the rules' value. */
  static final int NO_LIST = RowFields.NO_LIST;
  /** What {@link #read} returns for a row whose list has a null element. */
  static final int NULL_ELEMENT = RowFields.NULL_ELEMENT;

  private final ColumnReader reader;
  private final PrimitiveTypeName type;
  private final int listLevel;
  private final int maxDefinition;
  private final long entries;
  private long consumed;
  private int[] codes = new int[16];

  private ParquetListColumn(ColumnReader reader, PrimitiveTypeName type, int listLevel,
      int maxDefinition, long entries) {
    this.reader = reader;
    this.type = type;
    this.listLevel = listLevel;
    this.maxDefinition = maxDefinition;
    this.entries = entries;
  }

  /**
   * The list column of a row group, read through {@code readers}; {@code pages} holds the
   * group's pages. Absent when d is null.
   */
  static ParquetListColumn of(ColumnDescriptor d, int listLevel, ColumnReadStore readers,
      PageReadStore pages) {
    if (d == null) {
      return new ParquetListColumn(null, null, 0, 0, 0);
    }
    return new ParquetListColumn(readers.getColumnReader(d),
        d.getPrimitiveType().getPrimitiveTypeName(), listLevel, d.getMaxDefinitionLevel(),
        pages.getPageReader(d).getTotalValueCount());
  }

  /**
   * Reads the current row's list into {@link #codes()}, encoding elements in {@code d};
   * returns its length, {@link #NO_LIST} or {@link #NULL_ELEMENT}. Moves to the next row.
   */
  int read(Dictionary d) {
    if (reader == null) {
      return NO_LIST;
    }
    int level = reader.getCurrentDefinitionLevel();
    if (level < maxDefinition) {
      consume();
      boolean nullElement = level > listLevel;
      skipRestOfRow();
      return level < listLevel ? NO_LIST : nullElement ? NULL_ELEMENT : 0;
    }
    int n = 0;
    boolean nullElement = false;
    do {
      if (reader.getCurrentDefinitionLevel() < maxDefinition) {
        nullElement = true;
      } else {
        if (n == codes.length) {
          codes = Arrays.copyOf(codes, n * 2);
        }
        codes[n++] = element(d);
      }
      consume();
    } while (continuesRow());
    return nullElement ? NULL_ELEMENT : n;
  }

  private int element(Dictionary d) {
    switch (type) {
      case BINARY:
        return d.encode(reader.getBinary().toStringUsingUTF8());
      case INT32:
        return d.encode(reader.getInteger());
      default:
        return d.encode(reader.getLong());
    }
  }

  /** The element codes of the last row {@link #read}, valid up to its length. */
  int[] codes() {
    return codes;
  }

  private void skipRestOfRow() {
    while (continuesRow()) {
      consume();
    }
  }

  private boolean continuesRow() {
    return consumed < entries && reader.getCurrentRepetitionLevel() > 0;
  }

  private void consume() {
    reader.consume();
    consumed++;
  }
}
