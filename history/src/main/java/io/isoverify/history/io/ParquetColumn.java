package io.isoverify.history.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One column of one row group. A single-valued column holds exactly one entry per row, a
 * value or a null: its rows are copied a page's run at a time ({@link #rowsInPage}, {@link
 * #copy}, {@link #skip}). A column the file lacks reads as null in every row. The leaf
 * of a repeated column (read_list's elements) holds one or more entries per row, told apart
 * by their {@link #repetitionLevel()} and {@link #definitionLevel()} ({@link ParquetListColumn}).
 *
 * <p>Pages are decoded whole, in one tight loop, into reused primitive arrays (levels,
 * longs, or Binary references for strings); entries then cost an array read. This is
 * Parquet's own page and value decoding (encodings, dictionaries, data page v1 and v2)
 * without the per-value bookkeeping of its record-level ColumnReader, which took most of
 * the reading time.
 */
final class ParquetColumn {
  final String name;
  private final ColumnDescriptor descriptor;
  private final PageReader pages;
  private final PrimitiveTypeName type;
  private final int maxDefinition;
  private final int maxRepetition;
  private final org.apache.parquet.column.Dictionary dictionary;

  private int count;
  private int index;
  private byte[] definition = new byte[0];
  private byte[] repetition = new byte[0];
  private long[] longs = new long[0];
  private Binary[] binaries = new Binary[0];

  private ParquetColumn(String name, ColumnDescriptor d, PageReader pages) throws IOException {
    this.name = name;
    this.descriptor = d;
    this.pages = pages;
    this.type = d == null ? null : d.getPrimitiveType().getPrimitiveTypeName();
    this.maxDefinition = d == null ? 0 : d.getMaxDefinitionLevel();
    this.maxRepetition = d == null ? 0 : d.getMaxRepetitionLevel();
    DictionaryPage dp = pages == null ? null : pages.readDictionaryPage();
    this.dictionary = dp == null ? null : dp.getEncoding().initDictionary(d, dp);
    if (pages != null) {
      nextPage();
    }
  }

  /** The column {@code d} of the row group {@code store}; absent when d is null. */
  static ParquetColumn of(String name, ColumnDescriptor d, PageReadStore store)
      throws IOException {
    return new ParquetColumn(name, d, d == null ? null : store.getPageReader(d));
  }

  /**
   * The rows of a single-valued column left in its current page, at least 1 (an absent
   * column never ends); moving past them with {@link #skip} reads the next page.
   *
   * @throws IOException when the column has ended before its row group
   */
  int rowsInPage() throws IOException {
    if (pages == null) {
      return Integer.MAX_VALUE;
    }
    if (index >= count) {
      throw new IOException("column " + name + " ends before the row group's last row");
    }
    return count - index;
  }

  /**
   * Copies the next {@code k} rows (at most {@link #rowsInPage}) of a single-valued column
   * into {@code has[at..]} and {@code longs[at..]} (integers) or {@code binaries[at..]}
   * (strings), without moving past them; an absent column has no value in any row.
   */
  void copy(int k, boolean[] has, long[] longs, Binary[] binaries, int at) {
    if (pages == null) {
      Arrays.fill(has, at, at + k, false);
      return;
    }
    byte[] d = definition;
    byte max = (byte) maxDefinition;
    for (int i = 0; i < k; i++) {
      has[at + i] = d[index + i] == max;
    }
    if (isBinary()) {
      System.arraycopy(this.binaries, index, binaries, at, k);
    } else {
      System.arraycopy(this.longs, index, longs, at, k);
    }
  }

  /** Moves past {@code k} rows of a single-valued column (at most {@link #rowsInPage}). */
  void skip(int k) throws IOException {
    if (pages != null) {
      index += k;
      if (index == count) {
        nextPage();
      }
    }
  }

  /** True while entries are left (false for an absent column, and past the last page). */
  boolean hasEntry() {
    return index < count;
  }

  /** The current entry's definition level (0 to the column's maximum). */
  int definitionLevel() {
    return definition[index];
  }

  /** The current entry's repetition level: 0 where a row starts. */
  int repetitionLevel() {
    return repetition[index];
  }

  int maxDefinitionLevel() {
    return maxDefinition;
  }

  PrimitiveTypeName type() {
    return type;
  }

  /** Moves to the next entry: for a single-valued column, the next row. */
  void next() throws IOException {
    if (pages != null && ++index == count) {
      nextPage();
    }
  }

  boolean isBinary() {
    return type == PrimitiveTypeName.BINARY;
  }

  /** The value of an INT32 or INT64 column. */
  long longValue() {
    return longs[index];
  }

  Binary binaryValue() {
    return binaries[index];
  }

  /** Decodes the next page; past the last one the column holds no entry. */
  private void nextPage() throws IOException {
    index = 0;
    count = 0;
    DataPage page = pages.readPage();
    if (page == null) {
      return;
    }
    int n = page.getValueCount();
    if (definition.length < n) {
      definition = new byte[n];
      repetition = new byte[maxRepetition == 0 ? 0 : n];
      if (isBinary()) {
        binaries = new Binary[n];
      } else {
        longs = new long[n];
      }
    }
    if (page instanceof DataPageV1 v1) {
      ByteBufferInputStream in = v1.getBytes().toInputStream();
      ValuesReader rl = v1.getRlEncoding().getValuesReader(descriptor, ValuesType.REPETITION_LEVEL);
      rl.initFromPage(n, in);
      ValuesReader dl = v1.getDlEncoding().getValuesReader(descriptor, ValuesType.DEFINITION_LEVEL);
      dl.initFromPage(n, in);
      decode(n, rl::readInteger, dl::readInteger, v1.getValueEncoding(), in);
    } else if (page instanceof DataPageV2 v2) {
      decode(n, levels(maxRepetition, v2.getRepetitionLevels()),
          levels(maxDefinition, v2.getDefinitionLevels()), v2.getDataEncoding(),
          v2.getData().toInputStream());
    } else {
      throw new ParquetDecodingException("unknown page type " + page.getClass().getSimpleName());
    }
    count = n;
  }

  @FunctionalInterface
  private interface Levels {
    int next() throws IOException;
  }

  /** A data page v2's levels (RLE, no length prefix), all 0 when the maximum is 0. */
  private static Levels levels(int max, BytesInput bytes) throws IOException {
    if (max == 0) {
      return () -> 0;
    }
    RunLengthBitPackingHybridDecoder d = new RunLengthBitPackingHybridDecoder(
        BytesUtils.getWidthFromMaxInt(max), bytes.toInputStream());
    return d::readInt;
  }

  /**
   * Decodes a page's n entries: levels, then the values that follow them in {@code in}. PLAIN
   * integers (the writer's choice for txn, value and timestamps) are read straight from the
   * page's bytes, little-endian, instead of through Parquet's stream reader (a stream read
   * per value was a third of the decoding time).
   */
  private void decode(int n, Levels rl, Levels dl, Encoding encoding, ByteBufferInputStream in)
      throws IOException {
    if (maxRepetition > 0) {
      for (int i = 0; i < n; i++) {
        repetition[i] = (byte) rl.next();
      }
    }
    if (maxDefinition == 0) {
      Arrays.fill(definition, 0, n, (byte) 0);
    } else {
      for (int i = 0; i < n; i++) {
        definition[i] = (byte) dl.next();
      }
    }
    byte max = (byte) maxDefinition;
    if (encoding == Encoding.PLAIN && (type == PrimitiveTypeName.INT64
        || type == PrimitiveTypeName.INT32)) {
      plainIntegers(n, max, in);
      return;
    }
    ValuesReader values = valuesReader(encoding);
    values.initFromPage(n, in);
    switch (type) {
      case INT64 -> {
        for (int i = 0; i < n; i++) {
          if (definition[i] == max) {
            longs[i] = values.readLong();
          }
        }
      }
      case INT32 -> {
        for (int i = 0; i < n; i++) {
          if (definition[i] == max) {
            longs[i] = values.readInteger();
          }
        }
      }
      default -> {
        for (int i = 0; i < n; i++) {
          binaries[i] = definition[i] == max ? values.readBytes() : null;
        }
      }
    }
  }

  /** The defined entries' values of a PLAIN INT64 or INT32 page, from {@code in}. */
  private void plainIntegers(int n, byte max, ByteBufferInputStream in) throws IOException {
    int defined = 0;
    for (int i = 0; i < n; i++) {
      defined += definition[i] == max ? 1 : 0;
    }
    boolean wide = type == PrimitiveTypeName.INT64;
    ByteBuffer bytes = in.slice(defined * (wide ? Long.BYTES : Integer.BYTES))
        .order(ByteOrder.LITTLE_ENDIAN);
    long[] out = longs;
    for (int i = 0; i < n; i++) {
      if (definition[i] == max) {
        out[i] = wide ? bytes.getLong() : bytes.getInt();
      }
    }
  }

  private ValuesReader valuesReader(Encoding encoding) {
    if (!encoding.usesDictionary()) {
      return encoding.getValuesReader(descriptor, ValuesType.VALUES);
    }
    if (dictionary == null) {
      throw new ParquetDecodingException("column " + name + " has dictionary-encoded pages "
          + "but no dictionary page");
    }
    return encoding.getDictionaryBasedValuesReader(descriptor, ValuesType.VALUES, dictionary);
  }
}
