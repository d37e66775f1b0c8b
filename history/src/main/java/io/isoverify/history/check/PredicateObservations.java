package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 *   <li>A <b>matched row</b> (a read the predicate returned): an ordinary read of its value,
 *       and the version must satisfy θ: when some writers of the value do not, an
 *       observation restricts the read to those that do.
 * </ul>
 * A version's field value is the last one its writer set for the field on the row; a write
 * that does not set it (an update of other fields) inherits it from the version before,
 * which depends on the version order: such a version, a predicate read after the reader's
 * own write of a key whose own version disagrees with the result are not checked, and
 * {@link #unchecked} says so (the level is then UNKNOWN, never HOLDS). A committed
 * transaction's returned row no version of which matches (matched but wrong) is a violation
 * found without search ({@link #addedTo}).
 *
 * <p>Encoding: observation i is {@code reader[i]} (dense transaction), {@code key[i]},
 * {@code op[i]} (the predicate read), candidates {@code candTxn[candStart[i] ..
 * candStart[i+1]-1]} ascending, {@link #INITIAL_STATE} for the initial state.
 *
 * <p>Cost: O(operations + p x k) for p predicate reads and k written keys; the candidates
 * are bounded by {@link #MAX_CANDIDATES} (beyond, {@link #unchecked} says so).
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
  /** The last history computed, by identity: the engine and the certificates ask alike. */
  private static final Map<History, PredicateObservations> LAST =
      java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

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

  private PredicateObservations(int[] reader, int[] key, int[] op, int[] candStart,
      int[] candTxn, long unchecked, String firstUnchecked, int realKeys, int[] virtualReal,
      int[] virtualStart, int[] virtualWriter, int[][] mismatches) {
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
    if (state.fields != null && state.fields.sets(p.field())) {
      long v = state.fields.valueOf(p.field());
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
    if (h.predicates().isEmpty()) {
      return NONE;
    }
    PredicateObservations o = LAST.get(h);
    if (o == null && h.rowFieldsMissing()) {
      // a format that does not carry row fields (Parquet, so far): absent is not known
      o = new PredicateObservations(new int[0], new int[0], new int[0], new int[] {0},
          new int[0], h.predicates().size(), "the history's format does not carry the row "
          + "fields writes set, so no predicate read can be evaluated", 0, new int[0],
          new int[] {0}, new int[0], new int[0][]);
      LAST.put(h, o);
    } else if (o == null) {
      o = new Builder(h).build();
      LAST.put(h, o);
    }
    return o;
  }

  private static final class Builder {
    private final History h;
    /** Per written key, the non-aborted transactions that write it, ascending. */
    private final Map<Integer, IntList> writersOf = new HashMap<>();
    /** (txn, key) -> the row version of that transaction's writes of the key. */
    private final Map<Long, Row> versionOf = new HashMap<>();
    /** (key, field) -> virtual key index. */
    private final Map<KeyField, Integer> virtualOf = new HashMap<>();
    private final IntList virtualReal = new IntList();
    private final List<Long> virtualField = new ArrayList<>();
    private final List<int[]> obs = new ArrayList<>();
    private final List<int[]> cands = new ArrayList<>();
    private final List<int[]> mismatches = new ArrayList<>();
    private long total;
    private long unchecked;
    private String first;

    Builder(History h) {
      this.h = h;
      for (int t = 0; t < h.txnCount(); t++) {
        if (h.isAborted(t)) {
          continue;
        }
        Map<Integer, Row> rows = new HashMap<>();
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (h.opKind(o).installsVersion()) {
            rows.put(h.opKey(o), Row.after(rows.get(h.opKey(o)), h, o));
          }
        }
        for (Map.Entry<Integer, Row> e : rows.entrySet()) {
          writersOf.computeIfAbsent(e.getKey(), k -> new IntList()).add(t);
          versionOf.put(pack(t, e.getKey()), e.getValue());
        }
      }
    }

    PredicateObservations build() {
      int[] writtenKeys = writersOf.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
      for (int t = 0; t < h.txnCount(); t++) {
        if (h.isAborted(t)) {
          continue;
        }
        Map<Integer, Row> own = new HashMap<>();
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          PredicateRead p = h.predicate(o);
          if (p != null) {
            predicateRead(t, o, p, own, writtenKeys);
          } else if (h.opKind(o).installsVersion()) {
            own.put(h.opKey(o), Row.after(own.get(h.opKey(o)), h, o));
          }
        }
      }
      int n = obs.size();
      int[] reader = new int[n];
      int[] key = new int[n];
      int[] op = new int[n];
      int[] start = new int[n + 1];
      int[] cand = new int[(int) total];
      int at = 0;
      for (int i = 0; i < n; i++) {
        reader[i] = obs.get(i)[0];
        key[i] = obs.get(i)[1];
        op[i] = obs.get(i)[2];
        start[i] = at;
        for (int c : cands.get(i)) {
          cand[at++] = c;
        }
      }
      start[n] = at;
      int v = virtualReal.size();
      int[] vStart = new int[v + 1];
      IntList vWriters = new IntList();
      for (int i = 0; i < v; i++) {
        vStart[i] = vWriters.size();
        for (int w : definers(virtualReal.get(i), virtualField.get(i), -1)) {
          vWriters.add(w);
        }
      }
      vStart[v] = vWriters.size();
      return new PredicateObservations(reader, key, op, start, cand, unchecked, first,
          h.keys().size(), virtualReal.toArray(), vStart, vWriters.toArray(),
          mismatches.toArray(new int[0][]));
    }

    private void predicateRead(int t, int o, PredicateRead p, Map<Integer, Row> own, int[] keys) {
      int[] returned = new int[p.matched()];
      for (int i = 0; i < p.matched(); i++) {
        returned[i] = h.opKey(o + 1 + i);
      }
      Arrays.sort(returned);
      for (int y : keys) {
        scanned(t, o, p, own, y, Arrays.binarySearch(returned, y) >= 0);
      }
      for (int i = 0; i < returned.length; i++) {
        if ((i == 0 || returned[i] != returned[i - 1]) && !writersOf.containsKey(returned[i])) {
          if (h.isCommitted(t)) {
            mismatches.add(new int[] {t, o, returned[i], returnedRead(o, p, returned[i])});
          } else {
            skip("the predicate read of " + h.showTxn(t) + " (outcome unknown) returned key "
                + h.showKey(returned[i]) + ", which no transaction writes");
          }
        }
      }
    }

    /** The observation of key y by predicate read o of t: it saw a version that matches iff returned. */
    private void scanned(int t, int o, PredicateRead p, Map<Integer, Row> own, int y,
        boolean returned) {
      int mine = matches(own.get(y), p);
      if (own.containsKey(y) && mine >= 0) {
        if ((mine == 1) != returned && h.isCommitted(t)) {
          mismatches.add(new int[] {t, o, y, -1});
        } else if ((mine == 1) != returned) {
          skip("the predicate read of " + h.showTxn(t) + " (outcome unknown) disagrees with "
              + "its own earlier write of key " + h.showKey(y));
        }
        return;
      }
      int[] definers = definers(y, p.field(), t);
      IntList found = new IntList();
      if (!returned) {
        found.add(INITIAL_STATE);
      }
      for (int w : definers) {
        if ((matches(versionOf.get(pack(w, y)), p) == 1) == returned) {
          found.add(w);
        }
      }
      if (found.size() == 0 && h.isCommitted(t)) {
        mismatches.add(new int[] {t, o, y, returnedRead(o, p, y)});
      } else if (found.size() == 0) {
        skip("the predicate read of " + h.showTxn(t) + " (outcome unknown) returned key "
            + h.showKey(y) + ", but no version of it matches the predicate");
      } else if (found.size() < definers.length + 1 && !(returned && readMatching(t, o, p, y))) {
        // every version and the initial state allowed says nothing; a returned row read from
        // one version that fixes the field and matches says nothing more than its read
        add(t, keyOf(y, p.field()), o, found.toArray());
      }
    }

    /**
     * True when the read that follows predicate read o for key y has one writer, whose
     * version fixes the field and matches, and every version of y fixes it (the read alone
     * says what the observation would).
     */
    private boolean readMatching(int t, int o, PredicateRead p, int y) {
      int r = returnedRead(o, p, y);
      if (r < 0 || h.opKind(r) != OpKind.READ || h.opValue(r) == History.INITIAL
          || keyOf(y, p.field()) != y) {
        return false;
      }
      int writer = -1;
      IntList all = writersOf.get(y);
      for (int i = 0; i < all.size(); i++) {
        int w = all.get(i);
        if (w != t && installed(w, y, h.opValue(r))) {
          if (writer >= 0) {
            return false;
          }
          writer = w;
        }
      }
      return writer >= 0 && matches(versionOf.get(pack(writer, y)), p) == 1;
    }

    private boolean installed(int w, int key, int value) {
      int last = History.NO_VALUE;
      for (int o = h.firstOp(w); o < h.endOp(w); o++) {
        if (h.opKey(o) == key && h.opKind(o).installsVersion()) {
          last = h.opValue(o);
        }
      }
      return last == value;
    }

    /** The read after predicate read o that returned key y. */
    private int returnedRead(int o, PredicateRead p, int y) {
      for (int i = 1; i <= p.matched(); i++) {
        if (h.opKey(o + i) == y) {
          return o + i;
        }
      }
      return -1;
    }

    /**
     * The transactions other than {@code except} whose version of y fixes field f: they set
     * it, or start the row afresh (insert, delete). A version that does not keeps the value
     * of the one before it (vbox's versions of one field).
     */
    private int[] definers(int y, long f, int except) {
      IntList out = new IntList();
      IntList all = writersOf.get(y);
      for (int i = 0; all != null && i < all.size(); i++) {
        int w = all.get(i);
        if (w != except && defines(versionOf.get(pack(w, y)), f)) {
          out.add(w);
        }
      }
      return out.toArray();
    }

    /**
     * The key the graph orders field f of y on: y itself when every version of y fixes f,
     * else a virtual key whose versions are those that do (their order is y's: both give WW
     * edges between the same transactions, and opposite ones close a cycle).
     */
    private int keyOf(int y, long f) {
      if (definers(y, f, -1).length == writersOf.get(y).size()) {
        return y;
      }
      Integer v = virtualOf.get(new KeyField(y, f));
      if (v == null) {
        v = virtualReal.size();
        virtualOf.put(new KeyField(y, f), v);
        virtualReal.add(y);
        virtualField.add(f);
      }
      return h.keys().size() + v;
    }

    private void add(int t, int y, int o, int[] candidates) {
      if (total + candidates.length > MAX_CANDIDATES) {
        skip("the predicate reads have more than " + MAX_CANDIDATES + " candidate versions");
        return;
      }
      total += candidates.length;
      obs.add(new int[] {t, y, o});
      cands.add(candidates);
    }

    private void skip(String why) {
      if (unchecked++ == 0) {
        first = why;
      }
    }

    private static long pack(int t, int key) {
      return ((long) t << 32) | (key & 0xffffffffL);
    }
  }

  private record KeyField(int key, long field) {}

  /** A growable int array. */
  private static final class IntList {
    private int[] a = new int[8];
    private int n;

    void add(int v) {
      if (n == a.length) {
        a = Arrays.copyOf(a, n * 2);
      }
      a[n++] = v;
    }

    int size() {
      return n;
    }

    int get(int i) {
      return a[i];
    }

    int[] toArray() {
      return Arrays.copyOf(a, n);
    }
  }
}
