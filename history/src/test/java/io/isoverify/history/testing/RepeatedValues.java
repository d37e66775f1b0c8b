package io.isoverify.history.testing;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.Outcome;

/**
 * A history with its values folded onto a few, so that several transactions write the same
 * value to a key (veristrong's DuplicateValue histories): value v becomes 1 + (v mod
 * {@code distinct}); the initial state stays. An execution that explained the history
 * explains the folded one (every read still sees the version it saw), so a valid history
 * stays valid; a broken one may become explainable, which the oracle decides. Sessions,
 * transactions, keys, outcomes and timestamps are kept.
 */
public final class RepeatedValues {
  private RepeatedValues() {}

  public static History of(History h, int distinct) {
    return of(h, distinct, 0);
  }

  /**
   * The same, with every {@code unknownEvery}-th committed transaction (0: none) given an
   * unknown outcome: it may have committed or not, so a valid history stays valid.
   */
  public static History of(History h, int distinct, int unknownEvery) {
    HistoryBuilder b = new HistoryBuilder(h.source() + ", values folded onto " + distinct
        + (unknownEvery > 0 ? ", every " + unknownEvery + "th commit unknown" : ""));
    long row = 0;
    try {
      for (int t = 0; t < h.txnCount(); t++) {
        int session = b.sessions().encode(h.sessions().decode(h.session(t)));
        Outcome outcome = unknownEvery > 0 && h.isCommitted(t) && t % unknownEvery == unknownEvery - 1
            ? Outcome.UNKNOWN : h.outcome(t);
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          int key = h.opKey(o) < 0 ? -1 : b.keys().encode(h.keys().decode(h.opKey(o)));
          int value = h.opValue(o) < 0 ? h.opValue(o)
              : b.values().encode(1 + Math.floorMod(number(h.values().decode(h.opValue(o))), distinct));
          b.add(++row, session, h.txnId(t), h.positionInSession(t), o - h.firstOp(t), h.opKind(o),
              key, value, outcome, h.startTs(t), h.endTs(t));
        }
      }
      return b.build();
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException("a folded history is malformed: " + e.getMessage(), e);
    }
  }

  private static long number(Object o) {
    return o instanceof Number n ? n.longValue() : o.toString().hashCode();
  }
}
