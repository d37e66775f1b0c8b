package io.isoverify.datasets.sim;

import io.isoverify.history.Dictionary;
import io.isoverify.datasets.workload.TxnPlan;
import java.util.Arrays;

/**
 * The multi-version key-value state of the simulated database. Each key has a chain of
 * committed versions, newest first; a version is a (value, commit tick) pair in a pool of
 * primitive arrays recycled through a free list, so no object is made per version.
 *
 * <p>Invariant: for every tick {@code ts >= horizon} passed to the last {@link #install}
 * of a key, the chain still holds the newest version with commit tick {@code <= ts}.
 * Older versions are freed when the key is next written, so memory is the number of keys
 * touched plus the versions written since the horizon: bounded for any history length.
 * A list (Elle's list-append) is a key whose versions are its elements: its installs pass
 * the horizon {@code Long.MIN_VALUE}, which keeps them all, until {@link #forget} frees the
 * key when it is retired.
 *
 * <p>Rows (predicate workloads): a version installed by {@link #installRow} also holds the
 * row's {@link TxnPlan#ROW_FIELDS} field values, indexed by value in a {@link RowIndex} while
 * the version is held, so that a predicate read finds its candidate rows by range. A version
 * installed by {@link #installTombstone} is a deleted row (SQL's {@code DELETE}): the row is
 * absent at the ticks that version shows ({@link #deleted}); it has no fields and no index
 * entry, so no range finds it, while the row's older versions stay readable by older
 * snapshots for as long as they are held.
 */
final class VersionStore {
  /** The value of a key's initial state (no transaction wrote it). */
  static final long INITIAL = -1;
  private static final int NIL = -1;

  private final Dictionary slots = new Dictionary();
  /** slot -> newest version, or NIL. */
  private int[] head = new int[1024];
  private long[] value = new long[1024];
  private long[] commit = new long[1024];
  /** version -> the next older version of the same key, or the next free version. */
  private int[] next = new int[1024];
  /** version -> its row fields (ROW_FIELDS per version), when rowVersion. */
  private long[] rowField = new long[1024 * TxnPlan.ROW_FIELDS];
  private boolean[] rowVersion = new boolean[1024];
  /** version -> it is a deleted row (a tombstone). */
  private boolean[] tombstone = new boolean[1024];
  private final RowIndex rows = new RowIndex();
  private int freeList = NIL;
  private int poolUsed;
  private int live;

  VersionStore() {
    Arrays.fill(head, NIL);
  }

  /** The value of the key's newest committed version, or INITIAL. */
  long latest(long key) {
    int v = newest(key);
    return v == NIL ? INITIAL : value[v];
  }

  /** The commit tick of the key's newest version, or Long.MIN_VALUE when it has none. */
  long latestCommit(long key) {
    int v = newest(key);
    return v == NIL ? Long.MIN_VALUE : commit[v];
  }

  /** The value of the newest version committed at or before {@code ts}, or INITIAL. */
  long readAt(long key, long ts) {
    for (int v = newest(key); v != NIL; v = next[v]) {
      if (commit[v] <= ts) {
        return value[v];
      }
    }
    return INITIAL;
  }

  /** How many versions of the key were committed at or before {@code ts}. O(versions held). */
  int countAt(long key, long ts) {
    int n = 0;
    for (int v = newest(key); v != NIL; v = next[v]) {
      if (commit[v] <= ts) {
        n++;
      }
    }
    return n;
  }

  /**
   * Writes the values of the key's {@code n} versions committed at or before {@code ts}
   * ({@code n} from {@link #countAt}), oldest first, into {@code dest[from .. from+n-1]}: the
   * list a read at {@code ts} sees when every version is an appended element.
   */
  void valuesAt(long key, long ts, long[] dest, int from, int n) {
    int i = from + n;
    for (int v = newest(key); v != NIL && i > from; v = next[v]) {
      if (commit[v] <= ts) {
        dest[--i] = value[v];
      }
    }
  }

  /**
   * The version of {@code key} a read at {@code ts} sees (Long.MAX_VALUE: the newest), or -1
   * when there is none (the initial state); for {@link #versionValue} and {@link #field}.
   */
  int versionAt(long key, long ts) {
    for (int v = newest(key); v != NIL; v = next[v]) {
      if (commit[v] <= ts) {
        return v;
      }
    }
    return NIL;
  }

  long versionValue(int version) {
    return value[version];
  }

  /** Field {@code f} (1 .. ROW_FIELDS) of a row version. */
  long field(int version, int f) {
    return rowField[version * TxnPlan.ROW_FIELDS + f - 1];
  }

  /** True when {@code version} is a deleted row: the row is absent where it is shown. */
  boolean deleted(int version) {
    return tombstone[version];
  }

  /** The row index of the held row versions. */
  RowIndex rows() {
    return rows;
  }

  /** As {@link #install}, for a row version whose fields are {@code fields[from ..]}. */
  void installRow(long key, long newValue, long commitTick, long horizon, long[] fields,
      int from) {
    install(key, newValue, commitTick, horizon);
    int v = head[slots.find(key)];
    rowVersion[v] = true;
    for (int f = 0; f < TxnPlan.ROW_FIELDS; f++) {
      rowField[v * TxnPlan.ROW_FIELDS + f] = fields[from + f];
      rows.add(f + 1, fields[from + f], key);
    }
  }

  /**
   * As {@link #install}, for the deletion of row {@code key}: a new newest version (value
   * {@code newValue}, unique as every written value) that says the row is absent.
   */
  void installTombstone(long key, long newValue, long commitTick, long horizon) {
    install(key, newValue, commitTick, horizon);
    tombstone[head[slots.find(key)]] = true;
  }

  /** Frees every version of the key, which no snapshot will read again. */
  void forget(long key) {
    int slot = slots.find(key);
    if (slot < 0) {
      return;
    }
    int v = head[slot];
    head[slot] = NIL;
    while (v != NIL) {
      int after = next[v];
      free(v, key);
      v = after;
    }
  }

  /**
   * Installs a new newest version of {@code key} and frees the versions that no snapshot at
   * a tick {@code >= horizon} can still read.
   */
  void install(long key, long newValue, long commitTick, long horizon) {
    int slot = slots.encode(key);
    if (slot == head.length) {
      int n = head.length * 2;
      head = Arrays.copyOf(head, n);
      Arrays.fill(head, slot, n, NIL);
    }
    int v = allocate();
    value[v] = newValue;
    commit[v] = commitTick;
    next[v] = head[slot];
    head[slot] = v;
    // Keep versions down to the first one a snapshot at the horizon reads; free the rest.
    int keep = v;
    while (commit[keep] > horizon && next[keep] != NIL) {
      keep = next[keep];
    }
    int drop = next[keep];
    next[keep] = NIL;
    while (drop != NIL) {
      int after = next[drop];
      free(drop, key);
      drop = after;
    }
  }

  /** The number of versions held, for the generator's memory figures. */
  int liveVersions() {
    return live;
  }

  private int newest(long key) {
    int slot = slots.find(key);
    return slot < 0 ? NIL : head[slot];
  }

  private void free(int v, long key) {
    tombstone[v] = false;
    if (rowVersion[v]) {
      rowVersion[v] = false;
      for (int f = 0; f < TxnPlan.ROW_FIELDS; f++) {
        rows.remove(f + 1, rowField[v * TxnPlan.ROW_FIELDS + f], key);
      }
    }
    next[v] = freeList;
    freeList = v;
    live--;
  }

  private int allocate() {
    live++;
    if (freeList != NIL) {
      int v = freeList;
      freeList = next[v];
      return v;
    }
    if (poolUsed == value.length) {
      int n = poolUsed * 2;
      value = Arrays.copyOf(value, n);
      commit = Arrays.copyOf(commit, n);
      next = Arrays.copyOf(next, n);
      rowField = Arrays.copyOf(rowField, n * TxnPlan.ROW_FIELDS);
      rowVersion = Arrays.copyOf(rowVersion, n);
      tombstone = Arrays.copyOf(tombstone, n);
    }
    return poolUsed++;
  }
}
