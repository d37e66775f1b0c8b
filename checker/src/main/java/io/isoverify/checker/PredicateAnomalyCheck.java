package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;

/**
 * Re-checks a PredicateMismatch certificate (vbox, found without search) on the raw history:
 * its first operation is a predicate read of its committed transaction; with a second one,
 * one of the operations that follow it as its result, on the certificate's key, and no
 * transaction other than the reader that did not abort has a version of the key that sets
 * the tested field to a value in range: a version that does not set it inherits the value of
 * one before it (or the row's absence), so no version of the key ever matches; without, the
 * transaction's own writes of the key before it fix the field so that the predicate
 * disagrees with whether it returned the key. O(ops of the history).
 */
public final class PredicateAnomalyCheck {
  private PredicateAnomalyCheck() {
  }

  /** True for the certificates this check re-validates. */
  public static boolean covers(Anomaly a) {
    return a == Anomaly.PREDICATE_MISMATCH;
  }

  public static Check check(History h, Certificate c) {
    int t = c.txns()[0];
    int key = c.keys()[0];
    int o = c.ops()[0];
    PredicateRead p = o >= 0 && o < h.opCount() ? h.predicate(o) : null;
    if (p != null && c.ops().length == 1 && h.txnOfOp(o) == t && h.isCommitted(t)) {
      int own = PredicateEvidence.ownMatches(h, t, key, p, o);
      return own >= 0 && (own == 1) != PredicateEvidence.returns(h, o, p, key) ? Check.ok()
          : Check.rejected("the predicate read of " + h.showTxn(t) + " agrees with its own "
              + "earlier write of " + h.showKey(key));
    }
    int r = c.ops().length > 1 ? c.ops()[1] : -1;
    if (p == null || h.txnOfOp(o) != t || !h.isCommitted(t) || r <= o || r > o + p.matched()
        || h.opKey(r) != key) {
      return Check.rejected("the certificate does not name a committed transaction's predicate "
          + "read and one of the rows it returned");
    }
    for (int w = 0; w < h.txnCount(); w++) {
      if (w != t && !h.isAborted(w) && PredicateEvidence.matches(h, w, key, p) == 1) {
        return Check.rejected(h.showTxn(w) + "'s version of " + h.showKey(key)
            + " matches the predicate read of " + h.showTxn(t));
      }
    }
    return Check.ok();
  }
}
