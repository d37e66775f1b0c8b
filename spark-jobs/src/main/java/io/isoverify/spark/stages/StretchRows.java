package io.isoverify.spark.stages;

import io.isoverify.history.IndexSort;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.List;

/**
 * Stretches ({@link Stretches}) in columns, what the transaction job shuffles: a map task's
 * stretches for one reduce partition (a chunk of at most {@link #CHUNK}), or on the reduce
 * side a partition's chunks {@link #merge}d and {@link #sorted} by (transaction, file, row).
 * Per stretch i: it stands for rows {@code row[i] .. row[i]+count[i]-1} of file
 * {@code file[i]}, at operation positions {@code opPos[i] ..}, of transaction {@code txn[i]}
 * with its session (a number, or text when the history's sessions are strings), position
 * in the session, outcome ordinal and timestamps (History.NO_TIME when null). Serialized as
 * varints ({@link VarintColumns}; rows, transaction ids and timestamps as differences) besides
 * the text sessions.
 */
final class StretchRows implements SplitChunks.Chunk, Serializable {
  private static final long serialVersionUID = 1L;
  static final int CHUNK = 1 << 14;

  int size;
  transient int[] file;
  transient long[] row;
  transient int[] count;
  transient long[] txn;
  transient long[] session;
  /** Text sessions, or null; they cross the shuffle as a dictionary ({@link #writeObject}). */
  transient String[] textSession;
  transient int[] pos;
  transient int[] opPos;
  transient byte[] outcome;
  transient long[] start;
  transient long[] end;

  StretchRows(int capacity, boolean textSessions) {
    file = new int[capacity];
    row = new long[capacity];
    count = new int[capacity];
    txn = new long[capacity];
    session = textSessions ? null : new long[capacity];
    textSession = textSessions ? new String[capacity] : null;
    pos = new int[capacity];
    opPos = new int[capacity];
    outcome = new byte[capacity];
    start = new long[capacity];
    end = new long[capacity];
  }

  /**
   * The first {@link #size} stretches' primitive columns as varints, in field order, the text
   * sessions as a dictionary and codes ({@link VarintColumns#writeTexts}).
   */
  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    out.writeBoolean(textSession != null);
    VarintColumns v = new VarintColumns();
    v.write(file, size);
    v.write(row, size, true);
    v.write(count, size);
    v.write(txn, size, true);
    if (session != null) {
      v.write(session, size, false);
    } else {
      v.writeTexts(textSession, size);
    }
    v.write(pos, size);
    v.write(opPos, size);
    int[] o = new int[size];
    for (int i = 0; i < size; i++) {
      o[i] = outcome[i];
    }
    v.write(o, size);
    v.write(start, size, true);
    v.write(end, size, true);
    out.writeInt(v.length());
    out.write(v.bytes(), 0, v.length());
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    boolean textSessions = in.readBoolean();
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    VarintColumns v = new VarintColumns(bytes);
    file = v.readInts(size);
    row = v.readLongs(size, true);
    count = v.readInts(size);
    txn = v.readLongs(size, true);
    session = textSessions ? null : v.readLongs(size, false);
    textSession = textSessions ? v.readTexts(size) : null;
    pos = v.readInts(size);
    opPos = v.readInts(size);
    int[] o = v.readInts(size);
    outcome = new byte[size];
    for (int i = 0; i < size; i++) {
      outcome[i] = (byte) o[i];
    }
    start = v.readLongs(size, true);
    end = v.readLongs(size, true);
  }

  @Override
  public boolean full() {
    return size == file.length;
  }

  @Override
  public int size() {
    return size;
  }

  /** Stretch i's session: a Long, or a String. */
  Object session(int i) {
    return textSession != null ? textSession[i] : (Object) session[i];
  }

  /** The chunks of one reduce partition as one block. */
  static StretchRows merge(List<StretchRows> chunks, boolean textSessions) {
    int n = 0;
    for (StretchRows c : chunks) {
      n += c.size;
    }
    StretchRows m = new StretchRows(n, textSessions);
    for (StretchRows c : chunks) {
      int at = m.size;
      int k = c.size;
      System.arraycopy(c.file, 0, m.file, at, k);
      System.arraycopy(c.row, 0, m.row, at, k);
      System.arraycopy(c.count, 0, m.count, at, k);
      System.arraycopy(c.txn, 0, m.txn, at, k);
      if (textSessions) {
        System.arraycopy(c.textSession, 0, m.textSession, at, k);
      } else {
        System.arraycopy(c.session, 0, m.session, at, k);
      }
      System.arraycopy(c.pos, 0, m.pos, at, k);
      System.arraycopy(c.opPos, 0, m.opPos, at, k);
      System.arraycopy(c.outcome, 0, m.outcome, at, k);
      System.arraycopy(c.start, 0, m.start, at, k);
      System.arraycopy(c.end, 0, m.end, at, k);
      m.size += k;
    }
    return m;
  }

  /**
   * The stretches by transaction, then by (file, row): two stable primitive sorts,
   * O(n log n).
   */
  int[] sorted() {
    int n = size;
    long[] where = new long[n];
    for (int i = 0; i < n; i++) {
      where[i] = FileIndex.position(file[i], row[i]);
    }
    int[] byWhere = IndexSort.byKey(where, n);
    long[] txnByWhere = new long[n];
    for (int j = 0; j < n; j++) {
      txnByWhere[j] = txn[byWhere[j]];
    }
    int[] byTxn = IndexSort.byKey(txnByWhere, n);
    int[] order = new int[n];
    for (int j = 0; j < n; j++) {
      order[j] = byWhere[byTxn[j]];
    }
    return order;
  }
}
