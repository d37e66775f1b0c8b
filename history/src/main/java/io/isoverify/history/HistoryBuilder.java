package io.isoverify.history;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Assembles a {@link History} from operation rows in any order, and validates it: every
 * reader (Parquet, JSON Lines, the peers' formats, the generators) goes through here, so
 * every format gets the same checks and the same messages.
 *
 * <p>Rows of one transaction usually arrive together; each maximal stretch of rows with
 * the same transaction id is a <em>run</em> whose per-transaction fields are stored once.
 * Runs of the same transaction that arrive apart are merged in {@link #build()}.
 *
 * <p>Checks: operations of a transaction that disagree on session, outcome, position or
 * timestamps; a transaction id used in two sessions; two transactions at the same
 * (session, position); a gap or repeat in operation positions; a write without a value;
 * end before start; timestamps going back within a session; an empty history.
 */
public final class HistoryBuilder {
  /** Names a row for messages: "row 17", "line 3", "byte 4096". */
  @FunctionalInterface
  public interface RowNamer {
    String name(long row);
  }

  private final String source;
  private final RowNamer namer;
  private final Dictionary sessions = new Dictionary();
  private final Dictionary keys = new Dictionary();
  private final Dictionary values = new Dictionary();

  // operations, in arrival order
  private int ops;
  private int[] opPos = new int[1024];
  private byte[] opKind = new byte[1024];
  private int[] opKey = new int[1024];
  private int[] opValue = new int[1024];
  private long[] opRow = new long[1024];
  private final Map<Integer, int[]> readLists = new HashMap<>();
  private final Map<Integer, PredicateRead> predicates = new HashMap<>();

  // runs: run r owns arrival-order operations runFirstOp[r] .. runFirstOp[r+1]-1
  private int runs;
  private long[] runTxn = new long[256];
  private int[] runSession = new int[256];
  private int[] runTxnPos = new int[256];
  private byte[] runOutcome = new byte[256];
  private long[] runStart = new long[256];
  private long[] runEnd = new long[256];
  private int[] runFirstOp = new int[257];

  /** Scratch for {@link #copyOps}: position -> arrival-order operation, reused. */
  private int[] slot = new int[16];

  public HistoryBuilder(String source, RowNamer namer) {
    this.source = source;
    this.namer = namer;
  }

  /** A builder whose rows are named "row N". */
  public HistoryBuilder(String source) {
    this(source, row -> "row " + row);
  }

  public Dictionary sessions() {
    return sessions;
  }

  public Dictionary keys() {
    return keys;
  }

  public Dictionary values() {
    return values;
  }

  public String source() {
    return source;
  }

  /**
   * Adds one operation row.
   *
   * @param row the row's number in the source, for messages
   * @param session a code from {@link #sessions()}
   * @param key a code from {@link #keys()}, or -1 for a predicate read
   * @param value a code from {@link #values()}, or {@link History#INITIAL} for a read of
   *     the initial state, or {@link History#NO_VALUE} for a predicate read
   * @param start client start time or {@link History#NO_TIME}; likewise {@code end}
   */
  public void add(long row, int session, long txn, int txnPos, int opPosition, OpKind kind,
      int key, int value, Outcome outcome, long start, long end) throws InvalidHistoryException {
    if (opPosition < 0) {
      throw error(row, "operation position " + opPosition + " is negative");
    }
    if (txnPos < 0) {
      throw error(row, "transaction position " + txnPos + " is negative");
    }
    if (kind.installsVersion() && value < 0) {
      throw error(row, "a " + kind.code() + " operation of transaction " + txn + " has no value");
    }
    if (kind != OpKind.PREDICATE_READ && key < 0) {
      throw error(row, "operation of transaction " + txn + " has no key");
    }
    if (runs > 0 && runTxn[runs - 1] == txn) {
      agree(runs - 1, row, txn, session, txnPos, outcome, start, end);
    } else {
      openRun(txn, session, txnPos, outcome, start, end);
    }
    if (ops == opPos.length) {
      int n = ops * 2;
      opPos = Arrays.copyOf(opPos, n);
      opKind = Arrays.copyOf(opKind, n);
      opKey = Arrays.copyOf(opKey, n);
      opValue = Arrays.copyOf(opValue, n);
      opRow = Arrays.copyOf(opRow, n);
    }
    opPos[ops] = opPosition;
    opKind[ops] = (byte) kind.ordinal();
    opKey[ops] = key;
    opValue[ops] = value;
    opRow[ops] = row;
    ops++;
    runFirstOp[runs] = ops;
  }

  /** Attaches the whole list a list-append read returned to the row just added. */
  public void attachReadList(int[] valueCodes) {
    readLists.put(ops - 1, valueCodes.clone());
  }

  /** Attaches a predicate to the predicate-read row just added. */
  public void attachPredicate(PredicateRead predicate) {
    predicates.put(ops - 1, predicate);
  }

  private void openRun(long txn, int session, int txnPos, Outcome outcome, long start, long end) {
    if (runs + 1 >= runTxn.length) {
      int n = runTxn.length * 2;
      runTxn = Arrays.copyOf(runTxn, n);
      runSession = Arrays.copyOf(runSession, n);
      runTxnPos = Arrays.copyOf(runTxnPos, n);
      runOutcome = Arrays.copyOf(runOutcome, n);
      runStart = Arrays.copyOf(runStart, n);
      runEnd = Arrays.copyOf(runEnd, n);
      runFirstOp = Arrays.copyOf(runFirstOp, n + 1);
    }
    runTxn[runs] = txn;
    runSession[runs] = session;
    runTxnPos[runs] = txnPos;
    runOutcome[runs] = (byte) outcome.ordinal();
    runStart[runs] = start;
    runEnd[runs] = end;
    runFirstOp[runs] = ops;
    runs++;
  }

  private void agree(int r, long row, long txn, int session, int txnPos, Outcome outcome,
      long start, long end) throws InvalidHistoryException {
    // This runs for every row: the first row's name is built only on failure.
    String where = " here but ";
    if (runSession[r] != session) {
      if (runTxnPos[r] != txnPos) {
        throw error(row, "transaction id " + txn + " is used in two sessions: "
            + sessions.show(session) + " here and " + sessions.show(runSession[r])
            + firstRowOf(r));
      }
      throw error(row, "the operations of transaction " + txn + " disagree on the session: "
          + sessions.show(session) + where + sessions.show(runSession[r]) + firstRowOf(r));
    }
    if (runTxnPos[r] != txnPos) {
      throw error(row, "the operations of transaction " + txn
          + " disagree on its position in the session: " + txnPos + where + runTxnPos[r]
          + firstRowOf(r));
    }
    if (runOutcome[r] != outcome.ordinal()) {
      throw error(row, "the operations of transaction " + txn + " disagree on the outcome: "
          + outcome.code() + where + Outcome.ofOrdinal(runOutcome[r]).code() + firstRowOf(r));
    }
    if (runStart[r] != start || runEnd[r] != end) {
      throw error(row, "the operations of transaction " + txn + " disagree on the timestamps: ["
          + showTime(start) + ", " + showTime(end) + "]" + where + "[" + showTime(runStart[r])
          + ", " + showTime(runEnd[r]) + "]" + firstRowOf(r));
    }
  }

  /** " at row N": where run r's first operation came from, for messages. */
  private String firstRowOf(int r) {
    return " at " + namer.name(opRow[runFirstOp[r]]);
  }

  private static String showTime(long t) {
    return t == History.NO_TIME ? "none" : Long.toString(t);
  }

  private InvalidHistoryException error(long row, String problem) {
    return new InvalidHistoryException(source, namer.name(row), problem);
  }

  private InvalidHistoryException txnError(long txn, String problem) {
    return new InvalidHistoryException(source, "transaction " + txn, problem);
  }

  /** Validates everything gathered and returns the history. */
  public History build() throws InvalidHistoryException {
    if (ops == 0) {
      throw new InvalidHistoryException(source, "", "the history is empty: it has no operations");
    }
    int[] byTxn = IndexSort.byKey(Arrays.copyOf(runTxn, runs), runs);
    // Group runs of one transaction; txnRuns[g] .. txnRuns[g+1]-1 index byTxn.
    int[] groupStart = new int[runs + 1];
    int groups = 0;
    for (int i = 0; i < runs; i++) {
      int r = byTxn[i];
      if (i > 0 && runTxn[byTxn[i - 1]] == runTxn[r]) {
        int first = byTxn[groupStart[groups - 1]];
        agree(first, opRow[runFirstOp[r]], runTxn[r], runSession[r], runTxnPos[r],
            Outcome.ofOrdinal(runOutcome[r]), runStart[r], runEnd[r]);
      } else {
        groupStart[groups++] = i;
      }
    }
    groupStart[groups] = runs;

    // Order transactions by (session, position in session).
    long[] order = new long[groups];
    for (int g = 0; g < groups; g++) {
      int r = byTxn[groupStart[g]];
      order[g] = ((long) runSession[r] << 32) | runTxnPos[r];
    }
    int[] txnOrder = IndexSort.byKey(order, groups);

    long[] txnId = new long[groups];
    int[] txnSession = new int[groups];
    int[] txnPos = new int[groups];
    byte[] txnOutcome = new byte[groups];
    long[] startTs = new long[groups];
    long[] endTs = new long[groups];
    int[] opStart = new int[groups + 1];
    byte[] kindOut = new byte[ops];
    int[] keyOut = new int[ops];
    int[] valueOut = new int[ops];
    Map<Integer, int[]> listsOut = new HashMap<>();
    Map<Integer, PredicateRead> predicatesOut = new HashMap<>();
    int[] sessionStart = new int[sessions.size() + 1];
    Arrays.fill(sessionStart, -1);

    int out = 0;
    for (int t = 0; t < groups; t++) {
      int g = txnOrder[t];
      int r0 = byTxn[groupStart[g]];
      txnId[t] = runTxn[r0];
      txnSession[t] = runSession[r0];
      txnPos[t] = runTxnPos[r0];
      txnOutcome[t] = runOutcome[r0];
      startTs[t] = runStart[r0];
      endTs[t] = runEnd[r0];
      opStart[t] = out;
      if (t > 0 && txnSession[t - 1] == txnSession[t] && txnPos[t - 1] == txnPos[t]) {
        throw txnError(txnId[t], "two transactions are at position " + txnPos[t]
            + " of session " + sessions.show(txnSession[t]) + ": " + txnId[t - 1] + " and "
            + txnId[t]);
      }
      if (sessionStart[txnSession[t]] < 0) {
        sessionStart[txnSession[t]] = t;
      }
      checkTimes(t, txnId, txnSession, startTs, endTs);
      out = copyOps(g, groupStart, byTxn, out, kindOut, keyOut, valueOut, listsOut,
          predicatesOut, txnId[t]);
    }
    opStart[groups] = out;
    int sessionCount = sessions.size();
    sessionStart[sessionCount] = groups;
    for (int s = sessionCount - 1; s >= 0; s--) {
      if (sessionStart[s] < 0) {
        sessionStart[s] = sessionStart[s + 1];
      }
    }
    return new History(source, txnId, txnSession, txnPos, txnOutcome, startTs, endTs, opStart,
        sessionStart, kindOut, keyOut, valueOut, sessions, keys, values, listsOut,
        predicatesOut);
  }

  private void checkTimes(int t, long[] txnId, int[] txnSession, long[] startTs, long[] endTs)
      throws InvalidHistoryException {
    long s = startTs[t];
    long e = endTs[t];
    if ((s == History.NO_TIME) != (e == History.NO_TIME)) {
      throw txnError(txnId[t], "has a start timestamp or an end timestamp but not both");
    }
    if (s != History.NO_TIME && e < s) {
      throw txnError(txnId[t], "ends (" + e + ") before it starts (" + s + ")");
    }
    if (t > 0 && txnSession[t - 1] == txnSession[t] && s != History.NO_TIME
        && startTs[t - 1] != History.NO_TIME && (s < startTs[t - 1] || e < endTs[t - 1])) {
      throw txnError(txnId[t], "timestamps go back in session " + sessions.show(txnSession[t])
          + ": [" + s + ", " + e + "] follows transaction " + txnId[t - 1] + " at ["
          + startTs[t - 1] + ", " + endTs[t - 1] + "]");
    }
  }

  /** Copies one transaction's operations in position order, checking positions 0..k-1. */
  private int copyOps(int g, int[] groupStart, int[] byTxn, int out, byte[] kindOut,
      int[] keyOut, int[] valueOut, Map<Integer, int[]> listsOut,
      Map<Integer, PredicateRead> predicatesOut, long txn) throws InvalidHistoryException {
    int count = 0;
    for (int i = groupStart[g]; i < groupStart[g + 1]; i++) {
      int r = byTxn[i];
      count += runFirstOp[r + 1] - runFirstOp[r];
    }
    if (slot.length < count) {
      slot = new int[Math.max(count, slot.length * 2)];
    }
    Arrays.fill(slot, 0, count, -1);
    for (int i = groupStart[g]; i < groupStart[g + 1]; i++) {
      int r = byTxn[i];
      for (int o = runFirstOp[r]; o < runFirstOp[r + 1]; o++) {
        int p = opPos[o];
        if (p >= count) {
          throw txnError(txn, "operation positions have a gap: the transaction has " + count
              + " operations but " + namer.name(opRow[o]) + " is at position " + p);
        }
        if (slot[p] >= 0) {
          throw txnError(txn, "operation position " + p + " is repeated, at "
              + namer.name(opRow[slot[p]]) + " and " + namer.name(opRow[o]));
        }
        slot[p] = o;
      }
    }
    for (int p = 0; p < count; p++) {
      int o = slot[p];
      kindOut[out] = opKind[o];
      keyOut[out] = opKey[o];
      valueOut[out] = opValue[o];
      // Most histories have neither: skip the boxed lookups, one per operation.
      int[] list = readLists.isEmpty() ? null : readLists.get(o);
      if (list != null) {
        listsOut.put(out, list);
      }
      PredicateRead pr = predicates.isEmpty() ? null : predicates.get(o);
      if (pr != null) {
        predicatesOut.put(out, pr);
      }
      out++;
    }
    return out;
  }
}
