package io.isoverify.history;

import io.isoverify.history.validation.OperationPositions;
import io.isoverify.history.validation.RowRules;
import io.isoverify.history.validation.SequenceRules;
import io.isoverify.history.validation.TransactionFields;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * Assembles a {@link History} from operation rows in any order, and validates it: every
 * reader (Parquet, JSON Lines, the peers' formats, the generators) goes through here, so
 * every format gets the same checks and the same messages.
 *
 * <p>Rows of one transaction usually arrive together; each maximal stretch of rows with
 * the same transaction id is a <em>run</em> whose per-transaction fields are stored once.
 * Runs of the same transaction that arrive apart are merged in {@link #build()}.
 *
 * <p>The checks are the rules of {@code io.isoverify.history.validation}, which the Spark
 * stages apply too: each operation alone ({@link RowRules#operationProblem}); the rows of a
 * transaction agreeing on its fields, within a run as rows arrive and between runs when
 * building ({@link TransactionFields#disagreement}); the transactions in (session,
 * position) order ({@link SequenceRules}); operation positions 0..k-1
 * ({@link OperationPositions}). The first problem is thrown, placed at its row or
 * transaction.
 */
public final class HistoryBuilder {
  /** Names a row for messages: "row 17", "line 3", "byte 4096". */
  @FunctionalInterface
  public interface RowNamer {
    String name(long row);
  }

  private final String source;
  final RowNamer namer;
  private final Dictionary sessions = new Dictionary();
  private final Dictionary keys = new Dictionary();
  private final Dictionary values = new Dictionary();

  // operations, in arrival order
  int ops;
  int[] opPos = new int[1024];
  byte[] opKind = new byte[1024];
  int[] opKey = new int[1024];
  int[] opValue = new int[1024];
  long[] opRow = new long[1024];
  /** The read lists' branches; null until a row has a list. */
  ReadLists.Builder readLists;
  /** Per row added, whether it has a read list; null until a row has one. */
  boolean[] hasList;
  private int readListCount;
  final PredicateTable predicates = new PredicateTable();
  final FieldsTable writtenFields = new FieldsTable();
  /** The rows (by row number) with a predicate or row fields attached. */
  final java.util.BitSet attached = new java.util.BitSet();
  private boolean rowFieldsMissing;

  // runs: run r owns arrival-order operations runFirstOp[r] .. runFirstOp[r+1]-1 and has
  // the transaction's fields at place r of runFields
  private int runs;
  private long[] runTxn = new long[256];
  private final TransactionFields runFields = new TransactionFields(256);
  int[] runFirstOp = new int[257];

  private final IntFunction<String> sessionName = sessions::show;
  /** A run's place in messages: its first row. */
  private final IntFunction<String> runPlace;

  public HistoryBuilder(String source, RowNamer namer) {
    this.source = source;
    this.namer = namer;
    runPlace = r -> namer.name(opRow[runFirstOp[r]]);
  }

  /** A builder whose rows are named "row N". */
  public HistoryBuilder(String source) {
    this(source, InvalidHistoryException::row);
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
   * Says that about {@code rows} operation rows will have been added in all (a Parquet
   * file's footer tells): the per-operation columns are sized for them at once, instead of
   * doubling as rows arrive (each doubling copies them into fresh memory). A hint only.
   */
  public void expectRows(long rows) {
    int n = (int) Math.min(rows, Integer.MAX_VALUE - 16);
    if (n > opPos.length) {
      opPos = Arrays.copyOf(opPos, n);
      opKind = Arrays.copyOf(opKind, n);
      opKey = Arrays.copyOf(opKey, n);
      opValue = Arrays.copyOf(opValue, n);
      opRow = Arrays.copyOf(opRow, n);
    }
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
    String problem = RowRules.operationProblem(txn, txnPos, opPosition, kind, key >= 0,
        value >= 0);
    if (problem != null) {
      throw error(row, problem);
    }
    byte o = (byte) outcome.ordinal();
    if (runs > 0 && runTxn[runs - 1] == txn) {
      // This runs for every row: the first row's name is built only on failure.
      problem = runFields.disagreement(txn, session, txnPos, o, start, end, runs - 1,
          sessionName, runPlace);
      if (problem != null) {
        throw error(row, problem);
      }
    } else {
      openRun(txn);
      runFields.set(runs - 1, session, txnPos, o, start, end);
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
    attachReadList(valueCodes, valueCodes.length);
  }

  /**
   * Attaches the list {@code valueCodes[0..length)} to the row just added; the array is
   * not kept (the lists share one prefix tree, {@link ReadLists}).
   */
  public void attachReadList(int[] valueCodes, int length) {
    attachReadList(valueCodes, length, 0);
  }

  /**
   * The same, told that the first {@code knownCommon} codes are those of the list attached
   * last to a read of the same key (a reader that compared them already says so; they are
   * not compared again).
   */
  public void attachReadList(int[] valueCodes, int length, int knownCommon) {
    if (readLists == null) {
      readLists = new ReadLists.Builder(opPos.length);
      hasList = new boolean[Math.max(opPos.length, 1024)];
    } else if (ops > hasList.length) {
      hasList = Arrays.copyOf(hasList, Math.max(ops, hasList.length * 2));
    }
    if (!hasList[ops - 1]) {
      readListCount++;
      hasList[ops - 1] = true;
    }
    readLists.add(ops - 1, opKey[ops - 1], valueCodes, length, knownCommon);
  }

  /** Attaches a predicate to the predicate-read row just added. */
  public void attachPredicate(PredicateRead predicate) {
    predicates.add(ops - 1, predicate);
    attached.set(ops - 1);
  }

  /**
   * Says that the source cannot carry the row fields writes set (vbox): a history with
   * predicate reads then cannot have them evaluated ({@link History#rowFieldsMissing}).
   */
  public void rowFieldsMissing() {
    rowFieldsMissing = true;
  }

  /** Attaches the row fields a write sets (vbox) to the write row just added. */
  public void attachFields(WrittenFields fields) {
    writtenFields.add(ops - 1, fields);
    attached.set(ops - 1);
  }

  /** Opens a run of transaction {@code txn}. */
  private void openRun(long txn) {
    if (runs + 1 >= runTxn.length) {
      int n = runTxn.length * 2;
      runTxn = Arrays.copyOf(runTxn, n);
      runFirstOp = Arrays.copyOf(runFirstOp, n + 1);
    }
    runTxn[runs] = txn;
    runFirstOp[runs] = ops;
    runs++;
  }

  private InvalidHistoryException error(long row, String problem) {
    return new InvalidHistoryException(source, namer.name(row), problem);
  }

  /** Validates everything gathered and returns the history. */
  public History build() throws InvalidHistoryException {
    String empty = SequenceRules.countProblem(ops);
    if (empty != null) {
      throw new InvalidHistoryException(source, "", empty);
    }
    int[] byTxn = IndexSort.byKey(Arrays.copyOf(runTxn, runs), runs);
    // Group runs of one transaction; txnRuns[g] .. txnRuns[g+1]-1 index byTxn.
    int[] groupStart = new int[runs + 1];
    int groups = 0;
    for (int i = 0; i < runs; i++) {
      int r = byTxn[i];
      if (i > 0 && runTxn[byTxn[i - 1]] == runTxn[r]) {
        String problem = runFields.disagreement(runTxn[r], r, byTxn[groupStart[groups - 1]],
            sessionName, runPlace);
        if (problem != null) {
          throw error(opRow[runFirstOp[r]], problem);
        }
      } else {
        groupStart[groups++] = i;
      }
    }
    groupStart[groups] = runs;

    int[] txnOrder = bySessionAndPosition(groups, groupStart, byTxn);

    long[] txnId = new long[groups];
    int[] txnSession = new int[groups];
    int[] txnPos = new int[groups];
    byte[] txnOutcome = new byte[groups];
    long[] startTs = new long[groups];
    long[] endTs = new long[groups];
    int[] opStart = new int[groups + 1];
    int[] sessionStart = new int[sessions.size() + 1];
    Arrays.fill(sessionStart, -1);

    // The transactions' fields and where their operations go, checking the session order;
    // the first problem is thrown after the copy, unless the copy meets one before it.
    int out = 0;
    int sequenceAt = groups;
    String sequenceProblem = null;
    for (int t = 0; t < groups; t++) {
      int g = txnOrder[t];
      int r0 = byTxn[groupStart[g]];
      txnId[t] = runTxn[r0];
      txnSession[t] = runFields.session(r0);
      txnPos[t] = runFields.pos(r0);
      txnOutcome[t] = runFields.outcome(r0);
      startTs[t] = runFields.start(r0);
      endTs[t] = runFields.end(r0);
      opStart[t] = out;
      if (sequenceProblem == null) {
        sequenceProblem = SequenceRules.problem(t, txnId, txnSession, txnPos, startTs, endTs,
            sessionName);
        sequenceAt = sequenceProblem == null ? groups : t;
      }
      if (sessionStart[txnSession[t]] < 0) {
        sessionStart[txnSession[t]] = t;
      }
      for (int i = groupStart[g]; i < groupStart[g + 1]; i++) {
        int r = byTxn[i];
        out += runFirstOp[r + 1] - runFirstOp[r];
      }
    }
    opStart[groups] = out;
    OperationCopy copy = new OperationCopy(this, txnOrder, groupStart, byTxn, opStart,
        readLists != null);
    copy.run(Math.min(groups, sequenceAt + 1), copyParts(ops));
    if (copy.problem != null && copy.problemAt < sequenceAt) {
      throw InvalidHistoryException.atTransaction(source, txnId[copy.problemAt], copy.problem);
    }
    if (sequenceProblem != null) {
      throw InvalidHistoryException.atTransaction(source, txnId[sequenceAt], sequenceProblem);
    }
    int sessionCount = sessions.size();
    sessionStart[sessionCount] = groups;
    for (int s = sessionCount - 1; s >= 0; s--) {
      if (sessionStart[s] < 0) {
        sessionStart[s] = sessionStart[s + 1];
      }
    }
    sessions.compact();
    keys.compact();
    values.compact();
    copy.predicatesOut.trim();
    copy.fieldsOut.trim();
    return new History(source, txnId, txnSession, txnPos, txnOutcome, startTs, endTs, opStart,
        sessionStart, copy.kindOut, copy.keyOut, copy.valueOut, sessions, keys, values,
        copy.listsOut == null ? ReadLists.NONE
            : readLists.build(copy.listsOut, copy.lengthsOut, readListCount),
        copy.predicatesOut, copy.fieldsOut, rowFieldsMissing);
  }

  /**
   * The transaction groups ordered by (session, position in session), ties by group: a
   * counting sort by session, O(groups + sessions), enough when each session's groups come
   * in position order (transaction ids rising along a session, as writers number them);
   * else a merge sort by both, O(groups log groups).
   */
  private int[] bySessionAndPosition(int groups, int[] groupStart, int[] byTxn) {
    int[] start = new int[sessions.size() + 1];
    for (int g = 0; g < groups; g++) {
      start[runFields.session(byTxn[groupStart[g]]) + 1]++;
    }
    for (int s = 0; s < sessions.size(); s++) {
      start[s + 1] += start[s];
    }
    int[] order = new int[groups];
    int[] fill = Arrays.copyOf(start, sessions.size());
    int[] lastPos = new int[sessions.size()];
    Arrays.fill(lastPos, Integer.MIN_VALUE);
    boolean sorted = true;
    for (int g = 0; g < groups; g++) {
      int r = byTxn[groupStart[g]];
      int s = runFields.session(r);
      sorted &= runFields.pos(r) >= lastPos[s];
      lastPos[s] = runFields.pos(r);
      order[fill[s]++] = g;
    }
    if (sorted) {
      return order;
    }
    long[] key = new long[groups];
    for (int g = 0; g < groups; g++) {
      int r = byTxn[groupStart[g]];
      key[g] = ((long) runFields.session(r) << 32) | runFields.pos(r);
    }
    return IndexSort.byKey(key, groups);
  }

  /** Below this many operations per part, the copy into transaction order runs on one thread. */
  static final int OPS_PER_COPY_PART = 1 << 20;

  /** When above 0, the number of parts {@link #build()} copies operations in (tests). */
  private int copyParts;

  /** Makes {@link #build()} copy the operations in {@code parts} parts, however many there are. */
  void copyInParts(int parts) {
    copyParts = parts;
  }

  private int copyParts(int ops) {
    return copyParts > 0 ? copyParts : Math.max(1, Math.min(
        Runtime.getRuntime().availableProcessors(), ops / OPS_PER_COPY_PART));
  }
}
