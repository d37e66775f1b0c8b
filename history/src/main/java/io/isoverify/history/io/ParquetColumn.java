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
 * Parquet's own page reading (data page v1 and v2, dictionaries) without the per-value
 * bookkeeping of its record-level ColumnReader, which took most of the reading time; the
 * encodings the history writers use (RLE levels, PLAIN integers, dictionary indices) are
 * decoded here in bulk ({@link RleHybrid}), any other through Parquet's value readers.
 */
final class ParquetColumn {
  final String name;
  private final ColumnDescriptor descriptor;
  private final PageReader pages;
  private final PrimitiveTypeName type;
  private final int maxDefinition;
  private final int maxRepetition;
  private final org.apache.parquet.column.Dictionary dictionary;
  /** The dictionary's entries, decoded once: integers or strings by the column's type. */
  private long[] dictionaryLongs;
  private Binary[] dictionaryBinaries;

  private int count;
  private int index;
  private int[] definition = new int[0];
  private int[] repetition = new int[0];
  /** A dictionary-encoded page's indices, one per defined entry. */
  private int[] indices = new int[0];
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
    int[] d = definition;
    int max = maxDefinition;
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

  /**
   * For a list's leaf: appends the values of the current entry and of the entries after it
   * that continue its row within the current page (repetition level above 0) to {@code out},
   * and moves past them (to the next page when the page ends, where the row may go on).
   * Entries below the maximum definition level add nothing.
   *
   * @return the number of entries below the maximum definition level among them
   */
  int appendRowPart(ParquetRowBatch.Lists out) throws IOException {
    int from = index;
    int end = from + 1;
    int[] r = repetition;
    while (end < count && r[end] > 0) {
      end++;
    }
    int[] d = definition;
    int max = maxDefinition;
    int below = 0;
    int runStart = from;
    for (int i = from; i < end; i++) {
      if (d[i] != max) {
        append(out, runStart, i);
        runStart = i + 1;
        below++;
      }
    }
    append(out, runStart, end);
    index = end;
    if (index == count) {
      nextPage();
    }
    return below;
  }

  private void append(ParquetRowBatch.Lists out, int from, int to) {
    if (from < to) {
      if (isBinary()) {
        out.addAll(binaries, from, to - from);
      } else {
        out.addAll(longs, from, to - from);
      }
    }
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
      definition = new int[n];
      repetition = new int[maxRepetition == 0 ? 0 : n];
      if (isBinary()) {
        binaries = new Binary[n];
      } else {
        longs = new long[n];
      }
    }
    if (page instanceof DataPageV1 v1) {
      ByteBufferInputStream in = v1.getBytes().toInputStream();
      levelsV1(maxRepetition, v1.getRlEncoding(), ValuesType.REPETITION_LEVEL, repetition, n, in);
      levelsV1(maxDefinition, v1.getDlEncoding(), ValuesType.DEFINITION_LEVEL, definition, n,
          in);
      values(n, v1.getValueEncoding(), in);
    } else if (page instanceof DataPageV2 v2) {
      levelsV2(maxRepetition, v2.getRepetitionLevels(), repetition, n);
      levelsV2(maxDefinition, v2.getDefinitionLevels(), definition, n);
      values(n, v2.getDataEncoding(), v2.getData().toInputStream());
    } else {
      throw new ParquetDecodingException("unknown page type " + page.getClass().getSimpleName());
    }
    count = n;
  }

  /**
   * A data page v1's levels of one kind into {@code out[0..n)}: none stored when the maximum
   * is 0; RLE (a 4-byte little-endian length, then the runs) through {@link RleHybrid};
   * another encoding (the deprecated BIT_PACKED) through Parquet's reader.
   */
  private void levelsV1(int max, Encoding encoding, ValuesType kind, int[] out, int n,
      ByteBufferInputStream in) throws IOException {
    if (max == 0) {
      Arrays.fill(out, 0, Math.min(n, out.length), 0);
    } else if (encoding == Encoding.RLE) {
      int length = in.slice(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN).getInt();
      RleHybrid.decode(in.slice(length), BytesUtils.getWidthFromMaxInt(max), out, n);
    } else {
      ValuesReader r = encoding.getValuesReader(descriptor, kind);
      r.initFromPage(n, in);
      for (int i = 0; i < n; i++) {
        out[i] = r.readInteger();
      }
    }
  }

  /** A data page v2's levels (RLE, no length prefix), all 0 when the maximum is 0. */
  private static void levelsV2(int max, BytesInput bytes, int[] out, int n) throws IOException {
    if (max == 0) {
      Arrays.fill(out, 0, Math.min(n, out.length), 0);
    } else {
      RleHybrid.decode(bytes.toByteBuffer(), BytesUtils.getWidthFromMaxInt(max), out, n);
    }
  }

  /**
   * Decodes the values of a page's n entries (its levels decoded) from {@code in}: PLAIN
   * integers (the writer's choice for txn, value and timestamps) are read straight from the
   * page's bytes, little-endian, and dictionary indices through {@link RleHybrid} (a stream
   * read per value was a third of the decoding time); other encodings through Parquet's
   * readers.
   */
  private void values(int n, Encoding encoding, ByteBufferInputStream in) throws IOException {
    int max = maxDefinition;
    int defined = 0;
    for (int i = 0; i < n; i++) {
      defined += definition[i] == max ? 1 : 0;
    }
    if (encoding == Encoding.PLAIN && (type == PrimitiveTypeName.INT64
        || type == PrimitiveTypeName.INT32)) {
      plainIntegers(n, defined, in);
    } else if (encoding.usesDictionary()) {
      dictionaryValues(n, defined, in);
    } else {
      readerValues(n, encoding, in);
    }
  }

  /** The defined entries' values of a PLAIN INT64 or INT32 page, from {@code in}. */
  private void plainIntegers(int n, int defined, ByteBufferInputStream in) throws IOException {
    boolean wide = type == PrimitiveTypeName.INT64;
    ByteBuffer bytes = in.slice(defined * (wide ? Long.BYTES : Integer.BYTES))
        .order(ByteOrder.LITTLE_ENDIAN);
    long[] out = longs;
    if (wide && defined == n) {
      bytes.asLongBuffer().get(out, 0, n);
      return;
    }
    int[] d = definition;
    int max = maxDefinition;
    for (int i = 0; i < n; i++) {
      if (d[i] == max) {
        out[i] = wide ? bytes.getLong() : bytes.getInt();
      }
    }
  }

  /**
   * The defined entries' values of a dictionary-encoded page: a byte giving the indices' bit
   * width, then the indices of the defined entries (RLE / bit-packing hybrid).
   */
  private void dictionaryValues(int n, int defined, ByteBufferInputStream in)
      throws IOException {
    if (dictionary == null) {
      throw new ParquetDecodingException("column " + name + " has dictionary-encoded pages "
          + "but no dictionary page");
    }
    if (indices.length < defined) {
      indices = new int[Math.max(defined, n)];
    }
    ByteBuffer bytes = in.slice(in.available());
    int[] ids = indices;
    if (defined > 0) {
      RleHybrid.decode(bytes, bytes.get() & 0xFF, ids, defined);
    }
    int[] d = definition;
    int max = maxDefinition;
    int j = 0;
    if (isBinary()) {
      Binary[] entries = dictionaryBinaries();
      for (int i = 0; i < n; i++) {
        binaries[i] = d[i] == max ? entries[ids[j++]] : null;
      }
    } else {
      long[] entries = dictionaryLongs();
      for (int i = 0; i < n; i++) {
        if (d[i] == max) {
          longs[i] = entries[ids[j++]];
        }
      }
    }
  }

  /** Values in any other encoding, through Parquet's value reader. */
  private void readerValues(int n, Encoding encoding, ByteBufferInputStream in)
      throws IOException {
    int max = maxDefinition;
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

  private long[] dictionaryLongs() {
    if (dictionaryLongs == null) {
      long[] e = new long[dictionary.getMaxId() + 1];
      boolean wide = type == PrimitiveTypeName.INT64;
      for (int id = 0; id < e.length; id++) {
        e[id] = wide ? dictionary.decodeToLong(id) : dictionary.decodeToInt(id);
      }
      dictionaryLongs = e;
    }
    return dictionaryLongs;
  }

  private Binary[] dictionaryBinaries() {
    if (dictionaryBinaries == null) {
      Binary[] e = new Binary[dictionary.getMaxId() + 1];
      for (int id = 0; id < e.length; id++) {
        e[id] = dictionary.decodeToBinary(id);
      }
      dictionaryBinaries = e;
    }
    return dictionaryBinaries;
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
