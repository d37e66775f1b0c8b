package io.isoverify.spark.stages;

import io.isoverify.history.History;

/**
 * The checks HistoryBuilder.build makes on each transaction against the one before it in
 * (session, position) order: two transactions at one position, timestamps missing on one
 * side, ending before starting, going back within a session. Same words as HistoryBuilder
 * (location "transaction ID"). Runs on the driver over the per-transaction columns in
 * dense order, O(1) per transaction.
 */
final class SequenceChecks {
  private SequenceChecks() {}

  /**
   * The problem of dense transaction {@code t} (with {@code t - 1} before it when
   * {@code t > 0}), or null.
   */
  static String problem(TxnColumns c, int[] pos, int t, String sessionName) {
    int prev = t - 1;
    boolean sameSession = prev >= 0 && c.session[prev] == c.session[t];
    if (sameSession && pos[prev] == pos[t]) {
      return "two transactions are at position " + pos[t] + " of session " + sessionName + ": "
          + c.txnId[prev] + " and " + c.txnId[t];
    }
    long s = c.start[t];
    long e = c.end[t];
    if ((s == History.NO_TIME) != (e == History.NO_TIME)) {
      return "has a start timestamp or an end timestamp but not both";
    }
    if (s != History.NO_TIME && e < s) {
      return "ends (" + e + ") before it starts (" + s + ")";
    }
    if (sameSession && s != History.NO_TIME && c.start[prev] != History.NO_TIME
        && (s < c.start[prev] || e < c.end[prev])) {
      return "timestamps go back in session " + sessionName + ": [" + s + ", " + e
          + "] follows transaction " + c.txnId[prev] + " at [" + c.start[prev] + ", "
          + c.end[prev] + "]";
    }
    return null;
  }
}
