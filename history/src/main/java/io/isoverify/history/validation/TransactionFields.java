package io.isoverify.history.validation;

import io.isoverify.history.History;
import io.isoverify.history.Outcome;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * The fields every row of a transaction repeats (session, position in the session, outcome,
 * start and end timestamps) for a sequence of places, in growable primitive columns; a
 * place is a row or a run of adjacent rows of one transaction. {@link #disagreement} is the
 * rule that the places of one transaction agree on these fields.
 *
 * <pre>
 *   i in 0..capacity-1   session(i) (a session code), pos(i), outcome(i) (Outcome ordinal),
 *                        start(i), end(i) (History.NO_TIME when absent)
 * </pre>
 * HistoryBuilder keeps its runs here (and compares each row with the run it continues);
 * the Spark stages keep the stretches of one transaction here.
 */
public final class TransactionFields {
  /** What {@link #disagreement} finds first: nothing, or the field two places differ on. */
  private static final int AGREE = 0;
  private static final int SESSION = 1;
  private static final int POSITION = 2;
  private static final int OUTCOME = 3;
  private static final int TIMES = 4;

  private int[] session;
  private int[] pos;
  private byte[] outcome;
  private long[] start;
  private long[] end;

  public TransactionFields(int capacity) {
    session = new int[capacity];
    pos = new int[capacity];
    outcome = new byte[capacity];
    start = new long[capacity];
    end = new long[capacity];
  }

  /** Sets place {@code i}, growing the columns when {@code i} is beyond them. */
  public void set(int i, int sessionCode, int position, byte outcomeOrdinal, long startTs,
      long endTs) {
    if (i >= session.length) {
      int n = Math.max(i + 1, session.length * 2);
      session = Arrays.copyOf(session, n);
      pos = Arrays.copyOf(pos, n);
      outcome = Arrays.copyOf(outcome, n);
      start = Arrays.copyOf(start, n);
      end = Arrays.copyOf(end, n);
    }
    session[i] = sessionCode;
    pos[i] = position;
    outcome[i] = outcomeOrdinal;
    start[i] = startTs;
    end[i] = endTs;
  }

  public int session(int i) {
    return session[i];
  }

  public int pos(int i) {
    return pos[i];
  }

  public byte outcome(int i) {
    return outcome[i];
  }

  public long start(int i) {
    return start[i];
  }

  public long end(int i) {
    return end[i];
  }

  /**
   * How place {@code here} of transaction {@code txn} disagrees with place {@code first} of
   * the same transaction, or null when they agree: {@link #disagreement(long, int, int, byte,
   * long, long, int, IntFunction, IntFunction)} with {@code here}'s fields.
   */
  public String disagreement(long txn, int here, int first, IntFunction<String> sessionName,
      IntFunction<String> placeName) {
    return disagreement(txn, session[here], pos[here], outcome[here], start[here], end[here],
        first, sessionName, placeName);
  }

  /**
   * How a row of transaction {@code txn} with the given fields disagrees with place
   * {@code first} of the same transaction, or null when they agree. A different session
   * with a different position is read as one id given to two transactions of two sessions.
   *
   * @param sessionName the session's name for a session code
   * @param placeName where a place is in the file, e.g. "row 3", called for {@code first}
   *     only on a disagreement
   */
  public String disagreement(long txn, int sessionCode, int position, byte outcomeOrdinal,
      long startTs, long endTs, int first, IntFunction<String> sessionName,
      IntFunction<String> placeName) {
    // Called for every row in process: the comparison is kept apart from the messages, so
    // that it stays small enough to be compiled into the caller.
    int field = sessionCode != session[first] ? SESSION
        : position != pos[first] ? POSITION
        : outcomeOrdinal != outcome[first] ? OUTCOME
        : startTs != start[first] || endTs != end[first] ? TIMES : AGREE;
    return field == AGREE ? null : describe(field, txn, sessionCode, position, outcomeOrdinal,
        startTs, endTs, first, sessionName, placeName);
  }

  private String describe(int field, long txn, int sessionCode, int position,
      byte outcomeOrdinal, long startTs, long endTs, int first, IntFunction<String> sessionName,
      IntFunction<String> placeName) {
    String at = placeName.apply(first);
    switch (field) {
      case SESSION:
        return position != pos[first]
            ? "transaction id " + txn + " is used in two sessions: "
                + sessionName.apply(sessionCode) + " here and "
                + sessionName.apply(session[first]) + " at " + at
            : disagree(txn, "the session", sessionName.apply(sessionCode),
                sessionName.apply(session[first]), at);
      case POSITION:
        return disagree(txn, "its position in the session", Integer.toString(position),
            Integer.toString(pos[first]), at);
      case OUTCOME:
        return disagree(txn, "the outcome", Outcome.ofOrdinal(outcomeOrdinal).code(),
            Outcome.ofOrdinal(outcome[first]).code(), at);
      default:
        return disagree(txn, "the timestamps", times(startTs, endTs),
            times(start[first], end[first]), at);
    }
  }

  private static String disagree(long txn, String field, String here, String first,
      String firstPlace) {
    return "the operations of transaction " + txn + " disagree on " + field + ": " + here
        + " here but " + first + " at " + firstPlace;
  }

  private static String times(long startTs, long endTs) {
    return "[" + time(startTs) + ", " + time(endTs) + "]";
  }

  private static String time(long t) {
    return t == History.NO_TIME ? "none" : Long.toString(t);
  }
}
