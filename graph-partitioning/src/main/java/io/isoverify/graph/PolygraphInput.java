package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.Outcome;
import io.isoverify.history.check.HistoryShape;
import io.isoverify.history.check.ListOrders;
import io.isoverify.history.check.PredicateObservations;
import io.isoverify.history.check.TransactionShapes;
import java.util.function.IntFunction;

/**
 * Everything {@link Partitioner} needs from a history, as primitive arrays: what the
 * in-process engine derives from a {@link History} ({@link #of}) and what the Spark stages
 * compute in parallel and hand to the driver (the public constructor), so that both build
 * the polygraph with the same code.
 *
 * <p>Encoding (dense History transaction ids t, in (session, position) order; key codes):
 * <pre>
 *   session[t]    session code (transactions of a session are contiguous, in order)
 *   outcome[t]    Outcome ordinal
 *   start[t], end[t]   client timestamps, History.NO_TIME when absent
 *   effective write i  writeKey[i], writeValue[i], writeTxn[i]: the last write of each key
 *                 by each non-aborted transaction, sorted by (key, value, transaction)
 *   external read r    of t for r in readStart[t] .. readStart[t+1]-1, in program order:
 *                 readKey[r], readValue[r], readWriter[r] (the one other transaction that
 *                 did not abort with that effective write, -1 for the initial state, -2 for
 *                 none or only t itself, -3 for several: history's KeyRules.MANY_WRITERS,
 *                 whose candidates are the writes of (key, value))
 *   list key k    listKey[k]: read as a list (Elle); its observed appenders in order
 *                 listOrderTxn[listOrderStart[k] .. listOrderStart[k+1]-1]
 *   hidden ops    internalReads[t], overwrittenWrites[t]: t's reads of a key after its own
 *                 write of it, and its writes it overwrote itself (KeyedOperations), for
 *                 the shape rules ({@link #shape})
 *   observations  what predicate reads say (vbox): reader, key, candidate writers
 *                 (history's {@link PredicateObservations}), WR constraints like reads with
 *                 several candidate writers
 * </pre>
 * The Spark stages compute the list orders with the same per-key list rules and add them
 * with {@link #withListOrders}.
 */
public final class PolygraphInput {
  final int keyCount;
  final int[] session;
  final byte[] outcome;
  final long[] start;
  final long[] end;
  final Operations ops;

  /**
   * The timestamps the solver's first order follows ({@link Component#time}): each
   * transaction's end, when every one that did not abort has one; else null.
   */
  long[] solverTimes() {
    for (int t = 0; t < end.length; t++) {
      if (end[t] == History.NO_TIME && outcome[t] != Outcome.ABORTED.ordinal()) {
        return null;
      }
    }
    return end;
  }

  /** Per key the observed order of its appenders (Elle list-append), see {@link ListOrders}. */
  final int[] listOrderStart;
  final int[] listOrderTxn;
  final boolean[] listKey;
  final byte[] internalReads;
  final byte[] overwrittenWrites;
  /** What the predicate reads say (vbox 4.1): WR constraints over the versions they allow. */
  final PredicateObservations observations;

  private PolygraphInput(int keyCount, int[] session, byte[] outcome, long[] start, long[] end,
      Operations ops, int[] listOrderStart, int[] listOrderTxn, boolean[] listKey,
      byte[] internalReads, byte[] overwrittenWrites, PredicateObservations observations) {
    int n = session.length;
    if (outcome.length != n || start.length != n || end.length != n || ops.readStart.length != n + 1) {
      throw new IllegalArgumentException("per-transaction arrays of different lengths");
    }
    this.keyCount = keyCount;
    this.session = session;
    this.outcome = outcome;
    this.start = start;
    this.end = end;
    this.ops = ops;
    if (listOrderStart.length != keyCount + 1 || listKey.length != keyCount) {
      throw new IllegalArgumentException("per-key list arrays of the wrong length");
    }
    this.listOrderStart = listOrderStart;
    this.listOrderTxn = listOrderTxn;
    this.listKey = listKey;
    if (internalReads.length != n || overwrittenWrites.length != n) {
      throw new IllegalArgumentException("per-transaction hidden operation counts of the wrong length");
    }
    this.internalReads = internalReads;
    this.overwrittenWrites = overwrittenWrites;
    this.observations = observations;
  }

  /** From arrays computed elsewhere, in the encoding above (not copied). */
  public PolygraphInput(int keyCount, int[] session, byte[] outcome, long[] start, long[] end,
      int[] writeKey, int[] writeValue, int[] writeTxn, int[] readStart, int[] readKey,
      int[] readValue, int[] readWriter) {
    this(keyCount, session, outcome, start, end, new Operations(writeKey, writeValue, writeTxn,
        readStart, readKey, readValue, readWriter), new int[keyCount + 1], new int[0],
        new boolean[keyCount], new byte[session.length], new byte[session.length],
        PredicateObservations.NONE);
  }

  /**
   * The same with the operations the reads and writes do not show counted per transaction
   * ({@link KeyedOperations.Arrays#internalReads}, {@link KeyedOperations.Arrays#overwrittenWrites}).
   */
  public PolygraphInput withHiddenOperations(byte[] internalReads, byte[] overwrittenWrites) {
    return new PolygraphInput(keyCount, session, outcome, start, end, ops, listOrderStart,
        listOrderTxn, listKey, internalReads, overwrittenWrites, observations);
  }

  /**
   * The same with the keys read as lists (Elle list-append): for key k,
   * {@code listKey[k]} says its order is fixed by read lists, and
   * {@code orderTxn[orderStart[k] .. orderStart[k+1]-1]} are the transactions whose appends
   * the longest read list shows, in order (history's {@code ListOrders}).
   */
  public PolygraphInput withListOrders(int[] orderStart, int[] orderTxn, boolean[] listKey) {
    return new PolygraphInput(keyCount, session, outcome, start, end, ops, orderStart, orderTxn,
        listKey, internalReads, overwrittenWrites, observations);
  }

  /**
   * The same with what the history's predicate reads say (vbox section 4.1): each
   * observation a WR constraint over the versions it allows ({@link Versions}). This input
   * itself when it holds {@code o} already.
   */
  public PolygraphInput withPredicateObservations(PredicateObservations o) {
    return o == observations ? this : new PolygraphInput(keyCount, session, outcome, start, end, ops, listOrderStart,
        listOrderTxn, listKey, internalReads, overwrittenWrites, o);
  }

  /** True when some key's version order comes from read lists. */
  public boolean hasListOrders() {
    for (boolean b : listKey) {
      if (b) {
        return true;
      }
    }
    return false;
  }

  /**
   * The arrays of a history held in memory, with what its predicate reads say. O(operations +
   * writes log writes), plus history's {@link PredicateObservations#of}.
   */
  public static PolygraphInput of(History h) {
    return of(h, PredicateObservations.of(h));
  }

  /** The same with the predicate reads' observations computed already. */
  public static PolygraphInput of(History h, PredicateObservations observations) {
    return of(h, observations, ListOrders.of(h));
  }

  /**
   * The same with the read lists' orders computed already (the in-process engine's non-cycle
   * checks compute them: history's {@link ListOrders}, the same orders whatever number of
   * examples they keep).
   */
  public static PolygraphInput of(History h, PredicateObservations observations,
      ListOrders lists) {
    return of(h, observations, lists, Operations.arrays(h));
  }

  /**
   * The same with the per-key rules' results assembled already ({@link KeyedOperations}: the
   * in-process engine collects them in the non-cycle checks' run of the rules).
   */
  public static PolygraphInput of(History h, PredicateObservations observations,
      ListOrders lists, KeyedOperations.Arrays a) {
    int n = h.txnCount();
    int[] session = new int[n];
    byte[] outcome = new byte[n];
    long[] start = new long[n];
    long[] end = new long[n];
    for (int t = 0; t < n; t++) {
      session[t] = h.session(t);
      outcome[t] = (byte) h.outcome(t).ordinal();
      start[t] = h.startTs(t);
      end[t] = h.endTs(t);
    }
    int keys = h.keys().size();
    return new PolygraphInput(keys, session, outcome, start, end, new Operations(a),
        lists.orderStart(), lists.orderTxn(), lists.listKeys(), a.internalReads(),
        a.overwrittenWrites(), observations);
  }

  /**
   * The shape of the history's transactions (history's {@link TransactionShapes}: mtc
   * Definitions 8 and 9, IV-E), from these arrays, so both engines decide it alike.
   *
   * @param listReads operations with a read list, every outcome, counted over all rows
   * @param predicateReads predicate reads, likewise
   * @param txnName how reasons name a transaction
   */
  public HistoryShape shape(long listReads, long predicateReads, IntFunction<String> txnName) {
    return TransactionShapes.of(new TransactionShapes.Input(keyCount, outcome, session, start,
        end, ops.readStart, ops.readKey, ops.readWriter, ops.writeKey, ops.writeValue, ops.writeTxn,
        internalReads, overwrittenWrites, listReads, predicateReads), txnName);
  }

  public int txnCount() {
    return session.length;
  }

  boolean isCommitted(int t) {
    return outcome[t] == Outcome.COMMITTED.ordinal();
  }

  boolean isUnknown(int t) {
    return outcome[t] == Outcome.UNKNOWN.ordinal();
  }

  /** True when the two inputs hold the same arrays (for differential tests). */
  public boolean sameAs(PolygraphInput o) {
    return keyCount == o.keyCount && java.util.Arrays.equals(session, o.session)
        && java.util.Arrays.equals(outcome, o.outcome) && java.util.Arrays.equals(start, o.start)
        && java.util.Arrays.equals(end, o.end) && ops.sameAs(o.ops)
        && java.util.Arrays.equals(listOrderStart, o.listOrderStart)
        && java.util.Arrays.equals(listOrderTxn, o.listOrderTxn)
        && java.util.Arrays.equals(listKey, o.listKey)
        && java.util.Arrays.equals(internalReads, o.internalReads)
        && java.util.Arrays.equals(overwrittenWrites, o.overwrittenWrites);
  }
}
