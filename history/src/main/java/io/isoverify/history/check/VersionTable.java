package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.OpKind;
import io.isoverify.history.check.PredicateObservations.Row;
import java.util.Arrays;

/**
 * The row versions of a history as the predicate reads see them (vbox): per key, the
 * non-aborted transactions that write it, ascending, each with the state of every tested
 * field (its writes of the key folded as into a {@link Row}: set to a value, absent, or
 * inherited) and the value of its last write of the key; and, per field some predicate
 * tests, the versions that set that field sorted by the value they set, so that the keys with
 * a version in a range are found by binary search. Compressed rows of primitive arrays (key
 * {@code y}'s versions are {@code first(y) .. end(y) - 1}). Built in O(operations + fields x
 * versions log versions); used by {@link PredicateObservationBuilder}.
 */
final class VersionTable {
  private final int[] start;
  private final int[] txn;
  private final int[] value;
  /** The fields predicates test, ascending. */
  private final long[] fields;
  /** Per field index: the versions that set the field, by value: value, key, writer. */
  private final long[][] byValue;
  private final int[][] byValueKey;
  private final int[][] byValueTxn;
  /** Per field index and key (CSR by key): the values its versions set, ascending, and writers. */
  private final int[][] keyValueStart;
  private final long[][] keyValue;
  private final int[][] keyValueTxn;
  /**
   * Per field index and version: {@link #INHERITS}, {@link #SETS} (to {@code setTo[f][at]})
   * or {@link #ABSENT} (deleted, or started afresh without the field): the predicate's θ on
   * the version.
   */
  private final byte[][] fieldState;
  private final long[][] setTo;
  static final byte INHERITS = 0;
  static final byte SETS = 1;
  static final byte ABSENT = 2;

  VersionTable(History h) {
    int keys = h.keys().size();
    int[] mark = new int[keys];
    int[] count = new int[keys + 1];
    for (int t = 0; t < h.txnCount(); t++) {
      if (!h.isAborted(t)) {
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          int y = h.opKey(o);
          if (h.opKind(o).installsVersion() && mark[y] != t + 1) {
            mark[y] = t + 1;
            count[y + 1]++;
          }
        }
      }
    }
    start = new int[keys + 1];
    for (int y = 0; y < keys; y++) {
      start[y + 1] = start[y] + count[y + 1];
    }
    int n = start[keys];
    txn = new int[n];
    value = new int[n];
    fields = h.predicates().values().stream().mapToLong(p -> p.field()).distinct().sorted()
        .toArray();
    fieldState = new byte[fields.length][n];
    setTo = new long[fields.length][n];
    boolean[] deleted = new boolean[n];
    int[] next = Arrays.copyOf(start, keys);
    int[] slot = new int[keys];
    Arrays.fill(mark, 0);
    for (int t = 0; t < h.txnCount(); t++) {
      if (h.isAborted(t)) {
        continue;
      }
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        OpKind k = h.opKind(o);
        if (!k.installsVersion()) {
          continue;
        }
        int y = h.opKey(o);
        if (mark[y] != t + 1) {
          mark[y] = t + 1;
          slot[y] = next[y]++;
          txn[slot[y]] = t;
        }
        int at = slot[y];
        apply(h, o, k, at, deleted);
        value[at] = h.opValue(o);
      }
    }
    byValue = new long[fields.length][];
    byValueKey = new int[fields.length][];
    byValueTxn = new int[fields.length][];
    keyValueStart = new int[fields.length][];
    keyValue = new long[fields.length][];
    keyValueTxn = new int[fields.length][];
    for (int f = 0; f < fields.length; f++) {
      index(f, keys);
      indexByKey(f, keys);
    }
  }

  /**
   * Folds write o (of kind k) into version {@code at}'s field states as {@link Row#after}
   * folds it into a row: a delete leaves every field absent; an insert, or a write after the
   * transaction's own delete, starts the row afresh (the fields it does not set are absent);
   * another write sets its fields and leaves the others as they were (inherited until the
   * transaction fixes them).
   */
  private void apply(History h, int o, OpKind k, int at, boolean[] deleted) {
    boolean scratch = k == OpKind.INSERT || (k != OpKind.DELETE && deleted[at]);
    for (int f = 0; f < fields.length; f++) {
      int i = k == OpKind.DELETE ? -1 : h.writtenFieldSlot(o, fields[f]);
      if (i >= 0) {
        fieldState[f][at] = SETS;
        setTo[f][at] = h.writtenFieldValue(i);
      } else if (k == OpKind.DELETE || scratch) {
        fieldState[f][at] = ABSENT;
      }
    }
    deleted[at] = k == OpKind.DELETE;
  }

  /**
   * True when version {@code at} fixes field index {@code f} (it sets it, or starts the row
   * afresh): {@link PredicateObservations#defines} on its row, O(1).
   */
  boolean defines(int f, int at) {
    return fieldState[f][at] != INHERITS;
  }

  /**
   * θ of the range [low, high] on field index {@code f} of version {@code at}: 1 true, 0
   * false, -1 inherited ({@link PredicateObservations#matches} on its row), O(1).
   */
  int matches(int f, int at, long low, long high) {
    byte s = fieldState[f][at];
    if (s == SETS) {
      long v = setTo[f][at];
      return v >= low && v <= high ? 1 : 0;
    }
    return s == ABSENT ? 0 : -1;
  }

  /** The value version {@code at} sets field index {@code f} to (meaningful when it sets it). */
  long setTo(int f, int at) {
    return setTo[f][at];
  }

  /** Per key, the values its versions set for field {@code fields[f]}, sorted. */
  private void indexByKey(int f, int keys) {
    byte[] state = fieldState[f];
    int[] from = new int[keys + 1];
    for (int y = 0; y < keys; y++) {
      from[y + 1] = from[y];
      for (int at = start[y]; at < start[y + 1]; at++) {
        from[y + 1] += state[at] == SETS ? 1 : 0;
      }
    }
    long[] v = new long[from[keys]];
    int[] w = new int[v.length];
    for (int y = 0; y < keys; y++) {
      int n = from[y];
      for (int at = start[y]; at < start[y + 1]; at++) {
        if (state[at] == SETS) {
          v[n] = setTo[f][at];
          w[n++] = txn[at];
        }
      }
      sort(v, w, from[y], n - 1);
    }
    keyValueStart[f] = from;
    keyValue[f] = v;
    keyValueTxn[f] = w;
  }

  /**
   * True when a version of key y by a transaction other than {@code except} sets field
   * {@code field} to a value in [low, high] (that version matches the predicate).
   */
  boolean matchedByOther(long field, int y, long low, long high, int except) {
    int f = fieldIndex(field);
    long[] v = keyValue[f];
    int end = keyValueStart[f][y + 1];
    int lo = IndexSort.firstAtLeast(v, keyValueStart[f][y], end, low);
    for (int i = lo; i < end && v[i] <= high; i++) {
      if (keyValueTxn[f][i] != except) {
        return true;
      }
    }
    return false;
  }

  /** Sorts the versions that set field {@code fields[f]} by the value they set. */
  private void index(int f, int keys) {
    byte[] state = fieldState[f];
    int n = 0;
    for (byte b : state) {
      n += b == SETS ? 1 : 0;
    }
    long[] v = new long[n];
    int[] at = new int[n];
    n = 0;
    for (int i = 0; i < state.length; i++) {
      if (state[i] == SETS) {
        v[n] = setTo[f][i];
        at[n++] = i;
      }
    }
    sort(v, at, 0, n - 1);
    int[] key = new int[n];
    int[] writer = new int[n];
    int[] keyOfVersion = new int[state.length];
    for (int k = 0; k < keys; k++) {
      Arrays.fill(keyOfVersion, start[k], start[k + 1], k);
    }
    for (int i = 0; i < n; i++) {
      key[i] = keyOfVersion[at[i]];
      writer[i] = txn[at[i]];
    }
    byValue[f] = v;
    byValueKey[f] = key;
    byValueTxn[f] = writer;
  }

  /** The number of distinct fields the predicates test. */
  int fieldCount() {
    return fields.length;
  }

  /** The field with index {@code f}. */
  long field(int f) {
    return fields[f];
  }

  /** The index of a field some predicate tests. */
  int fieldIndex(long field) {
    return Arrays.binarySearch(fields, field);
  }

  boolean written(int y) {
    return start[y] < start[y + 1];
  }

  int first(int y) {
    return start[y];
  }

  int end(int y) {
    return start[y + 1];
  }

  int txn(int at) {
    return txn[at];
  }

  /** The value code of the version's transaction's last write of its key. */
  int value(int at) {
    return value[at];
  }

  /**
   * Adds to {@code out} the key of every version, by a transaction other than {@code except},
   * that sets {@code field} to a value in [low, high] (a key once per such version).
   */
  void keysInRange(long field, long low, long high,
      int except, IntList out) {
    int f = fieldIndex(field);
    long[] v = byValue[f];
    int lo = IndexSort.firstAtLeast(v, 0, v.length, low);
    for (int i = lo; i < v.length && v[i] <= high; i++) {
      if (byValueTxn[f][i] != except) {
        out.add(byValueKey[f][i]);
      }
    }
  }

  /** Sorts v[lo..hi] ascending, carrying at[] along (quicksort, median of three). */
  static void sort(long[] v, int[] at, int lo, int hi) {
    while (hi - lo > 16) {
      int mid = (lo + hi) >>> 1;
      if (v[mid] < v[lo]) {
        swap(v, at, mid, lo);
      }
      if (v[hi] < v[lo]) {
        swap(v, at, hi, lo);
      }
      if (v[hi] < v[mid]) {
        swap(v, at, hi, mid);
      }
      long pivot = v[mid];
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (v[i] < pivot) {
          i++;
        }
        while (v[j] > pivot) {
          j--;
        }
        if (i <= j) {
          swap(v, at, i++, j--);
        }
      }
      if (j - lo < hi - i) {
        sort(v, at, lo, j);
        lo = i;
      } else {
        sort(v, at, i, hi);
        hi = j;
      }
    }
    for (int i = lo + 1; i <= hi; i++) {
      for (int j = i; j > lo && v[j] < v[j - 1]; j--) {
        swap(v, at, j, j - 1);
      }
    }
  }

  private static void swap(long[] v, int[] at, int i, int j) {
    long x = v[i];
    v[i] = v[j];
    v[j] = x;
    int a = at[i];
    at[i] = at[j];
    at[j] = a;
  }
}
