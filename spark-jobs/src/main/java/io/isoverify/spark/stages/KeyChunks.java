package io.isoverify.spark.stages;

import io.isoverify.history.io.ParquetRowBatch;
import io.isoverify.history.validation.RowFields;
import java.util.ArrayList;
import java.util.List;

/**
 * The map side of the per-key job, inside the read stage's pass over the decoded splits
 * ({@link Stretches}: one decoding serves both jobs): each keyed operation of a row that
 * passed the row checks goes into the {@link KeyedRows} chunk of its key's reduce
 * partition, with the file's transaction id and the operation's position (the dense ids
 * come on the reduce side, once the read stage has numbered the transactions). O(1) per
 * row, plus a String per text key, value or list element.
 */
final class KeyChunks {
  /** The first of the key partitions among the shuffle's partitions. */
  private final int first;
  private final int partitions;
  private final boolean textKeys;
  private final boolean textValues;

  /**
   * For key partitions {@code first .. first+partitions-1} of the shuffle, over a history
   * whose keys and values are text or not.
   */
  KeyChunks(int first, int partitions, boolean textKeys, boolean textValues) {
    this.first = first;
    this.partitions = partitions;
    this.textKeys = textKeys;
    this.textValues = textValues;
  }

  /** The reduce partition of a key (counted from the first key partition): the same on every task. */
  static int partition(long key, int partitions) {
    return Math.floorMod(Long.hashCode(key * 0x9E3779B97F4A7C15L), partitions);
  }

  static int partition(String key, int partitions) {
    return Math.floorMod(key.hashCode(), partitions);
  }

  /** Whether shuffle partition p holds key chunks. */
  boolean holds(int p) {
    return p >= first;
  }

  KeyedRows newChunk() {
    return new KeyedRows(KeyedRows.CHUNK, textKeys, textValues, false);
  }

  /** Adds row r of b (of file {@code file}) when it has a key, through {@code out}. */
  void add(ParquetRowBatch b, int r, int file, SplitChunks out) {
    if (!b.has(RowFields.KEY, r)) {
      return; // a predicate read: no key
    }
    String text = textKeys ? b.binary(RowFields.KEY, r).toStringUsingUTF8() : null;
    long number = textKeys ? 0 : b.number(RowFields.KEY, r);
    int p = first + (textKeys ? partition(text, partitions) : partition(number, partitions));
    KeyedRows c = (KeyedRows) out.chunk(p);
    int i = c.size++;
    c.rawTxn[i] = b.number(RowFields.TXN, r);
    c.opPos[i] = (int) b.number(RowFields.OP_POS, r);
    c.kind[i] = b.kind(r);
    c.pos[i] = FileIndex.position(file, b.row(r));
    if (textKeys) {
      c.textKey[i] = text;
    } else {
      c.key[i] = number;
    }
    boolean has = b.has(RowFields.VALUE, r);
    if (textValues) {
      c.textValue[i] = has ? b.binary(RowFields.VALUE, r).toStringUsingUTF8() : null;
    } else {
      c.valued[i] = has;
      c.value[i] = has ? b.number(RowFields.VALUE, r) : 0;
    }
    List<Object> l = list(b.readList(), r);
    if (l != null) {
      c.list(i, l);
    }
    out.added(p);
  }

  /**
   * Row r's read list as Long or String elements, or null when it has none; numbers as a
   * primitive array ({@link LongElements}).
   */
  private static List<Object> list(ParquetRowBatch.Lists l, int r) {
    int n = l.length(r);
    if (n < 0) {
      return null;
    }
    if (!l.text()) {
      long[] numbers = new long[n];
      for (int i = 0; i < n; i++) {
        numbers[i] = l.number(l.start(r) + i);
      }
      return new LongElements(numbers);
    }
    List<Object> out = new ArrayList<>(n);
    for (int i = l.start(r); i < l.start(r) + n; i++) {
      out.add(l.text() ? l.binary(i).toStringUsingUTF8() : (Object) l.number(i));
    }
    return out;
  }
}
