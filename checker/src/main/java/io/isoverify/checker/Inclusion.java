package io.isoverify.checker;

import io.isoverify.history.History;
import java.util.Arrays;

/**
 * Which transactions a witness order may hold: every committed one exactly once, no aborted
 * one, an unknown-outcome one at most once; and each session's transactions in session
 * order. O(n).
 */
final class Inclusion {
  private Inclusion() {
  }

  /** Rejects a bad order; else fills {@code position[t]} (-1 when t is left out). */
  static Check check(History h, int[] order, int[] position) {
    Arrays.fill(position, -1);
    for (int i = 0; i < order.length; i++) {
      int t = order[i];
      if (t < 0 || t >= h.txnCount()) {
        return Check.rejected("the witness names transaction index " + t + ", not in the history");
      }
      if (position[t] >= 0) {
        return Check.rejected("the witness holds " + h.showTxn(t) + " twice");
      }
      if (h.isAborted(t)) {
        return Check.rejected("the witness holds the aborted " + h.showTxn(t));
      }
      position[t] = i;
    }
    int lastOfSession = -1;
    for (int t = 0; t < h.txnCount(); t++) {
      if (t > 0 && h.session(t) != h.session(t - 1)) {
        lastOfSession = -1;
      }
      if (h.isCommitted(t) && position[t] < 0) {
        return Check.rejected("the witness leaves out the committed " + h.showTxn(t));
      }
      if (position[t] < 0) {
        continue;
      }
      if (lastOfSession >= 0 && position[lastOfSession] > position[t]) {
        return Check.rejected("the witness puts " + h.showTxn(t) + " before " + h.showTxn(lastOfSession)
            + ", which session " + h.sessionName(h.session(t)) + " ran first");
      }
      lastOfSession = t;
    }
    return Check.ok();
  }
}
