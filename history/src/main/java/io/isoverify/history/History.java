package io.isoverify.history;

import java.util.Map;

/**
 * A history: what the client sessions sent and what the database answered. Immutable and
 * columnar, so that 10^7 transactions cost a few arrays rather than 10^8 objects.
 *
 * <p>Encoding (dense ids; t = transaction, o = operation, s = session):
 * <pre>
 *   transactions t in 0..txnCount()-1, ordered by (session, position in session)
 *   session s owns the transactions sessionStart[s] .. sessionStart[s+1]-1
 *   transaction t owns the operations opStart[t] .. opStart[t+1]-1, in program order
 *   opKind[o]   OpKind ordinal
 *   opKey[o]    key code in keys(), or -1 for a predicate read
 *   opValue[o]  value code in values(); INITIAL for a read of the key's initial state
 *   startTs/endTs[t]  client clocks, NO_TIME when the file has none
 * </pre>
 * Built and validated by {@link HistoryBuilder}.
 */
public final class History {
  /** The value code of a read that saw the key's initial state (no write). */
  public static final int INITIAL = -1;
  /** The value code of an operation that carries no value (a predicate read). */
  public static final int NO_VALUE = -2;
  /** A missing client timestamp. */
  public static final long NO_TIME = Long.MIN_VALUE;

  private final String source;
  private final long[] txnId;
  private final int[] txnSession;
  private final int[] txnPos;
  private final byte[] txnOutcome;
  private final long[] startTs;
  private final long[] endTs;
  private final int[] opStart;
  private final int[] sessionStart;
  private final byte[] opKind;
  private final int[] opKey;
  private final int[] opValue;
  private final Dictionary sessions;
  private final Dictionary keys;
  private final Dictionary values;
  private final ReadLists readLists;
  private final PredicateTable predicates;
  private final FieldsTable writtenFields;
  private final boolean rowFieldsMissing;
  private final boolean hasTimestamps;

  History(String source, long[] txnId, int[] txnSession, int[] txnPos, byte[] txnOutcome,
      long[] startTs, long[] endTs, int[] opStart, int[] sessionStart, byte[] opKind,
      int[] opKey, int[] opValue, Dictionary sessions, Dictionary keys, Dictionary values,
      ReadLists readLists, PredicateTable predicates, FieldsTable writtenFields,
      boolean rowFieldsMissing) {
    this.source = source;
    this.txnId = txnId;
    this.txnSession = txnSession;
    this.txnPos = txnPos;
    this.txnOutcome = txnOutcome;
    this.startTs = startTs;
    this.endTs = endTs;
    this.opStart = opStart;
    this.sessionStart = sessionStart;
    this.opKind = opKind;
    this.opKey = opKey;
    this.opValue = opValue;
    this.sessions = sessions;
    this.keys = keys;
    this.values = values;
    this.readLists = readLists;
    this.predicates = predicates;
    this.writtenFields = writtenFields;
    this.rowFieldsMissing = rowFieldsMissing;
    boolean any = false;
    for (long s : startTs) {
      if (s != NO_TIME) {
        any = true;
        break;
      }
    }
    this.hasTimestamps = any;
  }

  /** The file (or other source) the history came from, for messages. */
  public String source() {
    return source;
  }

  public int txnCount() {
    return txnId.length;
  }

  public int opCount() {
    return opKind.length;
  }

  public int sessionCount() {
    return sessionStart.length - 1;
  }

  /** The transaction's id in the source file. */
  public long txnId(int t) {
    return txnId[t];
  }

  public int session(int t) {
    return txnSession[t];
  }

  /** The transaction's position in its session as the file gave it (gaps allowed). */
  public int positionInSession(int t) {
    return txnPos[t];
  }

  public Outcome outcome(int t) {
    return Outcome.ofOrdinal(txnOutcome[t]);
  }

  public boolean isCommitted(int t) {
    return txnOutcome[t] == Outcome.COMMITTED.ordinal();
  }

  public boolean isAborted(int t) {
    return txnOutcome[t] == Outcome.ABORTED.ordinal();
  }

  /** True when at least one transaction carries client timestamps. */
  public boolean hasTimestamps() {
    return hasTimestamps;
  }

  public long startTs(int t) {
    return startTs[t];
  }

  public long endTs(int t) {
    return endTs[t];
  }

  /** The transaction that owns operation o. O(log transactions). */
  public int txnOfOp(int o) {
    int lo = 0;
    int hi = txnCount() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (opStart[mid] <= o) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  public int firstOp(int t) {
    return opStart[t];
  }

  /** One past the transaction's last operation. */
  public int endOp(int t) {
    return opStart[t + 1];
  }

  public int firstTxnOfSession(int s) {
    return sessionStart[s];
  }

  /** One past the session's last transaction. */
  public int endTxnOfSession(int s) {
    return sessionStart[s + 1];
  }

  public OpKind opKind(int o) {
    return OpKind.ofOrdinal(opKind[o]);
  }

  public int opKindOrdinal(int o) {
    return opKind[o];
  }

  public int opKey(int o) {
    return opKey[o];
  }

  public int opValue(int o) {
    return opValue[o];
  }

  /** For a list-append read: the codes of the whole list it returned, oldest first; else null. */
  public int[] readList(int o) {
    return readLists.of(o);
  }

  /**
   * The same without a copy, for hot loops: the list is the first {@link #readListLength}
   * elements of the array returned, which other reads share (callers never change it); null
   * when o has no list. O(1).
   */
  public int[] readListShared(int o) {
    return readLists.shared(o);
  }

  /** The length of operation o's read list; 0 when it has none. */
  public int readListLength(int o) {
    return readLists.length(o);
  }

  /** For a predicate read: its predicate; else null. */
  public PredicateRead predicate(int o) {
    return predicates.find(o);
  }

  /**
   * The operations that carry a whole list (Elle list-append reads): a read-only view, in
   * operation order.
   */
  public Map<Integer, int[]> readLists() {
    return readLists;
  }

  /** The predicate reads, by operation: a read-only view in operation order. */
  public Map<Integer, PredicateRead> predicates() {
    return predicates;
  }

  /** For a write that sets row fields (vbox): the fields it sets; else null. */
  public WrittenFields writtenFields(int o) {
    return writtenFields.find(o);
  }

  /**
   * Where write o's value for row field {@code f} is kept ({@link #writtenFieldValue}), or -1
   * when o sets no such field: {@link #writtenFields} without making an object, O(log writes
   * with fields + fields o sets).
   */
  public int writtenFieldSlot(int o, long f) {
    return writtenFields.slot(o, f);
  }

  /** How many slots {@link #writtenFieldSlot} gives: 0 .. this - 1. */
  public int writtenFieldSlotCount() {
    return writtenFields.slotCount();
  }

  /** The value kept at a slot {@link #writtenFieldSlot} gave. */
  public long writtenFieldValue(int slot) {
    return writtenFields.value(slot);
  }

  /**
   * True when the source did not carry the row fields writes set (a Parquet file without
   * the row_fields column): a write without fields may then have set some, and predicate
   * reads cannot be evaluated.
   */
  public boolean rowFieldsMissing() {
    return rowFieldsMissing;
  }

  /** The writes that set row fields, by operation: a read-only view in operation order. */
  public Map<Integer, WrittenFields> writtenFields() {
    return writtenFields;
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

  /** The session's name as the file gave it. */
  public String sessionName(int s) {
    return sessions.show(s);
  }

  public String showKey(int key) {
    return key < 0 ? "(predicate)" : keys.show(key);
  }

  public String showValue(int value) {
    return value == INITIAL ? "init" : value == NO_VALUE ? "-" : values.show(value);
  }

  /** "T42" style name of a transaction, with its id from the file. */
  public String showTxn(int t) {
    return "T" + txnId[t];
  }
}
