package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.OpKind;
import java.util.Arrays;

/**
 * List-append reads (Elle, Kingsbury and Alvaro, VLDB 2020, section 4.2) replayed on a
 * witness: a read list must be exactly the appends to its key by the transactions the reader
 * sees, in commit order (each one's in program order), then the reader's own earlier
 * appends. Used by {@link SerialReplay} (a transaction sees every earlier commit) and
 * {@link SnapshotReplay} (those before its start point).
 *
 * <p>History's read lists are prefixes of shared arrays; how far a shared array agrees with
 * its key's appends in commit order is measured once (until another array of the key comes),
 * so a read whose seen appends lie within that agreement costs a binary search and its own
 * transaction's operations; any other read is compared element by element, as it would be
 * without the shortcut. O(log appends of the key + operations of the reader) per read, plus
 * O(length) per shared array a key's reads switch to and per read outside the agreement.
 * Not thread-safe (the measurements): each thread replays with its own {@link #forThread}.
 */
final class ListReplay {
  private static final int APPEND = OpKind.APPEND.ordinal();

  private final History h;
  /** Per key, the commit positions and values of its appends in commit order. */
  private final int[][] position;
  private final int[][] value;
  /** Per key, the shared array measured last, and its agreement with value[k]. */
  private final int[][] measured;
  private final int[] agreement;

  /** Another replay of the same appends, with its own measurements: for another thread. */
  private ListReplay(ListReplay shared) {
    h = shared.h;
    position = shared.position;
    value = shared.value;
    measured = new int[position.length][];
    agreement = new int[position.length];
  }

  /** A replay of the same appends whose measurements are its own: one per thread. */
  ListReplay forThread() {
    return new ListReplay(this);
  }

  ListReplay(History h, int[] commitOrder) {
    this.h = h;
    int keys = h.keys().size();
    int[] count = new int[keys];
    for (int t : commitOrder) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKindOrdinal(o) == APPEND) {
          count[h.opKey(o)]++;
        }
      }
    }
    position = new int[keys][];
    value = new int[keys][];
    for (int k = 0; k < keys; k++) {
      position[k] = new int[count[k]];
      value[k] = new int[count[k]];
    }
    measured = new int[keys][];
    agreement = new int[keys];
    Arrays.fill(count, 0);
    for (int p = 0; p < commitOrder.length; p++) {
      int t = commitOrder[p];
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKindOrdinal(o) == APPEND) {
          int k = h.opKey(o);
          position[k][count[k]] = p;
          value[k][count[k]++] = h.opValue(o);
        }
      }
    }
  }

  /**
   * Null when read o of t (a list read) returned what t sees after the first {@code seen}
   * commits, else why not.
   */
  String problem(int t, int o, int seen) {
    int[] list = h.readListShared(o);
    int length = h.readListLength(o);
    int k = h.opKey(o);
    int i = 0;
    // how many of the key's appends, by ascending commit position, come before seen
    int before = IndexSort.firstAtLeast(position[k], 0, position[k].length, seen);
    if (before <= length && before <= agreement(k, list)) {
      i = before; // list[0..before) agrees with the first appends in commit order
    } else {
      for (int j = 0; j < position[k].length && position[k][j] < seen; j++) {
        if (i >= length || list[i++] != value[k][j]) {
          return mismatch(t, o, i - 1);
        }
      }
    }
    for (int p = h.firstOp(t); p < o; p++) {
      if (h.opKindOrdinal(p) == APPEND && h.opKey(p) == k) {
        if (i >= length || list[i++] != h.opValue(p)) {
          return mismatch(t, o, i - 1);
        }
      }
    }
    return i == length ? null : mismatch(t, o, i);
  }

  /** How many leading elements of {@code list} (a shared array of key k) agree with value[k]. */
  private int agreement(int k, int[] list) {
    if (measured[k] != list) {
      int[] v = value[k];
      int bound = Math.min(list.length, v.length);
      int m = Arrays.mismatch(list, 0, bound, v, 0, bound);
      measured[k] = list;
      agreement[k] = m < 0 ? bound : m;
    }
    return agreement[k];
  }

  private String mismatch(int t, int o, int at) {
    return h.showTxn(t) + " read " + h.showKey(h.opKey(o)) + " as a list of "
        + h.readList(o).length + " elements, but in the witness it sees another list (they differ "
        + "at element " + Math.max(at, 0) + ")";
  }
}
