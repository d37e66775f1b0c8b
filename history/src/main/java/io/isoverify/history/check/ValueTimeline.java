package io.isoverify.history.check;

import io.isoverify.history.IndexSort;
import java.util.Arrays;
import java.util.BitSet;

/**
 * One tested field's definers by the value they set, for the range queries of {@link
 * FieldTimeline} (which keys have a version in [low, high] that a reader may have seen): the
 * timed definers with a finite shadow time sigma in a bucket per value, filled by the sweep
 * over the readers' starts and emptied as sigma falls behind it; the never-shadowed ones and
 * the untimed ones (always candidates) sorted by value. A query costs O(log values + live
 * entries in the range + definers starting during the reader + kept ones in the range).
 * Built in O(definers log definers) from the time line's arrays; {@link #freshSweep} gives
 * another sweep over the same arrays in O(values + definers).
 */
final class ValueTimeline {
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
  /** Their starts (Long.MIN_VALUE for the untimed or uncommitted: never in a reader's future). */
  private final long[] keptStart;
  private final int[] keptKey;
  private final int[] keptTxn;

  /**
   * @param keyStart, at, start, sigma the time line's timed definers per key (CSR), by start
   * @param alwaysStart, alwaysAt its untimed or uncommitted definers per key (CSR)
   */
  ValueTimeline(VersionTable versions, int f, int keys, int[] keyStart, int[] at, long[] start,
      long[] sigma, int[] alwaysStart, int[] alwaysAt) {
    int n = keyStart[keys];
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
    long[] ks = new long[kept];
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
          ks[k] = start[i];
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
          ks[k] = Long.MIN_VALUE;
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
    keptStart = new long[kept];
    for (int j = 0; j < kept; j++) {
      keptKey[j] = kk[kOrder[j]];
      keptTxn[j] = kt[kOrder[j]];
      keptStart[j] = ks[kOrder[j]];
    }
  }

  /** A sweep of its own over {@code base}'s arrays (shared, read-only), from the start. */
  private ValueTimeline(ValueTimeline base) {
    rStart = base.rStart;
    rSigma = base.rSigma;
    rValue = base.rValue;
    rRank = base.rRank;
    rKey = base.rKey;
    rTxn = base.rTxn;
    ranks = base.ranks;
    keptValue = base.keptValue;
    keptStart = base.keptStart;
    keptKey = base.keptKey;
    keptTxn = base.keptTxn;
    bucketHead = new int[ranks.length];
    Arrays.fill(bucketHead, -1);
    bucketNext = new int[rStart.length];
  }

  /** The same definers for a sweep from the start (another thread's). */
  ValueTimeline freshSweep() {
    return new ValueTimeline(this);
  }

  /**
   * Adds to {@code out} the key of every definer, by a transaction other than t, that sets a
   * value in [low, high] and that a reader living [s, e] may have seen (a key once per such
   * definer); {@code s} never below a start asked before (a sweep). A kept definer that
   * starts after e is in the reader's future and not given: BlindW-Pred's 100k history
   * gave 10.4 M such keys before, half of all the keys its readers were asked about.
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
      bucketHead[r] = FieldTimeline.dropShadowed(bucketHead[r], bucketNext, rSigma, s);
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
      if (keptTxn[i] != t && keptStart[i] <= e) {
        out.add(keptKey[i]);
      }
    }
  }
}
