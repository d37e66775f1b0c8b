package io.isoverify.history.check;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Elle's list-append inference on ONE key (Kingsbury and Alvaro, "Elle: Inferring Isolation
 * Anomalies from Experimental Observations", VLDB 2020, section 4.2, traceable objects),
 * written once for both engines: a pure function of the key's operations ({@link KeyOps},
 * for its appends), its read lists ({@link KeyLists}) and the transactions' outcomes. A read
 * of a list returns every element appended so far, oldest first, so the key's read lists are
 * prefixes of one another and the longest one orders every append it shows.
 *
 * <p>Only the reads of transactions that <em>count</em> impose anything: committed ones, and
 * those with an unknown outcome whose append a counted read list shows (so they committed).
 * That set is a fixpoint over the whole history ({@link ListReduce}), so a run is given
 * either the counted set ({@code counted}, a second pass) or none (a first pass: unknown
 * outcomes are then undecided). One run gives
 * <ul>
 *   <li>the <b>pairs</b> (first pass only): (reader, appender) for every element of a list
 *       read by a transaction that did not abort, appended by one of unknown outcome: the
 *       edges of the fixpoint;</li>
 *   <li>whether the key is <b>decided</b>: the longest list of the counted reads is known
 *       (a first pass cannot know it when an undecided reader's list would be the longest;
 *       such a key is run again once the counted set is known, and nothing else of this run
 *       is valid);</li>
 *   <li>the <b>observed order</b>: the appenders of the longest list's elements, in order,
 *       each transaction once (its appends are consecutive), leaving out elements no
 *       transaction appended or an aborted one did; {@link #listKey()} says a counted reader
 *       read the key as a list (its order is then fixed by the lists, even when empty);</li>
 *   <li>the <b>findings</b> of every read that counts or may count ({@link ListRead}: at most
 *       one per kind and read): IncompatibleOrder, DuplicateElements, and for elements before
 *       the last (the last one is the read's value, which {@link KeyRules} checks as any
 *       read) ThinAirRead, FutureRead, AbortedRead (G1a), IntermediateRead (G1b); values are
 *       local, the key as given.</li>
 * </ul>
 * Appends that no read list shows come after every observed one (a read list that missed
 * them was read when they were not there, and lists only grow); their mutual order is not
 * known, which the polygraph leaves as constraints.
 *
 * <p>Cost per key: O(m + e + sum over reads of the appends of their appenders) for m
 * operations and e list elements; primitive arrays reused from key to key, no object per
 * operation or element. Reads that are prefixes of one stored list ({@link KeyLists#store})
 * count their elements once ({@link ListPrefixes}) unless a check must look at them.
 */
public final class ListRules {
  private static final int APPEND = OpKind.APPEND.ordinal();
  private static final byte COMMITTED = (byte) Outcome.COMMITTED.ordinal();
  private static final byte UNKNOWN = (byte) Outcome.UNKNOWN.ordinal();
  private static final byte ABORTED = (byte) Outcome.ABORTED.ordinal();
  private static final int NO = 0;
  private static final int MAYBE = 1;
  private static final int COUNTS = 2;

  KeyLists lists;
  int key;
  private byte[] outcome;
  private BitSet counted;
  /** The key's appends in operation order; a transaction's appends are [runFrom, runTo). */
  int appends;
  int[] appTxn = new int[16];
  int[] appOp = new int[16];
  int[] appValue = new int[16];
  int[] appRunFrom = new int[16];
  int[] appRunTo = new int[16];
  /** Per local value: the index of its first append, or -1; stamps of the reads' checks. */
  private int[] firstAppend = new int[16];
  int[] valueStamp = new int[16];
  private boolean[] runSeen = new boolean[16];
  private boolean decided;
  private int longest;
  private int orderSize;
  private int[] order = new int[16];
  private final ReadPairs pairs = new ReadPairs();
  final List<NonCycleFinding> findings = new ArrayList<>();
  private final ListRead read = new ListRead(this);
  private final ListPrefixes prefixes = new ListPrefixes(this);
  /** False: every read is checked element by element (the tests' reference). */
  private final boolean shortcuts;

  public ListRules() {
    this(true);
  }

  /** Rules that skip the reads {@link ListPrefixes} knows clean, or (false) check them all. */
  ListRules(boolean shortcuts) {
    this.shortcuts = shortcuts;
  }

  /**
   * Runs the rules on key {@code key} (the caller's code, copied into the findings): its
   * operations {@code ops} and read lists {@code lists}, both in operation-id order and
   * numbering values alike; {@code outcome[t]} is transaction t's Outcome ordinal;
   * {@code counted} the transactions that count, or null on a first pass.
   */
  public void run(KeyOps ops, KeyLists lists, int key, byte[] outcome, BitSet counted) {
    this.lists = lists;
    this.key = key;
    this.outcome = outcome;
    this.counted = counted;
    int values = Math.max(ops.values(), lists.values());
    indexAppends(ops, values);
    prefixes.reset(lists, values);
    pairs.clear();
    orderSize = 0;
    findings.clear();
    if (counted == null) {
      unknownAppends();
    }
    longest = longest();
    if (!decided || longest < 0) {
      return;
    }
    for (int r = 0; r < lists.size(); r++) {
      if (status(lists.txn(r)) != NO && !(shortcuts && prefixes.clean(r, longest))) {
        read.check(r, longest, r + 1);
      }
    }
    observedOrder();
  }

  /** The appends of the block, their transactions' runs, each value's first append. */
  private void indexAppends(KeyOps ops, int values) {
    appends = 0;
    for (int i = 0; i < ops.size(); i++) {
      if (ops.kind(i) == APPEND) {
        if (appends == appTxn.length) {
          int n = appends * 2;
          appTxn = Arrays.copyOf(appTxn, n);
          appOp = Arrays.copyOf(appOp, n);
          appValue = Arrays.copyOf(appValue, n);
          appRunFrom = new int[n];
          appRunTo = new int[n];
          runSeen = new boolean[n];
        }
        appTxn[appends] = ops.txn(i);
        appOp[appends] = ops.op(i);
        appValue[appends++] = ops.value(i);
      }
    }
    for (int a = 0; a < appends; a++) {
      appRunFrom[a] = a > 0 && appTxn[a - 1] == appTxn[a] ? appRunFrom[a - 1] : a;
    }
    for (int a = appends - 1; a >= 0; a--) {
      appRunTo[a] = a + 1 < appends && appTxn[a + 1] == appTxn[a] ? appRunTo[a + 1] : a + 1;
    }
    if (firstAppend.length < values) {
      int n = Math.max(values, firstAppend.length * 2);
      firstAppend = new int[n];
      valueStamp = new int[n];
    }
    Arrays.fill(firstAppend, 0, values, -1);
    Arrays.fill(valueStamp, 0, values, 0);
    for (int a = appends - 1; a >= 0; a--) {
      if (appValue[a] >= 0) {
        firstAppend[appValue[a]] = a;
      }
    }
  }

  /**
   * (reader, unknown-outcome appender) for every element of a non-aborted reader's list, in
   * read and element order: each read visits only its store's positions of such appenders.
   */
  private void unknownAppends() {
    prefixes.indexUnknown();
    int[] positions = prefixes.unknownPositions();
    for (int r = 0; r < lists.size(); r++) {
      int t = lists.txn(r);
      if (outcome[t] == ABORTED) {
        continue;
      }
      int s = lists.store(r);
      int n = lists.length(r);
      for (int p = prefixes.unknownFrom(s); p < prefixes.unknownFrom(s + 1); p++) {
        int i = positions[p];
        if (i >= n) {
          break;
        }
        pairs.add(t, appender(lists.element(r, i)));
      }
    }
  }

  /**
   * The first longest list among the reads that count (operation order breaks ties), or -1;
   * sets {@link #decided}: false when a read that may count would be that list.
   */
  private int longest() {
    int best = -1;
    for (int r = 0; r < lists.size(); r++) {
      if (status(lists.txn(r)) == COUNTS && (best < 0 || lists.length(r) > lists.length(best))) {
        best = r;
      }
    }
    decided = true;
    for (int r = 0; r < lists.size() && decided; r++) {
      if (status(lists.txn(r)) == MAYBE && (best < 0 || lists.length(r) > lists.length(best)
          || lists.length(r) == lists.length(best) && r < best)) {
        decided = false;
      }
    }
    return best;
  }

  /** The appenders of the longest list's elements, each once, aborted ones left out. */
  private void observedOrder() {
    Arrays.fill(runSeen, 0, appends, false);
    int last = -1;
    for (int i = 0; i < lists.length(longest); i++) {
      int a = firstAppend(lists.element(longest, i));
      if (a < 0) {
        continue;
      }
      int w = appTxn[a];
      if (outcome[w] == ABORTED || w == last || runSeen[appRunFrom[a]]) {
        continue;
      }
      runSeen[appRunFrom[a]] = true;
      if (orderSize == order.length) {
        order = Arrays.copyOf(order, orderSize * 2);
      }
      order[orderSize++] = w;
      last = w;
    }
  }

  private int status(int t) {
    byte o = outcome[t];
    if (o == COMMITTED) {
      return COUNTS;
    }
    if (o == ABORTED) {
      return NO;
    }
    return counted == null ? MAYBE : counted.get(t) ? COUNTS : NO;
  }

  /** The index of the first append of local value v, or -1. */
  int firstAppend(int v) {
    return v >= 0 ? firstAppend[v] : -1;
  }

  /** The transaction of the first append of local value v, or -1. */
  int appender(int v) {
    int a = firstAppend(v);
    return a < 0 ? -1 : appTxn[a];
  }

  boolean aborted(int t) {
    return outcome[t] == ABORTED;
  }

  boolean unknown(int t) {
    return outcome[t] == UNKNOWN;
  }

  /** Transaction t's Outcome ordinal. */
  public byte outcome(int t) {
    return outcome[t];
  }

  /** False when the last run could not know the longest counted list (run it again). */
  public boolean decided() {
    return decided;
  }

  /** True when a counted transaction read the key as a list (valid when decided). */
  public boolean listKey() {
    return decided && longest >= 0;
  }

  /** The observed order's length and its transactions, dense ids (valid when decided). */
  public int orderSize() {
    return orderSize;
  }

  public int orderTxn(int i) {
    return order[i];
  }

  /** (list reader, unknown-outcome appender of an element it read), first pass only. */
  public ReadPairs pairs() {
    return pairs;
  }

  /** The findings, by read (valid when decided); key as given, values local. */
  public List<NonCycleFinding> findings() {
    return findings;
  }
}
