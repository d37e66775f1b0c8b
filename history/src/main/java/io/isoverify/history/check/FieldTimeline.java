package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import java.util.Arrays;

/**
 * One tested field's versions on a time line, for {@link RealTimeVersions}: per key its
 * committed timed definers sorted by start, each with its <em>shadow time</em> sigma(w) (the
 * earliest end of a definer of the key that starts after w ended: a reader that starts after
 * sigma(w) cannot see w), and its other definers (uncommitted or untimed: always
 * candidates). A reader R sees w iff start(w) &lt;= end(R) and sigma(w) &gt;= start(R).
 *
 * <p>Queries come as a <b>sweep</b> over the readers by start: the definers that started by
 * the current reader's start and whose sigma is not yet passed are kept in a list per key,
 * and (those that set the field) in a bucket per value; an entry whose sigma falls behind the
 * sweep is unlinked the next time its list is walked, so it is visited O(1) times after its
 * last use. Per key, the definers that start during the reader's life follow the key's cursor
 * in start order. A query then costs O(live entries + definers starting during the reader +
 * log) instead of binary searches per key (the cost that dominated vbox's BlindW-Pred at SSER:
 * 20 M key visits at 100k transactions). Building: O(definers log definers).
 *
 * <p>Most visits find one live definer that nothing has changed since the key's last walk
 * (90% of BlindW-Pred's 20.9 M visits at 100k transactions; only 1.5% of all visits make an
 * observation). {@link #sole} answers those from one packed slot per key, which every walk
 * refreshes, without touching the per-definer arrays: their random accesses, not the walk,
 * were the cost (about 300 ns a visit, then as much again to look the version up in the
 * {@link VersionTable}). {@link #freshSweep} gives another sweep (another thread's) over the
 * same definers.
 */
final class FieldTimeline {
  /** Per key (CSR), the committed timed definers sorted by start: version, start, sigma. */
  private final int[] keyStart;
  private final int[] at;
  private final long[] start;
  private final long[] sigma;
  /** Per key, the earliest end of its timed definers (Long.MAX_VALUE when none). */
  private final long[] minEnd;
  /** Per key (CSR), the uncommitted or untimed definers: always candidates. */
  private final int[] alwaysStart;
  private final int[] alwaysAt;
  /** Sweep state per key: the first definer not started by the sweep, the started list. */
  private final int[] cursor;
  private final int[] head;
  private final int[] next;
  /**
   * Per key, 4 longs left by its last walk: the sigma of its one live definer (Long.MIN_VALUE
   * when the walk left none or several, or the key has untimed definers), the start of its
   * next definer not started (Long.MAX_VALUE: none), the value that definer sets, and its
   * version position (bit 63: it sets the field, else the row has no such field) over its
   * transaction.
   */
  private final long[] sole;
  private final VersionTable versions;
  private final int field;

  /** The definers that set the field, by value: the keys in a range. */
  private final ValueTimeline values;

  FieldTimeline(History h, VersionTable versions, int f, Timed timed) {
    this.versions = versions;
    this.field = f;
    int keys = h.keys().size();
    keyStart = new int[keys + 1];
    alwaysStart = new int[keys + 1];
    for (int y = 0; y < keys; y++) {
      for (int v = versions.first(y); v < versions.end(y); v++) {
        if (versions.defines(f, v)) {
          if (timed.test(versions.txn(v))) {
            keyStart[y + 1]++;
          } else {
            alwaysStart[y + 1]++;
          }
        }
      }
      keyStart[y + 1] += keyStart[y];
      alwaysStart[y + 1] += alwaysStart[y];
    }
    int n = keyStart[keys];
    at = new int[n];
    start = new long[n];
    sigma = new long[n];
    minEnd = new long[keys];
    alwaysAt = new int[alwaysStart[keys]];
    for (int y = 0; y < keys; y++) {
      int i = keyStart[y];
      int a = alwaysStart[y];
      for (int v = versions.first(y); v < versions.end(y); v++) {
        if (versions.defines(f, v)) {
          if (timed.test(versions.txn(v))) {
            at[i++] = v;
          } else {
            alwaysAt[a++] = v;
          }
        }
      }
      minEnd[y] = orderKey(h, versions, y);
    }
    cursor = Arrays.copyOf(keyStart, keys);
    sole = freshSlots(keyStart, start);
    head = new int[keys];
    Arrays.fill(head, -1);
    next = new int[n];

    values = new ValueTimeline(versions, f, keys, keyStart, at, start, sigma, alwaysStart,
        alwaysAt);
  }

  /**
   * A sweep of its own over {@code base}'s definers (their arrays shared, read-only), from
   * the start: O(keys + definers), where building them again was O(definers log definers).
   */
  private FieldTimeline(FieldTimeline base) {
    versions = base.versions;
    field = base.field;
    keyStart = base.keyStart;
    at = base.at;
    start = base.start;
    sigma = base.sigma;
    minEnd = base.minEnd;
    alwaysStart = base.alwaysStart;
    alwaysAt = base.alwaysAt;
    int keys = minEnd.length;
    cursor = Arrays.copyOf(keyStart, keys);
    sole = freshSlots(keyStart, start);
    head = new int[keys];
    Arrays.fill(head, -1);
    next = new int[at.length];
    values = base.values.freshSweep();
  }

  /** The same time line for a sweep from the start (another thread's). */
  FieldTimeline freshSweep() {
    return new FieldTimeline(this);
  }

  /** The keys' slots before any walk: no live definer known, the first start next. */
  private static long[] freshSlots(int[] keyStart, long[] start) {
    int keys = keyStart.length - 1;
    long[] slots = new long[4 * keys];
    for (int y = 0; y < keys; y++) {
      slots[4 * y] = Long.MIN_VALUE;
      slots[4 * y + 1] = keyStart[y] < keyStart[y + 1] ? start[keyStart[y]] : Long.MAX_VALUE;
    }
    return slots;
  }

  /** Which transactions are on the time line (committed, both timestamps). */
  interface Timed {
    boolean test(int t);
  }

  /**
   * Sorts key y's slice by start and fills its sigmas; returns the earliest end among its
   * definers. sigma(w) = the least end among definers that start after w ends.
   */
  private long orderKey(History h, VersionTable versions, int y) {
    int from = keyStart[y];
    int to = keyStart[y + 1];
    int m = to - from;
    if (m == 0) {
      return Long.MAX_VALUE;
    }
    long[] s = new long[m];
    long[] e = new long[m];
    int[] idx = new int[m];
    for (int i = 0; i < m; i++) {
      int w = versions.txn(at[from + i]);
      s[i] = h.startTs(w);
      e[i] = h.endTs(w);
      idx[i] = i;
    }
    VersionTable.sort(s, idx, 0, m - 1);
    long[] suffixMinEnd = new long[m + 1];
    suffixMinEnd[m] = Long.MAX_VALUE;
    for (int i = m - 1; i >= 0; i--) {
      suffixMinEnd[i] = Math.min(suffixMinEnd[i + 1], e[idx[i]]);
    }
    int[] oldAt = Arrays.copyOfRange(at, from, to);
    for (int i = 0; i < m; i++) {
      int j = idx[i];
      at[from + i] = oldAt[j];
      start[from + i] = s[i];
      sigma[from + i] = suffixMinEnd[IndexSort.firstAbove(s, e[j])];
    }
    return suffixMinEnd[0];
  }

  /**
   * True when the initial state of key y is live for a reader that starts at {@code s}: no
   * timed definer of y ended before it.
   */
  boolean initialLive(int y, long s) {
    return minEnd[y] >= s;
  }

  /**
   * Adds to {@code out} the versions of key y that a reader living [s, e] may have seen;
   * {@code s} must not be below any start asked before.
   */
  void liveDefiners(int y, long s, long e, IntList out) {
    int end = keyStart[y + 1];
    int c = cursor[y];
    while (c < end && start[c] <= s) {
      next[c] = head[y];
      head[y] = c++;
    }
    cursor[y] = c;
    head[y] = dropShadowed(head[y], next, sigma, s);
    remember(y, c < end ? start[c] : Long.MAX_VALUE);
    for (int i = head[y]; i >= 0; i = next[i]) {
      out.add(at[i]);
    }
    for (; c < end && start[c] <= e; c++) {
      if (sigma[c] >= s) {
        out.add(at[c]);
      }
    }
    for (int i = alwaysStart[y]; i < alwaysStart[y + 1]; i++) {
      out.add(alwaysAt[i]);
    }
  }

  /**
   * Key y's only live definer for a reader living [s, e], when the key's slot knows it: its
   * position in the {@link VersionTable}, else -1 (ask {@link #liveDefiners}, which walks and
   * refreshes the slot). Known when the last walk left one entry whose sigma is not below s,
   * no definer of y started since or starts by e, and y has no untimed definers: the walk
   * dropped the others for an earlier start, and those after the cursor start after e. The
   * initial state is {@link #initialLive} as ever. O(1), one slot; {@code s} as for {@link
   * #liveDefiners}.
   */
  int sole(int y, long s, long e) {
    int i = 4 * y;
    return sole[i] >= s && sole[i + 1] > e ? (int) (sole[i + 3] >>> 32) & Integer.MAX_VALUE : -1;
  }

  /** The transaction of key y's definer that {@link #sole} answered. */
  int soleTxn(int y) {
    return (int) sole[4 * y + 3];
  }

  /** True when key y's definer that {@link #sole} answered sets the field into [low, high]. */
  boolean soleMatches(int y, long low, long high) {
    long v = sole[4 * y + 2];
    return sole[4 * y + 3] < 0 && v >= low && v <= high;
  }

  /** Refreshes key y's slot after a walk: its list, and the start of its next definer. */
  private void remember(int y, long nextStart) {
    int i = 4 * y;
    int first = head[y];
    sole[i + 1] = nextStart;
    if (first < 0 || next[first] >= 0 || alwaysStart[y] < alwaysStart[y + 1]) {
      sole[i] = Long.MIN_VALUE;
      return;
    }
    int v = at[first];
    boolean sets = versions.matches(field, v, Long.MIN_VALUE, Long.MAX_VALUE) == 1;
    sole[i] = sigma[first];
    sole[i + 2] = sets ? versions.setTo(field, v) : 0;
    sole[i + 3] = ((long) v | (sets ? 1L << 31 : 0)) << 32 | versions.txn(v);
  }

  /**
   * Adds to {@code out} the key of every definer, by a transaction other than t, that sets a
   * value in [low, high] and that a reader living [s, e] may have seen (a key once per such
   * definer); {@code s} as for {@link #liveDefiners}.
   */
  void keysInRange(long low, long high, long s, long e, int t, IntList out) {
    values.keysInRange(low, high, s, e, t, out);
  }

  /**
   * Unlinks from the list that starts at {@code first} (links in {@code next}) every entry
   * whose sigma is below {@code s}: shadowed for this reader and every later one, since the
   * sweep's starts only grow. Returns the list's new first entry (-1: empty).
   */
  static int dropShadowed(int first, int[] next, long[] sigma, long s) {
    while (first >= 0 && sigma[first] < s) {
      first = next[first];
    }
    for (int i = first; i >= 0; i = next[i]) {
      int j = next[i];
      while (j >= 0 && sigma[j] < s) {
        j = next[j];
      }
      next[i] = j;
    }
    return first;
  }
}
