package io.isoverify.history.validation;

import io.isoverify.history.History;
import java.util.function.IntFunction;

/**
 * The rules on the transactions of a history in dense order (by session, then position in
 * the session), each against the one before it: there are any operations at all; no two
 * transactions at one position of a session; timestamps both present or both absent, not
 * ending before starting, not going back within a session. Pure functions over the
 * per-transaction columns; the messages are placed at "transaction ID".
 */
public final class SequenceRules {
  private SequenceRules() {}

  /** The problem of a history of {@code operations} operations, or null. */
  public static String countProblem(long operations) {
    return operations == 0 ? "the history is empty: it has no operations" : null;
  }

  /**
   * The problem of transaction {@code t} in dense order, against {@code t - 1} when that is
   * of the same session; null when it has none. Reads the columns at {@code t - 1} and
   * {@code t} only, so they may still be filling beyond {@code t}.
   *
   * @param session session codes; {@code sessionName} names one for messages
   * @param start start timestamps, {@link History#NO_TIME} when absent; likewise {@code end}
   */
  public static String problem(int t, long[] txnId, int[] session, int[] pos, long[] start,
      long[] end, IntFunction<String> sessionName) {
    int prev = t - 1;
    boolean sameSession = prev >= 0 && session[prev] == session[t];
    if (sameSession && pos[prev] == pos[t]) {
      return "two transactions are at position " + pos[t] + " of session "
          + sessionName.apply(session[t]) + ": " + txnId[prev] + " and " + txnId[t];
    }
    long s = start[t];
    long e = end[t];
    if ((s == History.NO_TIME) != (e == History.NO_TIME)) {
      return "has a start timestamp or an end timestamp but not both";
    }
    if (s != History.NO_TIME && e < s) {
      return "ends (" + e + ") before it starts (" + s + ")";
    }
    if (sameSession && s != History.NO_TIME && start[prev] != History.NO_TIME
        && (s < start[prev] || e < end[prev])) {
      return "timestamps go back in session " + sessionName.apply(session[t]) + ": [" + s
          + ", " + e + "] follows transaction " + txnId[prev] + " at [" + start[prev] + ", "
          + end[prev] + "]";
    }
    return null;
  }
}
