package io.isoverify.history.testing;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reference for differential tests on tiny histories (up to about 8 transactions):
 * decides a level by trying every execution, sharing no code with the verifier.
 *
 * <ul>
 *   <li>SER, SSER: every total order of the committed transactions that respects session
 *       order (and, for SSER, real time: T ends before S starts => T first); each
 *       transaction runs atomically, its reads must see the latest write before it or
 *       its own earlier write.
 *   <li>SI: every commit order, and for each transaction every start point (how many
 *       commits it saw); reads see the snapshot at the start plus own writes; no
 *       transaction committed between another's start and commit writes a key the other
 *       writes (first committer wins); a session's transaction starts after its
 *       predecessor committed.
 * </ul>
 * Reads compare values, never writers: a read of a value several transactions wrote may
 * have read it from any of them, whichever the execution puts last before it (veristrong's
 * candidate writers, section 3), so histories with repeated written values are decided as
 * they are. A list-append read (Elle) must return exactly the appends to its key by the
 * transactions it sees, in their order, each one's in program order, then its own earlier
 * appends.
 * A predicate read (vbox) must return exactly the keys whose row, as the reader sees it,
 * has the tested field in range: a row is absent at first; a write creates a missing row
 * with the fields it sets and sets them on an existing one; an insert replaces the row by
 * its fields; a delete removes it (the returned rows' values are checked as reads).
 * Aborted transactions never run; each transaction with an unknown outcome is tried both
 * ways. Cost: O(2^u * n! * n^2) for n transactions and u unknown ones.
 */
public final class BruteForceOracle {
  private final History h;
  private final Level level;
  private final int[] txns;
  private final int n;

  private BruteForceOracle(History h, Level level, int[] txns) {
    this.h = h;
    this.level = level;
    this.txns = txns;
    this.n = txns.length;
  }

  /** True when some execution under {@code level} explains the history. */
  public static boolean holds(History h, Level level) {
    List<Integer> certain = new ArrayList<>();
    List<Integer> unknown = new ArrayList<>();
    for (int t = 0; t < h.txnCount(); t++) {
      switch (h.outcome(t)) {
        case COMMITTED -> certain.add(t);
        case UNKNOWN -> unknown.add(t);
        case ABORTED -> { }
      }
    }
    if (certain.size() + unknown.size() > 12) {
      throw new IllegalArgumentException("the oracle is for tiny histories, not " + h.txnCount());
    }
    for (int mask = 0; mask < (1 << unknown.size()); mask++) {
      List<Integer> chosen = new ArrayList<>(certain);
      for (int u = 0; u < unknown.size(); u++) {
        if ((mask & (1 << u)) != 0) {
          chosen.add(unknown.get(u));
        }
      }
      int[] txns = chosen.stream().mapToInt(Integer::intValue).sorted().toArray();
      if (new BruteForceOracle(h, level, txns).search(new int[txns.length], 0, 0)) {
        return true;
      }
    }
    return false;
  }

  /** Extends the commit order {@code order[0..depth)} (indices into txns); used = bitmask. */
  private boolean search(int[] order, int depth, int used) {
    if (depth == n) {
      return true;
    }
    for (int i = 0; i < n; i++) {
      if ((used & (1 << i)) == 0 && mayFollow(i, order, depth, used)) {
        order[depth] = i;
        if (search(order, depth + 1, used | (1 << i))) {
          return true;
        }
      }
    }
    return false;
  }

  /** Can txns[i] commit next, after order[0..depth)? */
  private boolean mayFollow(int i, int[] order, int depth, int used) {
    int t = txns[i];
    for (int j = 0; j < n; j++) {
      if ((used & (1 << j)) != 0) {
        continue;
      }
      int u = txns[j];
      boolean sessionBefore = h.session(u) == h.session(t) && u < t;
      boolean realTimeBefore = level == Level.SSER && h.startTs(t) != History.NO_TIME
          && h.endTs(u) != History.NO_TIME && h.endTs(u) < h.startTs(t);
      if (sessionBefore || realTimeBefore) {
        return false;
      }
    }
    if (level != Level.SI) {
      return readsMatch(t, order, depth);
    }
    // SI: some start point s (commits seen) works. The session predecessor must be among them.
    int minStart = 0;
    for (int p = 0; p < depth; p++) {
      int u = txns[order[p]];
      if (h.session(u) == h.session(t) && u < t) {
        minStart = p + 1;
      }
    }
    for (int s = depth; s >= minStart; s--) {
      if (readsMatch(t, order, s) && !overwrittenSince(t, order, s, depth)) {
        return true;
      }
    }
    return false;
  }

  /** Do t's reads match the store after the first {@code seen} commits, plus t's own writes? */
  private boolean readsMatch(int t, int[] order, int seen) {
    int[] own = new int[h.keys().size()];
    Arrays.fill(own, Integer.MIN_VALUE);
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      int key = h.opKey(o);
      if (h.predicate(o) != null) {
        if (!predicateMatches(t, o, order, seen)) {
          return false;
        }
      } else if (h.readList(o) != null) {
        if (!Arrays.equals(h.readList(o), list(t, o, order, seen))) {
          return false;
        }
      } else if (h.opKind(o) == OpKind.READ) {
        int expected = own[key] != Integer.MIN_VALUE ? own[key] : lastWrite(key, order, seen);
        if (h.opValue(o) != expected) {
          return false;
        }
      } else if (h.opKind(o).installsVersion()) {
        own[key] = h.opValue(o);
      }
    }
    return true;
  }

  /** Does predicate read o of t return exactly the rows that match, as t sees them? */
  private boolean predicateMatches(int t, int o, int[] order, int seen) {
    PredicateRead p = h.predicate(o);
    Set<Integer> returned = new HashSet<>();
    for (int i = 1; i <= p.matched(); i++) {
      returned.add(h.opKey(o + i));
    }
    for (int key = 0; key < h.keys().size(); key++) {
      Map<Long, Long> row = null;
      for (int q = 0; q < seen; q++) {
        int u = txns[order[q]];
        row = rowAfter(row, u, key, h.endOp(u));
      }
      row = rowAfter(row, t, key, o);
      Long v = row == null ? null : row.get(p.field());
      boolean match = v != null && v >= p.low() && v <= p.high();
      if (match != returned.contains(key)) {
        return false;
      }
    }
    return true;
  }

  /** The row of key after u's writes before operation {@code before}, over {@code row}. */
  private Map<Long, Long> rowAfter(Map<Long, Long> row, int u, int key, int before) {
    for (int o = h.firstOp(u); o < before; o++) {
      if (h.opKey(o) != key || !h.opKind(o).installsVersion()) {
        continue;
      }
      if (h.opKind(o) == OpKind.DELETE) {
        row = null;
        continue;
      }
      row = row == null || h.opKind(o) == OpKind.INSERT ? new HashMap<>() : new HashMap<>(row);
      WrittenFields f = h.writtenFields(o);
      for (int i = 0; f != null && i < f.field().length; i++) {
        row.put(f.field()[i], f.value()[i]);
      }
    }
    return row;
  }

  /**
   * The list a list-append read {@code o} of t must return (Elle): the appends to its key by
   * the first {@code seen} commits of the order, each transaction's in program order, then
   * t's own appends before o.
   */
  private int[] list(int t, int o, int[] order, int seen) {
    int key = h.opKey(o);
    List<Integer> out = new ArrayList<>();
    for (int p = 0; p < seen; p++) {
      appends(txns[order[p]], key, h.endOp(txns[order[p]]), out);
    }
    appends(t, key, o, out);
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  private void appends(int t, int key, int before, List<Integer> out) {
    for (int o = h.firstOp(t); o < before; o++) {
      if (h.opKey(o) == key && h.opKind(o) == OpKind.APPEND) {
        out.add(h.opValue(o));
      }
    }
  }

  /** The value of the key after the first {@code seen} commits of the order. */
  private int lastWrite(int key, int[] order, int seen) {
    for (int p = seen - 1; p >= 0; p--) {
      int v = finalWrite(txns[order[p]], key);
      if (v != Integer.MIN_VALUE) {
        return v;
      }
    }
    return History.INITIAL;
  }

  private int finalWrite(int t, int key) {
    int v = Integer.MIN_VALUE;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key && h.opKind(o).installsVersion()) {
        v = h.opValue(o);
      }
    }
    return v;
  }

  /** First committer wins: did a commit in [start, now) write a key t writes? */
  private boolean overwrittenSince(int t, int[] order, int start, int now) {
    for (int p = start; p < now; p++) {
      int u = txns[order[p]];
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKind(o).installsVersion() && finalWrite(u, h.opKey(o)) != Integer.MIN_VALUE) {
          return true;
        }
      }
    }
    return false;
  }
}
