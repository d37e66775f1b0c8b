package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.HashSet;
import java.util.Set;

/**
 * Re-validates the certificates of Elle's list-append anomalies found without search
 * (Kingsbury and Alvaro, VLDB 2020, 4.2) against the raw read lists:
 * <ul>
 *   <li>IncompatibleOrder: its two operations are list reads of its key by transactions that
 *       did not abort, and neither list is a prefix of the other;</li>
 *   <li>DuplicateElements: its operation is a list read of its key that holds an element
 *       twice.</li>
 * </ul>
 * O(length of the lists).
 */
public final class ListAnomalyCheck {
  private ListAnomalyCheck() {
  }

  /** True for the anomalies this class re-validates. */
  public static boolean covers(Anomaly a) {
    return a == Anomaly.INCOMPATIBLE_ORDER || a == Anomaly.DUPLICATE_ELEMENTS;
  }

  public static Check check(History h, Certificate c) {
    int key = c.keys()[0];
    for (int o : c.ops()) {
      if (o < 0 || o >= h.opCount() || h.readList(o) == null || h.opKey(o) != key
          || h.isAborted(h.txnOfOp(o))) {
        return Check.rejected("operation " + o + " is not a list read of "
            + h.showKey(key) + " by a transaction that did not abort");
      }
    }
    if (c.anomaly() == Anomaly.INCOMPATIBLE_ORDER) {
      int[] a = h.readList(c.ops()[0]);
      int[] b = h.readList(c.ops()[1]);
      int common = Math.min(a.length, b.length);
      for (int i = 0; i < common; i++) {
        if (a[i] != b[i]) {
          return Check.ok();
        }
      }
      return Check.rejected("one of the two read lists of " + h.showKey(key)
          + " is a prefix of the other");
    }
    if (c.anomaly() == Anomaly.DUPLICATE_ELEMENTS) {
      Set<Integer> seen = new HashSet<>();
      for (int v : h.readList(c.ops()[0])) {
        if (!seen.add(v)) {
          return Check.ok();
        }
      }
      return Check.rejected("the read list of " + h.showKey(key) + " holds no element twice");
    }
    return Check.rejected(c.anomaly().displayName() + " is not a list-append anomaly");
  }
}
