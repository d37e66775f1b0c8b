package io.isoverify.spark.stages;

import io.isoverify.history.IndexSort;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Keyed operations in columns, what the per-key job shuffles ({@link KeyStage}): a map
 * task's rows for one reduce partition (a chunk of at most {@link #CHUNK} rows), or, on the
 * reduce side, all of a partition's chunks {@link #merge}d, {@link #sorted} by key and
 * operation. Per row i: the file's transaction id {@code rawTxn[i]} and the operation's
 * position in it {@code opPos[i]} (the map side runs before the transactions have their dense
 * ids), on the reduce side also the dense transaction {@code txn[i]} and operation
 * {@code op[i]} ({@link #resolve}), the kind ({@code OpKind} ordinal), where it is in the input ({@link FileIndex#position}),
 * the key (a number, or text when the history's keys are strings), the value (absent: the
 * initial state; a number or text), and with read lists the list read (null: none).
 * Java-serialized as one byte array of varints ({@link VarintColumns}: the ids and file
 * positions as differences, which mostly ascend in a chunk) besides the text and list
 * columns: no object per row in the shuffle, and fewer bytes than the arrays' 38 per row
 * (the general 1M history's read stage wrote 121 MB of shuffle, compressed, against 227 MB).
 */
final class KeyedRows implements SplitChunks.Chunk, Serializable {
  private static final long serialVersionUID = 1L;
  /** Rows per map-side chunk: bounds a map task's memory whatever the split's size. */
  static final int CHUNK = 1 << 15;

  int size;
  transient long[] rawTxn;
  transient int[] opPos;
  /** Dense ids, set by {@link #resolve} on a merged block. */
  transient int[] txn;
  transient int[] op;
  transient byte[] kind;
  transient long[] pos;
  /** Numeric keys and values; unused when the text arrays are not null. */
  transient long[] key;
  transient long[] value;
  /** Text keys and values, or null; they cross the shuffle as dictionaries ({@link #writeObject}). */
  transient String[] textKey;
  transient String[] textValue;
  /** Whether the row has a value (numbers; a text value is null when absent). */
  transient boolean[] valued;
  /**
   * Read lists as Long or String elements (null when the row has none); the array itself
   * is null until a row of the chunk has a list. Numeric ones cross the shuffle as varints
   * ({@link #writeObject}).
   */
  transient List<Object>[] list;
  /** How {@link #list} crosses Java serialization. */
  private static final byte NO_LISTS = 0;
  private static final byte NUMERIC_LISTS = 1;
  private static final byte OBJECT_LISTS = 2;

  /** An empty chunk of {@code capacity} rows. */
  @SuppressWarnings("unchecked")
  KeyedRows(int capacity, boolean textKeys, boolean textValues, boolean lists) {
    rawTxn = new long[capacity];
    opPos = new int[capacity];
    kind = new byte[capacity];
    pos = new long[capacity];
    if (textKeys) {
      textKey = new String[capacity];
    } else {
      key = new long[capacity];
    }
    if (textValues) {
      textValue = new String[capacity];
    } else {
      value = new long[capacity];
      valued = new boolean[capacity];
    }
    list = lists ? new List[capacity] : null;
  }

  @Override
  public boolean full() {
    return size == rawTxn.length;
  }

  /** Sets row i's read list, making the chunk's list array on the first one. */
  @SuppressWarnings("unchecked")
  void list(int i, List<Object> l) {
    if (list == null) {
      list = new List[rawTxn.length];
    }
    list[i] = l;
  }

  /**
   * The first {@link #size} rows of the primitive columns as varints, in this order: the
   * file's ids (differences), positions in the transaction, kind and whether valued, file
   * positions (differences), numeric keys, the values there are, then the dense ids when
   * resolved, then the text keys and values, each as a dictionary and codes ({@link
   * VarintColumns#writeTexts}). Which columns there are follows from three flags.
   */
  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    out.writeBoolean(txn != null);
    out.writeBoolean(textKey != null);
    out.writeBoolean(textValue != null);
    VarintColumns v = new VarintColumns();
    v.write(rawTxn, size, true);
    v.write(opPos, size);
    int[] flags = new int[size];
    for (int i = 0; i < size; i++) {
      flags[i] = kind[i] << 1 | (valued != null && valued[i] ? 1 : 0);
    }
    v.write(flags, size);
    v.write(pos, size, true);
    if (key != null) {
      v.write(key, size, false);
    }
    if (valued != null) {
      v.write(value, valued, size);
    }
    if (txn != null) {
      v.write(txn, size);
      v.write(op, size);
    }
    if (textKey != null) {
      v.writeTexts(textKey, size);
    }
    if (textValue != null) {
      v.writeTexts(textValue, size);
    }
    byte lists = list == null ? NO_LISTS : writeNumericLists(v) ? NUMERIC_LISTS : OBJECT_LISTS;
    out.writeByte(lists);
    out.writeInt(v.length());
    out.write(v.bytes(), 0, v.length());
    if (lists == OBJECT_LISTS) {
      out.writeObject(Arrays.copyOf(list, size));
    }
  }

  /**
   * Per row its list's length plus one (0: no list), then its elements as differences from
   * the one before (the first from 0): Java serialization of a list of Longs wrote an object
   * and a handle per element, most of the read stage's time on list-append histories. In one
   * pass; false, with {@code v} as it was, at the first element that is not a number.
   */
  private boolean writeNumericLists(VarintColumns v) {
    int mark = v.length();
    for (int i = 0; i < size; i++) {
      List<Object> l = list[i];
      v.writeLong(l == null ? 0 : l.size() + 1L);
      if (l instanceof LongElements numbers) {
        v.write(numbers.values, numbers.values.length, true);
      } else if (l != null) {
        long before = 0;
        for (Object e : l) {
          if (!(e instanceof Long)) {
            v.truncate(mark);
            return false;
          }
          long x = (Long) e;
          v.writeLong(x - before);
          before = x;
        }
      }
    }
    return true;
  }

  @SuppressWarnings("unchecked")
  private static List<Object>[] readNumericLists(VarintColumns v, int n) {
    List<Object>[] lists = new List[n];
    for (int i = 0; i < n; i++) {
      int m = (int) v.readLong() - 1;
      if (m >= 0) {
        lists[i] = new LongElements(v.readLongs(m, true));
      }
    }
    return lists;
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    boolean resolved = in.readBoolean();
    boolean textKeys = in.readBoolean();
    boolean textValues = in.readBoolean();
    byte lists = in.readByte();
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    VarintColumns v = new VarintColumns(bytes);
    rawTxn = v.readLongs(size, true);
    opPos = v.readInts(size);
    int[] flags = v.readInts(size);
    kind = new byte[size];
    boolean numbers = !textValues;
    valued = numbers ? new boolean[size] : null;
    for (int i = 0; i < size; i++) {
      kind[i] = (byte) (flags[i] >> 1);
      if (numbers) {
        valued[i] = (flags[i] & 1) != 0;
      }
    }
    pos = v.readLongs(size, true);
    key = textKeys ? null : v.readLongs(size, false);
    value = numbers ? v.readLongs(valued, size) : null;
    if (resolved) {
      txn = v.readInts(size);
      op = v.readInts(size);
    }
    textKey = textKeys ? v.readTexts(size) : null;
    textValue = textValues ? v.readTexts(size) : null;
    if (lists == NUMERIC_LISTS) {
      list = readNumericLists(v, size);
    } else if (lists == OBJECT_LISTS) {
      @SuppressWarnings("unchecked")
      List<Object>[] objects = (List<Object>[]) in.readObject();
      list = objects;
    }
  }

  /** Gives every row its dense transaction and operation ids. */
  void resolve(TxnIndex index, int[] opStart) {
    txn = new int[size];
    op = new int[size];
    for (int i = 0; i < size; i++) {
      int t = index.t(rawTxn[i]);
      txn[i] = t;
      op[i] = opStart[t] + opPos[i];
    }
  }

  @Override
  public int size() {
    return size;
  }

  boolean textKeys() {
    return textKey != null;
  }

  boolean textValues() {
    return textValue != null;
  }

  /**
   * The chunks of one reduce partition as one block (empty when there are none), with the
   * read lists when {@code lists}.
   */
  static KeyedRows merge(List<KeyedRows> chunks, boolean textKeys, boolean textValues,
      boolean lists) {
    int n = 0;
    for (KeyedRows c : chunks) {
      n += c.size;
    }
    KeyedRows m = new KeyedRows(n, textKeys, textValues, lists);
    for (KeyedRows c : chunks) {
      int at = m.size;
      System.arraycopy(c.rawTxn, 0, m.rawTxn, at, c.size);
      System.arraycopy(c.opPos, 0, m.opPos, at, c.size);
      System.arraycopy(c.kind, 0, m.kind, at, c.size);
      System.arraycopy(c.pos, 0, m.pos, at, c.size);
      if (textKeys) {
        System.arraycopy(c.textKey, 0, m.textKey, at, c.size);
      } else {
        System.arraycopy(c.key, 0, m.key, at, c.size);
      }
      if (textValues) {
        System.arraycopy(c.textValue, 0, m.textValue, at, c.size);
      } else {
        System.arraycopy(c.value, 0, m.value, at, c.size);
        System.arraycopy(c.valued, 0, m.valued, at, c.size);
      }
      if (lists && c.list != null) {
        System.arraycopy(c.list, 0, m.list, at, c.size);
      }
      m.size += c.size;
    }
    return m;
  }

  /**
   * Puts the rows in key order ({@link #sorted}), moving every column the per-key rules read
   * (the file's ids, no longer needed once {@link #resolve}d, are dropped), and returns each
   * row's key number in that order (equal for a key's rows, increasing with the key). The
   * rules then read the rows in turn: reading them through the order instead, one row's six
   * columns at a random place each, took about a quarter of the per-key job (general 1M).
   * One gather per column, O(n) with independent loads.
   */
  int[] inKeyOrder() {
    int n = size;
    int[] rank = new int[n];
    int[] order = sorted(rank);
    rawTxn = null;
    opPos = null;
    txn = gather(txn, order);
    op = gather(op, order);
    pos = gather(pos, order);
    // the two one-byte columns in one pass (valued: numbers only)
    byte[] k = new byte[n];
    boolean[] v = valued == null ? null : new boolean[n];
    for (int j = 0; j < n; j++) {
      int i = order[j];
      k[j] = kind[i];
      if (v != null) {
        v[j] = valued[i];
      }
    }
    kind = k;
    valued = v;
    if (textKey != null) {
      textKey = gather(textKey, order);
    } else {
      key = gather(key, order);
    }
    if (textValue != null) {
      textValue = gather(textValue, order);
    } else {
      value = gather(value, order);
    }
    if (list != null) {
      list = gather(list, order);
    }
    return gather(rank, order);
  }

  private static int[] gather(int[] column, int[] order) {
    int[] out = new int[order.length];
    for (int j = 0; j < order.length; j++) {
      out[j] = column[order[j]];
    }
    return out;
  }

  private static long[] gather(long[] column, int[] order) {
    long[] out = new long[order.length];
    for (int j = 0; j < order.length; j++) {
      out[j] = column[order[j]];
    }
    return out;
  }

  private static <T> T[] gather(T[] column, int[] order) {
    T[] out = Arrays.copyOf(column, order.length);
    for (int j = 0; j < order.length; j++) {
      out[j] = column[order[j]];
    }
    return out;
  }

  /**
   * When the numeric keys span at most a few times as many values as there are rows, sets
   * {@code rank[i]} to row i's key minus the least key (it increases with the key, as a rank
   * does, and the counting sort's table stays O(n)) and says so; else leaves it.
   */
  private boolean offsets(int[] rank) {
    int n = size;
    long[] range = IndexSort.range(key, n);
    long min = range[0];
    long span = range[1] - min; // negative when it overflows
    if (n == 0 || span < 0 || span > 4L * n + 1024) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      rank[i] = (int) (key[i] - min);
    }
    return true;
  }

  /**
   * The rows in key order (numbers ascending, text in String order), with {@code rank[i]}
   * a number of the key that increases with it (its rank, or its {@link #offsets}): a key's
   * rows are adjacent, in operation-id order once {@link #resolve}d
   * (else as they arrived), and the keys come in the same order however the chunks arrived
   * (the list rules' second pass relies on it). O(n) for keys that span O(n) values, else
   * O(n log n); a radix sort of the ids and O(n) for the rows.
   */
  private int[] sorted(int[] rank) {
    int n = size;
    if (textKeys()) {
      Map<String, Integer> id = new HashMap<>();
      List<String> distinct = new ArrayList<>();
      int[] local = new int[n];
      for (int i = 0; i < n; i++) {
        Integer k = id.putIfAbsent(textKey[i], distinct.size());
        if (k == null) {
          k = distinct.size();
          distinct.add(textKey[i]);
        }
        local[i] = k;
      }
      Integer[] byText = new Integer[distinct.size()];
      Arrays.setAll(byText, i -> i);
      Arrays.sort(byText, (a, b) -> distinct.get(a).compareTo(distinct.get(b)));
      int[] rankOf = new int[byText.length];
      for (int r = 0; r < byText.length; r++) {
        rankOf[byText[r]] = r;
      }
      for (int i = 0; i < n; i++) {
        rank[i] = rankOf[local[i]];
      }
    } else if (!offsets(rank)) {
      int[] byKey = IndexSort.byKey(key, n);
      int r = -1;
      for (int j = 0; j < n; j++) {
        if (j == 0 || key[byKey[j]] != key[byKey[j - 1]]) {
          r++;
        }
        rank[byKey[j]] = r;
      }
    }
    // a counting sort by rank over the rows in operation-id order (a radix sort: ids are
    // ints), stable: the key order, and each key's rows by id, so that the rules find them
    // sorted (KeyOps.sortByOp: sorting each key's block, the hot keys' hundreds of thousands
    // of operations among them, took a third of the per-key job's time on the 1M general
    // history, where the in-process engine's blocks arrive in id order)
    int[] byOp = null;
    if (op != null) {
      long[] ids = new long[n];
      for (int i = 0; i < n; i++) {
        ids[i] = op[i];
      }
      byOp = IndexSort.byKey(ids, n);
    }
    int keys = 0;
    for (int i = 0; i < n; i++) {
      keys = Math.max(keys, rank[i] + 1);
    }
    int[] start = new int[keys + 1];
    for (int i = 0; i < n; i++) {
      start[rank[i] + 1]++;
    }
    for (int k = 0; k < keys; k++) {
      start[k + 1] += start[k];
    }
    int[] order = new int[n];
    for (int j = 0; j < n; j++) {
      int i = byOp == null ? j : byOp[j];
      order[start[rank[i]]++] = i;
    }
    return order;
  }
}
