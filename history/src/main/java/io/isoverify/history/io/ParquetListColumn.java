package io.isoverify.history.io;

import io.isoverify.history.validation.RowFields;
import java.io.IOException;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A list column of one row group (read_list, row_fields), read row by row from its decoded
 * pages ({@link ParquetColumn}) into a batch's {@link ParquetRowBatch.Lists}. Its leaf is
 * the element of a LIST, so a row spans one or more entries told apart by definition levels:
 * <pre>
 *   level &lt; listLevel            the row has no list (null)
 *   level == listLevel           the list is empty
 *   listLevel &lt; level &lt; max     a null element (rejected)
 *   level == max                 an element; entries with repetition level 1 continue the row
 * </pre>
 * listLevel is the level at which the list itself is defined (1 when it is optional);
 * this accepts both required and optional elements, as Spark writes them.
 */
final class ParquetListColumn {
  /** The list's leaf; null when the file has no such column. */
  private final ParquetColumn column;
  private final int listLevel;

  private ParquetListColumn(ParquetColumn column, int listLevel) {
    this.column = column;
    this.listLevel = listLevel;
  }

  /** The list column {@code d} of the row group {@code pages}; absent when d is null. */
  static ParquetListColumn of(String name, ColumnDescriptor d, int listLevel, PageReadStore pages)
      throws IOException {
    return new ParquetListColumn(d == null ? null : ParquetColumn.of(name, d, pages), listLevel);
  }

  /** Reads the current row's list into row {@code r} of {@code out}; moves to the next row. */
  void read(ParquetRowBatch.Lists out, int r) throws IOException {
    out.start[r] = out.elements;
    out.length[r] = read(out);
    out.start[r + 1] = out.elements;
  }

  private int read(ParquetRowBatch.Lists out) throws IOException {
    ParquetColumn c = column;
    if (c == null) {
      return RowFields.NO_LIST;
    }
    if (!c.hasEntry()) {
      throw new IOException("column " + c.name + " ends before the row group's last row");
    }
    int maxDefinition = c.maxDefinitionLevel();
    int level = c.definitionLevel();
    if (level < maxDefinition) {
      c.next();
      skipRestOfRow();
      return level < listLevel ? RowFields.NO_LIST
          : level > listLevel ? RowFields.NULL_ELEMENT : 0;
    }
    out.binary = c.type() == PrimitiveTypeName.BINARY;
    int before = out.elements;
    int nullElements = 0;
    do {
      nullElements += c.appendRowPart(out);
    } while (continuesRow());
    return nullElements > 0 ? RowFields.NULL_ELEMENT : out.elements - before;
  }

  private void skipRestOfRow() throws IOException {
    while (continuesRow()) {
      column.next();
    }
  }

  private boolean continuesRow() {
    return column.hasEntry() && column.repetitionLevel() > 0;
  }
}
