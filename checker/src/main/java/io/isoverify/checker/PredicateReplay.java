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
import java.util.TreeSet;

/**
 * Replays the predicate reads (vbox) of a witness: each must return exactly the rows whose
 * tested field lies in its range in the state the transaction sees (the commits before it in
 * a serial order, or before its start point under SI, then its own earlier writes). A row
 * state is the fields set on it: absent at first; a write creates a missing row with the
 * fields it sets and sets them on an existing one (the others keep their values); an insert
 * replaces the row by the fields it sets; a delete removes it. The returned rows' values are
 * checked as reads by the caller's replay. O(ops + p x k log k) for p predicate reads and k
 * written keys; the states are swept once in start-point order.
 */
final class PredicateReplay {
  private final History h;
  /** Every key some transaction of the order writes, ascending. */
  private final int[] keys;

  private PredicateReplay(History h, int[] order) {
    this.h = h;
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
        Set<Integer> returned = new HashSet<>();
        for (int i = 1; i <= p.matched(); i++) {
          returned.add(h.opKey(o + i));
        }
        for (int y : keys) {
          String problem = compare(t, p, y, own.containsKey(y) ? own.get(y) : committed.get(y),
              returned.contains(y));
          if (problem != null) {
            return problem;
          }
        }
        for (int y : returned) {
          if (Arrays.binarySearch(keys, y) < 0) {
            return compare(t, p, y, null, true);
          }
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

  /** Null when predicate p of t agrees with {@code row} (null: absent) on key y, else why not. */
  private String compare(int t, PredicateRead p, int y, Map<Long, Long> row, boolean returned) {
    Long v = row == null ? null : row.get(p.field());
    boolean match = v != null && v >= p.low() && v <= p.high();
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
      state.put(h.opKey(o), after(state.get(h.opKey(o)), o));
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
