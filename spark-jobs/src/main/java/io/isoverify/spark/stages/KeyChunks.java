package io.isoverify.spark.stages;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.io.ParquetRowBatch;
import io.isoverify.history.io.ParquetRowGroups;
import io.isoverify.history.validation.RowFields;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The map side of the per-key job: the keyed operations of a task's splits, decoded by
 * history's decoder ({@link DecodedSplits}; the read stage has checked every row), as
 * {@link KeyedRows} chunks for the reduce partition of their key. Each row gets its dense
 * transaction and operation ids here (the broadcast transaction index), so the shuffle
 * carries ints ({@link SplitChunks}). O(1) per row, plus a String per text key, value or
 * list element.
 */
final class KeyChunks extends SplitChunks<KeyedRows> {
  /** The columns this side reads (and read_list with read lists): the decoder skips the rest. */
  private static final int[] COLUMNS = {RowFields.TXN, RowFields.OP_POS, RowFields.KIND,
      RowFields.KEY, RowFields.VALUE};
  private final DecodedSplits input;
  private final KeyChecks.Context ctx;
  private final int partitions;
  private final boolean textKeys;
  private final boolean textValues;
  private final boolean lists;

  KeyChunks(Iterator<DecodedSplits.Split> splits, DecodedSplits input, KeyChecks.Context ctx,
      int partitions) {
    super(splits, partitions);
    this.input = input;
    this.ctx = ctx;
    this.partitions = partitions;
    this.textKeys = input.text(RowFields.KEY);
    this.textValues = input.text(RowFields.VALUE);
    this.lists = ctx.lists();
  }

  /** The reduce partition of a key: the same on every task. */
  static int partition(long key, int partitions) {
    return Math.floorMod(Long.hashCode(key * 0x9E3779B97F4A7C15L), partitions);
  }

  static int partition(String key, int partitions) {
    return Math.floorMod(key.hashCode(), partitions);
  }

  @Override
  protected ParquetRowGroups.Scan scan(DecodedSplits.Split s) throws InvalidHistoryException {
    return input.scan(s, COLUMNS, lists);
  }

  @Override
  protected void unreadable(DecodedSplits.Split s, InvalidHistoryException e) {
    throw new IllegalStateException("the input changed during the run: " + e.getMessage(), e);
  }

  @Override
  protected KeyedRows newChunk() {
    return new KeyedRows(KeyedRows.CHUNK, textKeys, textValues, lists);
  }

  @Override
  protected void add(ParquetRowBatch b) {
    if (b.error() != null) {
      // the read stage reported the input's first problem and stopped the run
      throw new IllegalStateException("a row the read stage accepted cannot be decoded: "
          + b.error().getMessage());
    }
    for (int r = 0; r < b.size(); r++) {
      if (!b.has(RowFields.KEY, r)) {
        continue; // a predicate read: no key
      }
      String text = textKeys ? b.binary(RowFields.KEY, r).toStringUsingUTF8() : null;
      long number = textKeys ? 0 : b.number(RowFields.KEY, r);
      int p = textKeys ? partition(text, partitions) : partition(number, partitions);
      KeyedRows c = chunk(p);
      int i = c.size++;
      int t = ctx.index().t(b.number(RowFields.TXN, r));
      c.txn[i] = t;
      c.op[i] = ctx.opStart()[t] + (int) b.number(RowFields.OP_POS, r);
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
      if (lists) {
        c.list[i] = list(b.readList(), r);
      }
      added(p);
    }
  }

  /** Row r's read list as Long or String elements, or null when it has none. */
  private static List<Object> list(ParquetRowBatch.Lists l, int r) {
    int n = l.length(r);
    if (n < 0) {
      return null;
    }
    List<Object> out = new ArrayList<>(n);
    for (int i = l.start(r); i < l.start(r) + n; i++) {
      out.add(l.text() ? l.binary(i).toStringUsingUTF8() : (Object) l.number(i));
    }
    return out;
  }
}
