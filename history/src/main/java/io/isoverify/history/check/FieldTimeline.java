package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import java.util.Arrays;
import java.util.BitSet;

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

  /** The timed definers that set the field, with a finite sigma, by start. */
  private final long[] rStart;
  private final long[] rSigma;
  private final long[] rValue;
  private final int[] rRank;
  private final int[] rKey;
  private final int[] rTxn;
  /** Their distinct values, ascending; per value rank the started entries (linked). */
  private final long[] ranks;
  private final int[] bucketHead;
  private final int[] bucketNext;
  private final BitSet nonEmpty = new BitSet();
  private int started;
  /** The definers that set the field and are never shadowed (or always candidates), by value. */
  private final long[] keptValue;
  private final int[] keptKey;
  private final int[] keptTxn;

  FieldTimeline(History h, VersionTable versions, int f, Timed timed) {
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
    head = new int[keys];
    Arrays.fill(head, -1);
    next = new int[n];

    int live = 0;
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (versions.matches(f, at[i], Long.MIN_VALUE, Long.MAX_VALUE) == 1) {
        if (sigma[i] == Long.MAX_VALUE) {
          kept++;
        } else {
          live++;
        }
      }
    }
    for (int i = 0; i < alwaysAt.length; i++) {
      if (versions.matches(f, alwaysAt[i], Long.MIN_VALUE, Long.MAX_VALUE) == 1) {
        kept++;
      }
    }
    // the range entries: sigma finite, by start (the key slices are by start already)
    long[] byStart = new long[live];
    int[] order = new int[live];
    long[] kv = new long[kept];
    int[] kOrder = new int[kept];
    int[] kk = new int[kept];
    int[] kt = new int[kept];
    int l = 0;
    int k = 0;
    for (int y = 0; y < keys; y++) {
      for (int i = keyStart[y]; i < keyStart[y + 1]; i++) {
        if (versions.matches(f, at[i], Long.MIN_VALUE, Long.MAX_VALUE) != 1) {
          continue;
        }
        if (sigma[i] == Long.MAX_VALUE) {
          kv[k] = versions.setTo(f, at[i]);
          kk[k] = y;
          kt[k] = versions.txn(at[i]);
          kOrder[k] = k;
          k++;
        } else {
          byStart[l] = start[i];
          order[l++] = i;
        }
      }
      for (int i = alwaysStart[y]; i < alwaysStart[y + 1]; i++) {
        if (versions.matches(f, alwaysAt[i], Long.MIN_VALUE, Long.MAX_VALUE) == 1) {
          kv[k] = versions.setTo(f, alwaysAt[i]);
          kk[k] = y;
          kt[k] = versions.txn(alwaysAt[i]);
          kOrder[k] = k;
          k++;
        }
      }
    }
    VersionTable.sort(byStart, order, 0, live - 1);
    rStart = byStart;
    rSigma = new long[live];
    rValue = new long[live];
    rKey = new int[live];
    rTxn = new int[live];
    for (int j = 0; j < live; j++) {
      int i = order[j];
      rSigma[j] = sigma[i];
      rValue[j] = versions.setTo(f, at[i]);
      rTxn[j] = versions.txn(at[i]);
    }
    int[] keyOf = new int[n];
    for (int y = 0; y < keys; y++) {
      Arrays.fill(keyOf, keyStart[y], keyStart[y + 1], y);
    }
    for (int j = 0; j < live; j++) {
      rKey[j] = keyOf[order[j]];
    }
    long[] distinct = rValue.clone();
    Arrays.sort(distinct);
    int d = 0;
    for (int j = 0; j < distinct.length; j++) {
      if (d == 0 || distinct[d - 1] != distinct[j]) {
        distinct[d++] = distinct[j];
      }
    }
    ranks = Arrays.copyOf(distinct, d);
    rRank = new int[live];
    for (int j = 0; j < live; j++) {
      rRank[j] = Arrays.binarySearch(ranks, rValue[j]);
    }
    bucketHead = new int[d];
    Arrays.fill(bucketHead, -1);
    bucketNext = new int[live];
    VersionTable.sort(kv, kOrder, 0, kept - 1);
    keptValue = kv;
    keptKey = new int[kept];
    keptTxn = new int[kept];
    for (int j = 0; j < kept; j++) {
      keptKey[j] = kk[kOrder[j]];
      keptTxn[j] = kt[kOrder[j]];
    }
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
   * Adds to {@code out} the key of every definer, by a transaction other than t, that sets a
   * value in [low, high] and that a reader living [s, e] may have seen, and of every kept
   * one in the range (a superset: the caller decides per key); {@code s} as for {@link
   * #liveDefiners}.
   */
  void keysInRange(long low, long high, long s, long e, int t,
      IntList out) {
    while (started < rStart.length && rStart[started] <= s) {
      int r = rRank[started];
      bucketNext[started] = bucketHead[r];
      bucketHead[r] = started++;
      nonEmpty.set(r);
    }
    int rankLo = IndexSort.firstAtLeast(ranks, 0, ranks.length, low);
    int rankHi = IndexSort.firstAbove(ranks, high);
    for (int r = nonEmpty.nextSetBit(rankLo); r >= 0 && r < rankHi;
        r = nonEmpty.nextSetBit(r + 1)) {
      bucketHead[r] = dropShadowed(bucketHead[r], bucketNext, rSigma, s);
      for (int j = bucketHead[r]; j >= 0; j = bucketNext[j]) {
        if (rTxn[j] != t) {
          out.add(rKey[j]);
        }
      }
      if (bucketHead[r] < 0) {
        nonEmpty.clear(r);
      }
    }
    for (int j = started; j < rStart.length && rStart[j] <= e; j++) {
      if (rValue[j] >= low && rValue[j] <= high && rSigma[j] >= s && rTxn[j] != t) {
        out.add(rKey[j]);
      }
    }
    for (int i = IndexSort.firstAtLeast(keptValue, 0, keptValue.length, low);
        i < keptValue.length && keptValue[i] <= high; i++) {
      if (keptTxn[i] != t) {
        out.add(keptKey[i]);
      }
    }
  }

  /**
   * Unlinks from the list that starts at {@code first} (links in {@code next}) every entry
   * whose sigma is below {@code s}: shadowed for this reader and every later one, since the
   * sweep's starts only grow. Returns the list's new first entry (-1: empty).
   */
  private static int dropShadowed(int first, int[] next, long[] sigma, long s) {
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
