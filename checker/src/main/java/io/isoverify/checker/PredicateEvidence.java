package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;

/**
 * What a predicate read (vbox) shows about one key, read straight from the raw history: a
 * key it scanned but did not return was seen in a version on which its predicate is false
 * (an unknown θ-read, vbox section 2), one it returned in a version on which it is true. The version of a value is its installer's: the
 * fields its writes of the key set (an insert or a delete starts the row afresh; a field an
 * update does not set is inherited, so unknown here, and never taken as evidence). The
 * initial state is the row's absence: no predicate matches it. O(ops of the transactions).
 */
final class PredicateEvidence {
  private PredicateEvidence() {
  }

  /**
   * True when t read {@code value} of {@code key} from outside ({@link
   * Transactions#readExternally}), or a predicate read of t (before any write of t that
   * fixes the field it tests on the key) shows a version with that value: one on which the
   * predicate is true if it returned the key, false if not (the initial state: false), which
   * a transaction other than t that did not abort installed.
   */
  static boolean observedExternally(History h, int t, int key, int value) {
    if (Transactions.readExternally(h, t, key, value)) {
      return true;
    }
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      PredicateRead p = h.predicate(o);
      if (p == null || ownFixes(h, t, key, p.field(), o)) {
        continue;
      }
      int want = returns(h, o, p, key) ? 1 : 0;
      if (value == History.INITIAL && want == 0) {
        return true;
      }
      for (int w = 0; w < h.txnCount() && value != History.INITIAL; w++) {
        if (w != t && !h.isAborted(w) && Transactions.installed(h, w, key, value)
            && matches(h, w, key, p) == want) {
          return true;
        }
      }
    }
    return false;
  }

  /** True when t's writes of key before operation o fix field f (set it, insert, delete). */
  private static boolean ownFixes(History h, int t, int key, long f, int o) {
    for (int q = h.firstOp(t); q < o; q++) {
      if (h.opKey(q) == key && Transactions.isWrite(h, q)) {
        OpKind k = h.opKind(q);
        WrittenFields w = h.writtenFields(q);
        if (k == OpKind.INSERT || k == OpKind.DELETE || (w != null && w.sets(f))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The predicate on t's own row of key as its writes before operation o leave it: 1, 0, or
   * -1 when they do not fix the field (or there are none).
   */
  static int ownMatches(History h, int t, int key, PredicateRead p, int o) {
    if (!ownFixes(h, t, key, p.field(), o)) {
      return -1;
    }
    Long v = null;
    boolean deleted = false;
    for (int q = h.firstOp(t); q < o; q++) {
      if (h.opKey(q) != key || !Transactions.isWrite(h, q)) {
        continue;
      }
      OpKind k = h.opKind(q);
      if (k == OpKind.DELETE || k == OpKind.INSERT) {
        v = null;
      }
      deleted = k == OpKind.DELETE;
      WrittenFields f = h.writtenFields(q);
      if (f != null && f.sets(p.field())) {
        v = f.valueOf(p.field());
      }
    }
    return !deleted && v != null && v >= p.low() && v <= p.high() ? 1 : 0;
  }

  static boolean returns(History h, int o, PredicateRead p, int key) {
    for (int i = 1; i <= p.matched(); i++) {
      if (h.opKey(o + i) == key) {
        return true;
      }
    }
    return false;
  }

  /** The predicate on w's version of key: 1 true, 0 false, -1 unknown (an inherited field). */
  static int matches(History h, int w, int key, PredicateRead p) {
    Long v = null;
    boolean scratch = false;
    boolean deleted = false;
    for (int o = h.firstOp(w); o < h.endOp(w); o++) {
      if (h.opKey(o) != key || !Transactions.isWrite(h, o)) {
        continue;
      }
      OpKind k = h.opKind(o);
      if (k == OpKind.DELETE || k == OpKind.INSERT) {
        scratch = true;
        v = null;
      }
      deleted = k == OpKind.DELETE;
      WrittenFields f = h.writtenFields(o);
      if (f != null && f.sets(p.field())) {
        v = f.valueOf(p.field());
      }
    }
    if (deleted) {
      return 0;
    }
    if (v != null) {
      return v >= p.low() && v <= p.high() ? 1 : 0;
    }
    return scratch ? 0 : -1;
  }
}
