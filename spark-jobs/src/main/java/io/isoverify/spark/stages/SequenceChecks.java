package io.isoverify.spark.stages;

import io.isoverify.history.History;

/**
 * The checks HistoryBuilder.build makes on each transaction against the one before it in
 * (session, position) order: two transactions at one position, timestamps missing on one
 * side, ending before starting, going back within a session; then the transaction's own
 * operation positions. Same words as HistoryBuilder; location "transaction ID".
 */
final class SequenceChecks {
  private SequenceChecks() {}

  /** The problem of {@code t} (with {@code prev} before it, or null), or null. */
  static String problem(TxnRecord prev, TxnRecord t, String sessionName) {
    boolean sameSession = prev != null && prev.sessionCode == t.sessionCode;
    if (sameSession && prev.pos == t.pos) {
      return "two transactions are at position " + t.pos + " of session " + sessionName + ": "
          + prev.txn + " and " + t.txn;
    }
    long s = t.start;
    long e = t.end;
    if ((s == History.NO_TIME) != (e == History.NO_TIME)) {
      return "has a start timestamp or an end timestamp but not both";
    }
    if (s != History.NO_TIME && e < s) {
      return "ends (" + e + ") before it starts (" + s + ")";
    }
    if (sameSession && s != History.NO_TIME && prev.start != History.NO_TIME
        && (s < prev.start || e < prev.end)) {
      return "timestamps go back in session " + sessionName + ": [" + s + ", " + e
          + "] follows transaction " + prev.txn + " at [" + prev.start + ", " + prev.end + "]";
    }
    return t.opError;
  }
}
