package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Edge;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether the raw history's read lists support a WW or RW edge on a key read as a list
 * (Elle, Kingsbury and Alvaro, VLDB 2020, section 4.2), derived here again from the lists
 * themselves, sharing no code with the builder of the graph:
 * <ul>
 *   <li>WW a -> b: no read list of a committed reader shows b's append before a's, or b's
 *       without a's (appends in no list come after those in one; among themselves the
 *       certificate states the order);</li>
 *   <li>RW a -> b: a read the key as a list, none of b's appends is in it, and every read
 *       list that shows one of b's appends extends a's list.</li>
 * </ul>
 * O(total length of the key's read lists + ops of a and b).
 */
final class ListEvidence {
  private static final int APPEND = OpKind.APPEND.ordinal();

  private ListEvidence() {
  }

  /** True when a committed transaction read the key as a list. */
  static boolean isListKey(History h, int key) {
    for (Map.Entry<Integer, int[]> e : h.readLists().entrySet()) {
      if (h.opKey(e.getKey()) == key) {
        return true;
      }
    }
    return false;
  }

  /** Null when the read lists support the WW edge, else why not. */
  static String ww(History h, Edge e) {
    for (int[] list : lists(h, e.key())) {
      int a = firstOf(h, e.from(), e.key(), list);
      int b = firstOf(h, e.to(), e.key(), list);
      if (b >= 0 && (a < 0 || b < a)) {
        return "a read list of " + h.showKey(e.key()) + " shows " + h.showTxn(e.to()) + "'s append "
            + (a < 0 ? "without " : "before ") + h.showTxn(e.from()) + "'s";
      }
    }
    return null;
  }

  /** Null when the read lists support the RW edge, else why not. */
  static String rw(History h, Edge e) {
    int[] read = externalList(h, e.from(), e.key());
    if (read == null) {
      return h.showTxn(e.from()) + " read no list of " + h.showKey(e.key()) + " before writing it";
    }
    if (firstOf(h, e.to(), e.key(), read) >= 0) {
      return h.showTxn(e.from()) + "'s list of " + h.showKey(e.key()) + " holds " + h.showTxn(e.to())
          + "'s append";
    }
    for (int[] list : lists(h, e.key())) {
      if (firstOf(h, e.to(), e.key(), list) >= 0 && !extendsList(list, read)) {
        return "a read list of " + h.showKey(e.key()) + " shows " + h.showTxn(e.to())
            + "'s append but does not extend " + h.showTxn(e.from()) + "'s";
      }
    }
    return null;
  }

  /** The read lists of key by committed transactions. */
  private static List<int[]> lists(History h, int key) {
    List<int[]> out = new ArrayList<>();
    for (Map.Entry<Integer, int[]> e : h.readLists().entrySet()) {
      int o = e.getKey();
      if (h.opKey(o) == key && h.isCommitted(h.txnOfOp(o))) {
        out.add(e.getValue());
      }
    }
    return out;
  }

  /** The list t read of key before writing it (the value, the last element, as the edge's). */
  private static int[] externalList(History h, int t, int key) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) != key) {
        continue;
      }
      if (h.opKind(o).installsVersion()) {
        return null;
      }
      if (h.readList(o) != null) {
        return h.readList(o);
      }
    }
    return null;
  }

  private static boolean extendsList(int[] longer, int[] prefix) {
    if (longer.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (longer[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /** The position in list of the first element t appended to key, or -1. */
  private static int firstOf(History h, int t, int key, int[] list) {
    for (int i = 0; i < list.length; i++) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKindOrdinal(o) == APPEND && h.opKey(o) == key && h.opValue(o) == list[i]) {
          return i;
        }
      }
    }
    return -1;
  }
}
