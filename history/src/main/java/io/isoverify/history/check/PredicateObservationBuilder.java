package io.isoverify.history.check;

import static io.isoverify.history.check.PredicateObservations.INITIAL_STATE;
import static io.isoverify.history.check.PredicateObservations.MAX_CANDIDATES;
import static io.isoverify.history.check.PredicateObservations.defines;
import static io.isoverify.history.check.PredicateObservations.matches;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.check.PredicateObservations.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Computes {@link PredicateObservations} of one history: every non-aborted transaction's
 * version of every key it writes (its writes folded), then per predicate read and written
 * key the versions it allows. O(operations + p x k) for p predicate reads and k written keys.
 */
final class PredicateObservationBuilder {
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

  PredicateObservationBuilder(History h) {
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

  private record KeyField(int key, long field) {}

  /** A growable int array. */
  static final class IntList {
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
