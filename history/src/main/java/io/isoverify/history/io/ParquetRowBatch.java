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
 */
final class ParquetRowBatch {
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
  static final class Lists {
    final int[] length = new int[CAPACITY];
    final int[] start = new int[CAPACITY + 1];
    long[] raw = new long[4 * CAPACITY];
    Binary[] strings = new Binary[0];
    /** True when the elements are strings. */
    boolean binary;
    int elements;

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
