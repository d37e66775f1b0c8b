package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Replays the predicate reads (vbox) of a witness: each must return exactly the rows whose
 * tested field lies in its range in the state the transaction sees (the commits before it in
 * a serial order, or before its start point under SI, then its own earlier writes). A row
 * state is the fields set on it: absent at first; a write creates a missing row with the
 * fields it sets and sets them on an existing one (the others keep their values); an insert
 * replaces the row by the fields it sets; a delete removes it. The returned rows' values are
 * checked as reads by the caller's replay. The committed state keeps, per tested field, its
 * rows by value, so a predicate read looks at the rows in its range and the transaction's
 * own: O(ops x fields log k + p x (rows in range + own writes) log k) for p predicate reads
 * and k written keys; the states are swept once in start-point order.
 */
final class PredicateReplay {
  private final History h;
  /** Every key some transaction of the order writes, ascending. */
  private final int[] keys;

  /** Per tested field: value -> the keys whose committed row has it. */
  private final Map<Long, TreeMap<Long, Set<Integer>>> byValue = new HashMap<>();

  private PredicateReplay(History h, int[] order) {
    this.h = h;
    for (PredicateRead p : h.predicates().values()) {
      byValue.computeIfAbsent(p.field(), f -> new TreeMap<>());
    }
    TreeSet<Integer> written = new TreeSet<>();
    for (int t : order) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (Transactions.isWrite(h, o)) {
          written.add(h.opKey(o));
        }
      }
    }
    keys = written.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Null when every predicate read of {@code order[i]} returns what the state after the first
   * {@code seen[i]} transactions of the order, then its own earlier writes, holds; else the
   * problem.
   */
  static String problem(History h, int[] order, int[] seen) {
    if (h.predicates().isEmpty()) {
      return null;
    }
    return new PredicateReplay(h, order).sweep(order, seen);
  }

  private String sweep(int[] order, int[] seen) {
    Integer[] byStart = new Integer[order.length];
    for (int i = 0; i < order.length; i++) {
      byStart[i] = i;
    }
    Arrays.sort(byStart, (a, b) -> Integer.compare(seen[a], seen[b]));
    Map<Integer, Map<Long, Long>> state = new HashMap<>();
    int applied = 0;
    for (int i : byStart) {
      while (applied < seen[i]) {
        int u = order[applied++];
        for (int o = h.firstOp(u); o < h.endOp(u); o++) {
          apply(state, o);
        }
      }
      String problem = transaction(order[i], state);
      if (problem != null) {
        return problem;
      }
    }
    return null;
  }

  /** Checks t's predicate reads over {@code committed} plus its own writes. */
  private String transaction(int t, Map<Integer, Map<Long, Long>> committed) {
    Map<Integer, Map<Long, Long>> own = new HashMap<>();
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      PredicateRead p = h.predicate(o);
      if (p != null) {
        String problem = predicateRead(t, p, o, committed, own);
        if (problem != null) {
          return problem;
        }
      } else if (Transactions.isWrite(h, o)) {
        int y = h.opKey(o);
        if (!own.containsKey(y)) {
          Map<Long, Long> base = committed.get(y);
          own.put(y, base == null ? null : new HashMap<>(base));
        }
        own.put(y, after(own.get(y), o));
      }
    }
    return null;
  }

  /**
   * Null when predicate read o of t returned exactly the rows that match in its state, else
   * the problem with the smallest written key (else a returned row no one writes): the rows
   * matching are those of the committed state in the range that t did not write, and those
   * t wrote that match.
   */
  private String predicateRead(int t, PredicateRead p, int o,
      Map<Integer, Map<Long, Long>> committed, Map<Integer, Map<Long, Long>> own) {
    int[] returned = new int[p.matched()];
    for (int i = 1; i <= p.matched(); i++) {
      returned[i - 1] = h.opKey(o + i);
    }
    returned = sortedDistinct(returned, returned.length);
    int[] matching = new int[16];
    int n = 0;
    for (Set<Integer> ys : byValue.get(p.field()).subMap(p.low(), true, p.high(), true)
        .values()) {
      for (int y : ys) {
        if (!own.containsKey(y)) {
          matching = n == matching.length ? Arrays.copyOf(matching, 2 * n) : matching;
          matching[n++] = y;
        }
      }
    }
    for (Map.Entry<Integer, Map<Long, Long>> e : own.entrySet()) {
      if (matches(p, e.getValue())) {
        matching = n == matching.length ? Arrays.copyOf(matching, 2 * n) : matching;
        matching[n++] = e.getKey();
      }
    }
    matching = sortedDistinct(matching, n);
    // the smallest key matching but not returned, or returned, written and not matching;
    // else the smallest returned row no transaction writes
    int first = Integer.MAX_VALUE;
    int unwritten = Integer.MAX_VALUE;
    for (int y : matching) {
      if (Arrays.binarySearch(returned, y) < 0) {
        first = y;
        break;
      }
    }
    for (int y : returned) {
      if (Arrays.binarySearch(matching, y) < 0) {
        if (Arrays.binarySearch(keys, y) >= 0) {
          first = Math.min(first, y);
          break;
        }
        unwritten = Math.min(unwritten, y);
      }
    }
    if (first == Integer.MAX_VALUE) {
      first = unwritten;
    }
    if (first == Integer.MAX_VALUE) {
      return null;
    }
    int y = first;
    return compare(t, p, y, own.containsKey(y) ? own.get(y) : committed.get(y),
        Arrays.binarySearch(returned, y) >= 0);
  }

  /** The first n entries of a, sorted, without repeats. */
  private static int[] sortedDistinct(int[] a, int n) {
    Arrays.sort(a, 0, n);
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (m == 0 || a[m - 1] != a[i]) {
        a[m++] = a[i];
      }
    }
    return Arrays.copyOf(a, m);
  }

  private static boolean matches(PredicateRead p, Map<Long, Long> row) {
    Long v = row == null ? null : row.get(p.field());
    return v != null && v >= p.low() && v <= p.high();
  }

  /** Null when predicate p of t agrees with {@code row} (null: absent) on key y, else why not. */
  private String compare(int t, PredicateRead p, int y, Map<Long, Long> row, boolean returned) {
    boolean match = matches(p, row);
    if (match == returned) {
      return null;
    }
    return "the predicate read of " + h.showTxn(t) + " (field " + p.field() + " in ["
        + p.low() + ", " + p.high() + "]) " + (match ? "did not return" : "returned")
        + " key " + h.showKey(y) + ", which in the witness's order "
        + (match ? "matches it" : "does not match it");
  }

  private void apply(Map<Integer, Map<Long, Long>> state, int o) {
    if (Transactions.isWrite(h, o)) {
      int y = h.opKey(o);
      Map<Long, Long> before = state.get(y);
      Map<Long, Long> now = after(before, o);
      for (Map.Entry<Long, TreeMap<Long, Set<Integer>>> f : byValue.entrySet()) {
        Long was = before == null ? null : before.get(f.getKey());
        Long is = now == null ? null : now.get(f.getKey());
        if (was != null && !was.equals(is)) {
          Set<Integer> ys = f.getValue().get(was);
          ys.remove(y);
          if (ys.isEmpty()) {
            f.getValue().remove(was);
          }
        }
        if (is != null && !is.equals(was)) {
          f.getValue().computeIfAbsent(is, v -> new HashSet<>()).add(y);
        }
      }
      state.put(y, now);
    }
  }

  /** The row after write o over {@code row} (null: absent). */
  private Map<Long, Long> after(Map<Long, Long> row, int o) {
    OpKind k = h.opKind(o);
    if (k == OpKind.DELETE) {
      return null;
    }
    Map<Long, Long> out = row == null || k == OpKind.INSERT ? new HashMap<>() : new HashMap<>(row);
    WrittenFields f = h.writtenFields(o);
    if (f != null) {
      for (int i = 0; i < f.field().length; i++) {
        out.put(f.field()[i], f.value()[i]);
      }
    }
    return out;
  }
}
