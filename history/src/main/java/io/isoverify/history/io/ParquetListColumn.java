package io.isoverify.history.io;

import io.isoverify.history.Dictionary;
import io.isoverify.history.validation.RowFields;
import java.util.Arrays;
import java.io.IOException;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The read_list column of one row group, read row by row from its decoded pages
 * ({@link ParquetColumn}). Its leaf is the element of a
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

  /** The list's leaf, decoded a page at a time; null when the file has no such column. */
  private final ParquetColumn column;
  private final int listLevel;
  private int[] codes = new int[16];
  private long[] raw = new long[16];
  /**
   * Per key code, the numbers and codes of the last list read from it: Elle's reads of a
   * key return growing prefixes of one list, so a read's elements are looked up in the
   * dictionary only from the first one that differs from the key's last read (a hash
   * lookup per element read was most of the load time of a list-append history).
   */
  private long[][] keyRaw = new long[0][];
  private int[][] keyCodes = new int[0][];
  private int[] keyLength = new int[0];

  private ParquetListColumn(ParquetColumn column, int listLevel) {
    this.column = column;
    this.listLevel = listLevel;
  }

  /** The list column {@code d} of the row group {@code pages}; absent when d is null. */
  static ParquetListColumn of(String name, ColumnDescriptor d, int listLevel, PageReadStore pages)
      throws IOException {
    return new ParquetListColumn(d == null ? null : ParquetColumn.of(name, d, pages), listLevel);
  }

  /**
   * Reads the current row's list, a read of the key coded {@code key} (or -1), into
   * {@link #codes()}, encoding elements in {@code d}; returns its length, {@link #NO_LIST}
   * or {@link #NULL_ELEMENT}. Moves to the next row.
   */
  int read(Dictionary d, int key) throws IOException {
    if (column == null) {
      return NO_LIST;
    }
    ParquetColumn c = column;
    if (!c.hasEntry()) {
      throw new IOException("column " + c.name + " ends before the row group's last row");
    }
    int maxDefinition = c.maxDefinitionLevel();
    int level = c.definitionLevel();
    if (level < maxDefinition) {
      consume();
      boolean nullElement = level > listLevel;
      skipRestOfRow();
      return level < listLevel ? NO_LIST : nullElement ? NULL_ELEMENT : 0;
    }
    int n = 0;
    boolean nullElement = false;
    int same = 0;
    PrimitiveTypeName type = c.type();
    boolean numeric = type != PrimitiveTypeName.BINARY;
    boolean cached = numeric && key >= 0;
    long[] lastRaw = cached && key < keyRaw.length ? keyRaw[key] : null;
    int lastLength = lastRaw == null ? 0 : keyLength[key];
    do {
      if (c.definitionLevel() < maxDefinition) {
        nullElement = true;
      } else {
        if (n == codes.length) {
          codes = Arrays.copyOf(codes, n * 2);
          raw = Arrays.copyOf(raw, n * 2);
        }
        if (!numeric) {
          codes[n] = d.encode(c.binaryValue().toStringUsingUTF8());
        } else {
          long x = c.longValue();
          raw[n] = x;
          if (cached && same == n && n < lastLength && lastRaw[n] == x) {
            codes[n] = keyCodes[key][n];
            same++;
          } else {
            codes[n] = type == PrimitiveTypeName.INT32 ? d.encode((int) x) : d.encode(x);
          }
        }
        n++;
      }
      consume();
    } while (continuesRow());
    if (cached && !nullElement) {
      remember(key, n, same);
    }
    return nullElement ? NULL_ELEMENT : n;
  }

  /** Keeps the list just read as key's last one; its first {@code same} entries already are. */
  private void remember(int key, int n, int same) {
    if (key >= keyRaw.length) {
      int size = Math.max(key + 1, keyRaw.length * 2);
      keyRaw = Arrays.copyOf(keyRaw, size);
      keyCodes = Arrays.copyOf(keyCodes, size);
      keyLength = Arrays.copyOf(keyLength, size);
    }
    if (keyRaw[key] == null || keyRaw[key].length < n) {
      int size = Math.max(n, keyLength[key] * 3 / 2 + 1);
      keyRaw[key] = keyRaw[key] == null ? new long[size] : Arrays.copyOf(keyRaw[key], size);
      keyCodes[key] = keyCodes[key] == null ? new int[size] : Arrays.copyOf(keyCodes[key], size);
    }
    System.arraycopy(raw, same, keyRaw[key], same, n - same);
    System.arraycopy(codes, same, keyCodes[key], same, n - same);
    keyLength[key] = n;
  }

  /** The element codes of the last row {@link #read}, valid up to its length. */
  int[] codes() {
    return codes;
  }

  private void skipRestOfRow() throws IOException {
    while (continuesRow()) {
      consume();
    }
  }

  private boolean continuesRow() {
    return column.hasEntry() && column.repetitionLevel() > 0;
  }

  private void consume() throws IOException {
    column.next();
  }
}
