package io.isoverify.history.io;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.validation.RowFields;
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;

/**
 * Up to {@link #CAPACITY} consecutive rows of one row group, decoded from their pages
 * ({@link ParquetRowGroup#fill}) and not yet added to the builder ({@link ParquetRows}):
 * what the decoding thread hands the building one ({@link ParquetDecoder}). Batches are
 * reused, so nothing is allocated per row.
 *
 * <p>Per column c of {@link RowFields} (by number) and row r: {@code has[c][r]}, and the
 * value in {@code longs[c][r]} (integer columns) or {@code binaries[c][r]} (strings); kind
 * and outcome as ordinals ({@link RowFields#NOT_A_CODE} for another string); the two list
 * columns as {@link Lists}. {@link #error} is the problem met at row {@link #size} (the
 * rows before it are whole), {@link #last} marks the file's end.
 *
 * <p>Readers outside this package (the Spark stages, through {@link ParquetRowGroups}) see
 * the rows through the public accessors, which read the same arrays.
 */
public final class ParquetRowBatch {
  static final int CAPACITY = 8192;

  /** The file's row number of the first row, counting from 1. */
  long firstRow;
  int size;
  final boolean[][] has = new boolean[RowFields.NAMES.length][CAPACITY];
  final long[][] longs = new long[RowFields.NAMES.length][CAPACITY];
  /** Per column, allocated when the column holds strings. */
  final Binary[][] binaries = new Binary[RowFields.NAMES.length][];
  final byte[] kind = new byte[CAPACITY];
  final byte[] outcome = new byte[CAPACITY];
  final Lists readList = new Lists();
  final Lists rowFields = new Lists();
  InvalidHistoryException error;
  /** An Error of the decoding thread (out of memory), thrown as it is by the building one. */
  Error fatal;
  boolean last;

  /** How many rows the batch holds. */
  public int size() {
    return size;
  }

  /** The file's row number of row r (counting from 1). */
  public long row(int r) {
    return firstRow + r;
  }

  /** The problem at row {@link #size()} (rows before it are whole), or null. */
  public InvalidHistoryException error() {
    return error;
  }

  /** Whether row r has a value in column c (a {@link RowFields} number). */
  public boolean has(int c, int r) {
    return has[c][r];
  }

  /** Row r's integer in column c (when {@link #text} is false and {@link #has} is true). */
  public long number(int c, int r) {
    return longs[c][r];
  }

  /** Whether column c holds strings in this batch's file. */
  public boolean text(int c) {
    return binaries[c] != null;
  }

  /** Row r's string in column c, as the file's bytes (when {@link #text} is true). */
  public Binary binary(int c, int r) {
    return binaries[c][r];
  }

  /** Row r's kind ordinal, or {@link RowFields#NOT_A_CODE}. */
  public byte kind(int r) {
    return kind[r];
  }

  /** Row r's outcome ordinal, or {@link RowFields#NOT_A_CODE}. */
  public byte outcome(int r) {
    return outcome[r];
  }

  /** The read_list column's rows. */
  public Lists readList() {
    return readList;
  }

  /** The row_fields column's rows. */
  public Lists rowFields() {
    return rowFields;
  }

  void clear(long firstRow) {
    this.firstRow = firstRow;
    size = 0;
    error = null;
    fatal = null;
    last = false;
    readList.clear();
    rowFields.clear();
  }

  Binary[] binaries(int column) {
    if (binaries[column] == null) {
      binaries[column] = new Binary[CAPACITY];
    }
    return binaries[column];
  }

  /**
   * A list column's rows: row r's state in {@code length[r]} (its length,
   * {@link RowFields#NO_LIST} or {@link RowFields#NULL_ELEMENT}) and its elements at
   * {@code start[r] .. start[r+1]-1} of {@code raw} (integers) or {@code strings}.
   */
  public static final class Lists {
    final int[] length = new int[CAPACITY];
    final int[] start = new int[CAPACITY + 1];
    long[] raw = new long[4 * CAPACITY];
    Binary[] strings = new Binary[0];
    /** True when the elements are strings. */
    boolean binary;
    int elements;

    /** Row r's list length, {@link RowFields#NO_LIST} or {@link RowFields#NULL_ELEMENT}. */
    public int length(int r) {
      return length[r];
    }

    /** Where row r's elements start. */
    public int start(int r) {
      return start[r];
    }

    /** Whether the elements are strings. */
    public boolean text() {
      return binary;
    }

    /** Element i as an integer. */
    public long number(int i) {
      return raw[i];
    }

    /** Element i as a string's bytes. */
    public Binary binary(int i) {
      return strings[i];
    }

    void clear() {
      elements = 0;
    }

    void addAll(long[] src, int from, int k) {
      if (elements + k > raw.length) {
        raw = Arrays.copyOf(raw, Math.max(elements + k, elements * 2));
      }
      System.arraycopy(src, from, raw, elements, k);
      elements += k;
    }

    void addAll(Binary[] src, int from, int k) {
      if (elements + k > strings.length) {
        strings = Arrays.copyOf(strings, Math.max(16, Math.max(elements + k, elements * 2)));
      }
      System.arraycopy(src, from, strings, elements, k);
      elements += k;
    }
  }
}
