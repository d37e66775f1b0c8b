package io.isoverify.history.check;

import io.isoverify.history.Beside;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * What the predicate reads of a history say about the versions their transactions saw
 * (vbox, Sun and Zou, "Vbox: Efficient Black-Box Serializability Verification", sections 2
 * and 4.1), as <em>observations</em>: a transaction saw one of a given set of versions of a
 * key. Each becomes a WR constraint of the hyper-polygraph (graph-partitioning's {@code
 * Versions}), so the pruning, the solver and the certificates handle it as a read with
 * several candidate writers: the candidate W brings W -WR-> R and R -RW-> U for every
 * version U after W's. That is vbox's predicate constraint (its edge set E_θ,t_m per
 * candidate t_m, Eq. 5), with anti-dependencies to every later version rather than only
 * the ones that satisfy θ: a reader that saw W's version sits between it and the next one
 * in any serial order, so both formulations have the same acyclic completions (Theorem
 * 4.1), and this one is exactly the item reads' rule (one version per reader and key: two
 * observations of a key by one reader naming different versions close a cycle).
 *
 * <ul>
 *   <li>An <b>unknown θ-read</b> (a key the predicate read scanned but did not return): the
 *       reader saw one of the versions on which θ is false: the initial state (the row does
 *       not exist yet), a deleted row, or a version whose tested field lies outside the
 *       range or is absent. Keys no transaction writes, and keys every one of whose versions
 *       makes θ false, say nothing and give no observation. Every key the history writes is
 *       scanned: the predicate ranges over the whole table.
 *   <li>A <b>matched row</b> (a row the predicate returned): the reader saw a version on
 *       which θ is true (nothing more is said when its read's one writer fixes the field
 *       and matches).
 * </ul>
 * A version <em>fixes</em> a field when its writer sets it, inserts or deletes the row; one
 * that does not (an update of other fields) inherits the value of the version before, which
 * the version order decides. The observation is then about a <em>virtual key</em> (the
 * key's versions that fix the field, numbered after the history's keys, {@link
 * #virtualKeyCount}, {@link #realKey}): the graph orders it like any key, and its WW edges
 * join the same transactions as the key's, so opposite orders close a cycle. A committed
 * transaction's predicate read that returned a row no version of which matches (matched
 * but wrong), or that disagrees with its own earlier write of the row, is a violation found
 * without search ({@link #addedTo}). Left unchecked, and said by {@link #unchecked} (the
 * level is then UNKNOWN, never HOLDS): the same for a reader of unknown outcome, more than
 * {@link #MAX_CANDIDATES} candidates, and a history whose format did not carry the row
 * fields ({@link History#rowFieldsMissing}).
 *
 * <p>Encoding: observation i is {@code reader[i]} (dense transaction), {@code key[i]},
 * {@code op[i]} (the predicate read), candidates {@code candTxn[candStart[i] ..
 * candStart[i+1]-1]} ascending, {@link #INITIAL_STATE} for the initial state.
 *
 * <p>Cost: O(operations + versions log versions), then per predicate read O(log versions +
 * keys with a version in its range) and O(versions) per such key
 * ({@link PredicateObservationBuilder}); the candidates are bounded by {@link
 * #MAX_CANDIDATES} (beyond, {@link #unchecked} says so). {@link #realTime} gives SSER's
 * observations, without the candidates real-time order rules out.
 */
public final class PredicateObservations {
  /** The candidate that stands for the key's initial state. */
  public static final int INITIAL_STATE = -1;
  /** The most candidates kept over all observations. */
  public static final long MAX_CANDIDATES = 20_000_000L;
  /** No observation. */
  public static final PredicateObservations NONE = new PredicateObservations(new int[0],
      new int[0], new int[0], new int[] {0}, new int[0], 0, null, 0, new int[0], new int[] {0},
      new int[0], new int[0][]);
  /** The histories computed, by identity: the engine and the certificates ask alike. */
  private static final Map<History, Computed> LAST = new java.util.WeakHashMap<>();

  private final int[] reader;
  private final int[] key;
  private final int[] op;
  private final int[] candStart;
  private final int[] candTxn;
  private final long unchecked;
  private final String firstUnchecked;
  private final int realKeys;
  private final int[] virtualReal;
  private final int[] virtualStart;
  private final int[] virtualWriter;
  /** Matched-but-wrong rows: reader, predicate read, key, the returned row's read, per entry. */
  private final int[][] mismatches;
  /** True when the scan stopped at the cap: {@link #unchecked} counts the places before only. */
  private final boolean stoppedAtCap;

  PredicateObservations(int[] reader, int[] key, int[] op, int[] candStart,
      int[] candTxn, long unchecked, String firstUnchecked, int realKeys, int[] virtualReal,
      int[] virtualStart, int[] virtualWriter, int[][] mismatches) {
    this(reader, key, op, candStart, candTxn, unchecked, firstUnchecked, realKeys, virtualReal,
        virtualStart, virtualWriter, mismatches, false);
  }

  private PredicateObservations(int[] reader, int[] key, int[] op, int[] candStart,
      int[] candTxn, long unchecked, String firstUnchecked, int realKeys, int[] virtualReal,
      int[] virtualStart, int[] virtualWriter, int[][] mismatches, boolean stoppedAtCap) {
    this.stoppedAtCap = stoppedAtCap;
    this.reader = reader;
    this.key = key;
    this.op = op;
    this.candStart = candStart;
    this.candTxn = candTxn;
    this.unchecked = unchecked;
    this.firstUnchecked = firstUnchecked;
    this.realKeys = realKeys;
    this.virtualReal = virtualReal;
    this.virtualStart = virtualStart;
    this.virtualWriter = virtualWriter;
    this.mismatches = mismatches;
  }

  public int count() {
    return reader.length;
  }

  public int reader(int i) {
    return reader[i];
  }

  /** The key observation i is about: a key of the history, or a virtual key (below). */
  public int key(int i) {
    return key[i];
  }

  /** The predicate read that made observation i. */
  public int op(int i) {
    return op[i];
  }

  public int candStart(int i) {
    return candStart[i];
  }

  public int candEnd(int i) {
    return candStart[i + 1];
  }

  /** Candidate c (between candStart and candEnd): a dense transaction or INITIAL_STATE. */
  public int candTxn(int c) {
    return candTxn[c];
  }

  /**
   * How many virtual keys there are: key {@code realKeys + v} stands for one field of a key
   * whose versions do not all fix that field; its versions are those that do.
   */
  public int virtualKeyCount() {
    return virtualReal.length;
  }

  /** The key of the history a key code stands for (itself, or a virtual key's key). */
  public int realKey(int k) {
    return k < realKeys ? k : virtualReal[k - realKeys];
  }

  /** The transactions with a version of virtual key v (0-based), ascending. */
  public int[] virtualWriters(int v) {
    return Arrays.copyOfRange(virtualWriter, virtualStart[v], virtualStart[v + 1]);
  }

  /**
   * The same observations in another history's ids: those of a history made of part of a
   * larger one (the Spark engine builds one from the transactions that write or read by
   * predicate, {@code io.isoverify.spark.stages.PredicateStage}) stated in the larger one's
   * transactions, keys and operations. {@code key} must keep the keys' order (the
   * observations are made in ascending key order); virtual keys are numbered after
   * {@code keys}, the larger history's key count, in the same order. O(observations +
   * candidates + virtual keys' versions).
   *
   * @param txnOf a transaction of this history to the larger one's
   * @param keyOf a key of this history (not a virtual one) to the larger one's
   * @param opOf an operation of this history to the larger one's
   */
  public PredicateObservations renumbered(IntUnaryOperator txnOf, IntUnaryOperator keyOf,
      IntUnaryOperator opOf, int keys) {
    IntUnaryOperator anyKey = k -> k < realKeys ? keyOf.applyAsInt(k) : keys + (k - realKeys);
    IntUnaryOperator candidate = t -> t == INITIAL_STATE ? t : txnOf.applyAsInt(t);
    int[][] m = new int[mismatches.length][];
    for (int i = 0; i < m.length; i++) {
      int[] e = mismatches[i];
      m[i] = new int[] {txnOf.applyAsInt(e[0]), opOf.applyAsInt(e[1]), keyOf.applyAsInt(e[2]),
          e[3] < 0 ? e[3] : opOf.applyAsInt(e[3])};
    }
    return new PredicateObservations(map(reader, txnOf), map(key, anyKey), map(op, opOf),
        candStart, map(candTxn, candidate), unchecked, firstUnchecked, keys,
        map(virtualReal, keyOf), virtualStart, map(virtualWriter, txnOf), m, stoppedAtCap);
  }

  /**
   * These observations from a scan that stopped at the candidate cap, with the mismatches of
   * {@code complete}, a scan of the same history that went to its end (SSER's: a returned row
   * that no version of its key matches does not depend on real time, nor does a disagreement
   * with the reader's own write), put in reader and operation order as this scan makes them.
   */
  PredicateObservations stoppedAtCap(PredicateObservations complete) {
    int[][] m = complete.mismatches.clone();
    // stable: within one predicate read both scans visit the keys in one order
    java.util.Arrays.sort(m, java.util.Comparator.<int[]>comparingInt(e -> e[0])
        .thenComparingInt(e -> e[1]));
    return new PredicateObservations(reader, key, op, candStart, candTxn, unchecked,
        firstUnchecked, realKeys, virtualReal, virtualStart, virtualWriter, m, true);
  }

  /**
   * True when {@link #unchecked} is a lower bound: the scan stopped at the candidate cap, so
   * the places after it were not counted (only when SSER's scan was made beside it).
   */
  public boolean uncheckedIsLowerBound() {
    return stoppedAtCap;
  }

  private static int[] map(int[] a, IntUnaryOperator f) {
    int[] out = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = f.applyAsInt(a[i]);
    }
    return out;
  }

  /** How many places of predicate reads are not checked (see the class comment). */
  public long unchecked() {
    return unchecked;
  }

  /** Why the first of them is not, or null when every one is. */
  public String firstUnchecked() {
    return firstUnchecked;
  }

  /**
   * {@code found} with the predicate reads' matched-but-wrong rows added ({@link
   * Anomaly#PREDICATE_MISMATCH}: a committed transaction's predicate read returned a row no
   * version of which matches it, whatever the version order, or disagrees with the
   * transaction's own earlier write of the row), {@code examples} certificates kept
   * (transaction, key, operations: the predicate read, and the returned row's operation
   * unless the own write is the reason).
   */
  public NonCycleFindings addedTo(NonCycleFindings found, int examples) {
    if (found.duplicate() != null || mismatches.length == 0) {
      return found;
    }
    List<Certificate> out = new ArrayList<>(found.examples());
    Map<Anomaly, Long> counts = new EnumMap<>(Anomaly.class);
    counts.putAll(found.counts());
    for (int[] m : mismatches) {
      if (counts.merge(Anomaly.PREDICATE_MISMATCH, 1L, Long::sum) <= examples) {
        out.add(new Certificate(Anomaly.PREDICATE_MISMATCH, new int[] {m[0]}, new int[] {m[2]},
            m[3] < 0 ? new int[] {m[1]} : new int[] {m[1], m[3]}, List.of()));
      }
    }
    return new NonCycleFindings(out, counts, null);
  }

  /** True when the version fixes field f: it sets it, or starts the row afresh. */
  public static boolean defines(Row state, long f) {
    return state != null && (state.deleted || state.fromScratch
        || (state.fields != null && state.fields.sets(f)));
  }

  /**
   * θ on one row version: 1 true, 0 false, -1 unknown (the field is inherited from a
   * version before, which the version order decides). {@code state} is the version's
   * {@link Row} or null for the initial state.
   */
  public static int matches(Row state, PredicateRead p) {
    if (state == null || state.deleted) {
      return 0;
    }
    int at = state.fields == null ? -1 : state.fields.indexOf(p.field());
    if (at >= 0) {
      long v = state.fields.valueAt(at);
      return v >= p.low() && v <= p.high() ? 1 : 0;
    }
    return state.fromScratch ? 0 : -1;
  }

  /**
   * A row version as far as one transaction's writes show it: the fields they set, whether
   * they started from nothing (an insert or a delete: fields not set are absent) and whether
   * the last one deleted the row.
   */
  public record Row(WrittenFields fields, boolean fromScratch, boolean deleted) {
    /** This version with write {@code o} of {@code h} applied over it (null: no write yet). */
    public static Row after(Row before, History h, int o) {
      OpKind k = h.opKind(o);
      if (k == OpKind.DELETE) {
        return new Row(null, true, true);
      }
      WrittenFields set = h.writtenFields(o);
      if (k == OpKind.INSERT || before == null || before.deleted) {
        boolean scratch = k == OpKind.INSERT || (before != null && before.deleted);
        return new Row(set, scratch, false);
      }
      return new Row(WrittenFields.over(before.fields, set), before.fromScratch, false);
    }
  }

  /** The observations of {@code h}'s predicate reads (computed once per history). */
  public static PredicateObservations of(History h) {
    return get(h, true, false)[0];
  }

  /**
   * The observations of {@code h}'s predicate reads once real time counts (SSER): the same,
   * less the candidates that real-time order rules out for a committed reader with client
   * timestamps (vbox's predicate constraint avoidance, section 4.4: a version another one
   * overwrote, by real time, before the reader started; a version begun after the reader
   * ended), and the observations that then say nothing. Virtual keys are numbered as in
   * {@link #of}. The same object as {@link #of} when the history has no timestamps. Made
   * without {@link #of}'s scan when that is not asked for (a run of SSER alone: the
   * blindw-pred 100k history's plain scan, past the candidate cap, was 4 s of a thread).
   */
  public static PredicateObservations realTime(History h) {
    return get(h, false, true)[1];
  }

  /**
   * Makes the observations asked for that are not made yet; both scans at once when both are
   * asked (the plain one on a thread of its own), their virtual keys numbered plain first.
   */
  public static void prepare(History h, boolean plain, boolean realTime) {
    get(h, plain, realTime);
  }

  /**
   * The history key that key code {@code k} of any observations of {@code h} made so far
   * stands for: {@code k} itself, or a virtual key's real one (the codes are shared,
   * {@link PredicateObservationBuilder.Shared}).
   */
  public static int realKey(History h, int k) {
    if (k < h.keys().size()) {
      return k;
    }
    Computed c = computed(h);
    synchronized (c) {
      if (c.shared == null || k - h.keys().size() >= c.shared.virtual.count()) {
        throw new IllegalArgumentException("no observation of the history has key code " + k);
      }
      return c.shared.virtual.real.get(k - h.keys().size());
    }
  }

  /** How many virtual keys the observations of {@code h} made so far use together. */
  public static int virtualKeyCount(History h) {
    Computed c = computed(h);
    synchronized (c) {
      return c.shared == null ? 0 : c.shared.virtual.count();
    }
  }

  /** One history's observations, each made on first use, and what their scans share. */
  private static final class Computed {
    private PredicateObservationBuilder.Shared shared;
    private PredicateObservations plain;
    private PredicateObservations realTime;
  }

  private static Computed computed(History h) {
    synchronized (LAST) {
      return LAST.computeIfAbsent(h, x -> new Computed());
    }
  }

  private static PredicateObservations[] get(History h, boolean plain, boolean realTime) {
    if (h.predicates().isEmpty()) {
      return new PredicateObservations[] {NONE, NONE};
    }
    Computed c = computed(h);
    synchronized (c) {
      if (h.rowFieldsMissing() && c.plain == null) {
        // a format that does not carry row fields (Parquet, so far): absent is not known
        c.plain = new PredicateObservations(new int[0], new int[0], new int[0], new int[] {0},
            new int[0], h.predicates().size(), "the history's format does not carry the row "
            + "fields writes set, so no predicate read can be evaluated", 0, new int[0],
            new int[] {0}, new int[0], new int[0][]);
        c.realTime = c.plain;
      }
      boolean timed = PredicateObservationBuilder.timed(h);
      boolean makePlain = (plain || realTime && !timed) && c.plain == null;
      boolean makeTimed = realTime && timed && c.realTime == null;
      if (makePlain || makeTimed) {
        if (c.shared == null) {
          c.shared = new PredicateObservationBuilder.Shared(h);
        }
        PredicateObservationBuilder.Shared shared = c.shared;
        // made beside SSER's, the plain scan stops at the cap: what it would still find
        // past it are mismatches, which SSER's scan finds alike (stoppedAtCap)
        Beside<PredicateObservationBuilder> beside = makePlain && makeTimed
            ? Beside.start("predicate-reads",
                () -> PredicateObservationBuilder.plain(h, shared, true))
            : null;
        PredicateObservationBuilder timedScan = makeTimed
            ? PredicateObservationBuilder.realTime(h, shared) : null;
        PredicateObservationBuilder plainScan = beside != null ? beside.join()
            : makePlain ? PredicateObservationBuilder.plain(h, shared) : null;
        if (plainScan != null) {
          c.plain = plainScan.finish(shared);
        }
        if (timedScan != null) {
          c.realTime = timedScan.finish(shared);
        }
        if (plainScan != null && plainScan.stopped()) {
          c.plain = c.plain.stoppedAtCap(c.realTime);
        }
      }
      if (!timed) {
        c.realTime = c.plain;
      }
      return new PredicateObservations[] {c.plain, c.realTime};
    }
  }
}
