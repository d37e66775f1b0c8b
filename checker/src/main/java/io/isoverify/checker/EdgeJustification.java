package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;

/**
 * Whether the raw history supports one typed edge of a certificate:
 * <ul>
 *   <li>SO: same session, the first ran earlier;
 *   <li>RT (SSER only): the first ended before the second started, by the client clocks;
 *   <li>WR (key, value): the first installed the value, the second read it from outside,
 *       or scanned the key with a predicate read that the version does not match and did
 *       not return it (vbox's unknown θ-read, {@link PredicateEvidence});
 *   <li>WW (key, value): the first installed the value, the second also writes the key
 *       (the order between them is the certificate's stated version order);
 *   <li>RW (key, value): the first read the value from outside (or saw it by a predicate
 *       read, as for WR), the second writes the key
 *       and is not the value's only writer (with repeated values it may be one of several:
 *       the first read another's, which the second overwrote).
 * </ul>
 * On a key read as a list (Elle), WW and RW must also agree with the raw read lists
 * ({@link ListEvidence}). Both ends must be transactions of the history that did not abort.
 * O(ops of both, plus the key's read lists for a list key).
 */
final class EdgeJustification {
  private EdgeJustification() {
  }

  /** Null when justified, else why not. */
  static String problem(History h, Level level, Edge e) {
    int a = e.from();
    int b = e.to();
    if (a < 0 || b < 0 || a >= h.txnCount() || b >= h.txnCount() || a == b) {
      return "edge " + e + " does not join two transactions of the history";
    }
    if (h.isAborted(a) || h.isAborted(b)) {
      return "edge " + e + " touches an aborted transaction";
    }
    String what = h.showTxn(a) + " -" + e.type() + "-> " + h.showTxn(b);
    boolean ok = switch (e.type()) {
      case SO -> h.session(a) == h.session(b) && a < b;
      case RT -> level == Level.SSER && h.endTs(a) != History.NO_TIME
          && h.startTs(b) != History.NO_TIME && h.endTs(a) < h.startTs(b);
      case WR -> Transactions.installed(h, a, e.key(), e.value())
          && PredicateEvidence.observedExternally(h, b, e.key(), e.value());
      case WW -> Transactions.installed(h, a, e.key(), e.value())
          && Transactions.lastWrite(h, b, e.key()) != History.NO_VALUE;
      case RW -> PredicateEvidence.observedExternally(h, a, e.key(), e.value())
          && Transactions.lastWrite(h, b, e.key()) != History.NO_VALUE
          && (!Transactions.installed(h, b, e.key(), e.value())
              || Transactions.anotherInstaller(h, e.key(), e.value(), a, b));
    };
    if (ok && (e.type() == EdgeType.WW || e.type() == EdgeType.RW)
        && ListEvidence.isListKey(h, e.key())) {
      String lists = e.type() == EdgeType.WW ? ListEvidence.ww(h, e) : ListEvidence.rw(h, e);
      if (lists != null) {
        return what + " on " + h.showKey(e.key()) + " is not supported by the read lists: " + lists;
      }
    }
    if (ok) {
      return null;
    }
    return what + (e.key() >= 0 ? " on " + h.showKey(e.key()) + " = " + h.showValue(e.value()) : "")
        + " is not supported by the history";
  }
}
