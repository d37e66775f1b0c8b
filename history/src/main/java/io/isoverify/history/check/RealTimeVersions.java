package io.isoverify.history.check;

import io.isoverify.history.History;
import java.util.Arrays;

/**
 * Which row versions a reader can still have seen once real time counts (SSER; vbox's
 * "predicate constraint avoidance", Sun and Zou section 4.4): the versions of one field of
 * one key (its definers, {@link PredicateObservations#defines}) that real-time order does not
 * rule out. With R the reader and u, w committed definers with client timestamps:
 * <ul>
 *   <li>w is <b>shadowed</b> when some u has end(w) &lt; start(u) and end(u) &lt; start(R):
 *       w -RT-> u forces w before u in the version order, u -RT-> R puts u before R, so R
 *       sees u's version or a later one, never w's; the initial state is shadowed by any u
 *       that ended before R started;
 *   <li>w is in R's <b>future</b> when R is committed and end(R) &lt; start(w).
 * </ul>
 * Every other version (uncommitted or untimed ones always) stays a candidate. The graph of
 * SSER holds these real-time edges, so leaving such candidates out loses nothing.
 *
 * <p>Tables, per tested field f and key y, over the committed timed definers: sorted by end
 * with the running maximum of their starts (M(R) = the latest start among those that ended
 * before R: w is shadowed iff end(w) &lt; M(R)); and per field, the definers by (value, start)
 * with their <em>shadow time</em> sigma(w) = the earliest end of a definer that starts after w
 * ended (R with start(R) &gt; sigma(w) cannot see w), for finding the keys of a range whose
 * versions are live at R without visiting dead ones. Built in O(fields x versions log
 * versions); a key's live versions cost O(log + versions ending near R).
 */
final class RealTimeVersions {
  private final History h;
  private final VersionTable versions;
  /** [field][key] start of the key's timed definers in tlAt (CSR), sorted by end. */
  private final int[][] tlStart;
  private final int[][] tlAt;
  private final long[][] tlEnd;
  private final long[][] tlMaxStart;
  /** [field][key] the key's definers that are uncommitted or untimed (always candidates). */
  private final int[][] alwaysStart;
  private final int[][] alwaysAt;
  /** [field] per key, the longest duration among its timed definers. */
  private final long[][] maxDuration;
  /** [field] the finite-sigma definers by (value, start): value, start, sigma, key, running max sigma per value. */
  private final long[][] liveValue;
  private final long[][] liveStartTs;
  private final long[][] liveSigma;
  /** [field] a max tree over liveSigma (leaves from index size), for {@link #keysInRange}. */
  private final long[][] sigmaTree;
  private final int[][] liveKey;
  private final int[][] liveTxn;
  /** [field] definers never shadowed (last ones, uncommitted, untimed) by value: value, key, txn. */
  private final long[][] keptValue;
  private final int[][] keptKey;
  private final int[][] keptTxn;

  RealTimeVersions(History h, VersionTable versions) {
    this.h = h;
    this.versions = versions;
    int fields = versions.fieldCount();
    int keys = h.keys().size();
    tlStart = new int[fields][];
    tlAt = new int[fields][];
    tlEnd = new long[fields][];
    tlMaxStart = new long[fields][];
    alwaysStart = new int[fields][];
    alwaysAt = new int[fields][];
    maxDuration = new long[fields][];
    liveValue = new long[fields][];
    liveStartTs = new long[fields][];
    liveSigma = new long[fields][];
    sigmaTree = new long[fields][];
    liveKey = new int[fields][];
    liveTxn = new int[fields][];
    keptValue = new long[fields][];
    keptKey = new int[fields][];
    keptTxn = new int[fields][];
    for (int f = 0; f < fields; f++) {
      build(f, versions.field(f), keys);
    }
  }

  /** True when real time says something of t's reads: t is committed and timed. */
  boolean applies(int t) {
    return timed(t);
  }

  private boolean timed(int t) {
    return h.isCommitted(t) && h.startTs(t) != History.NO_TIME && h.endTs(t) != History.NO_TIME;
  }

  private void build(int f, long field, int keys) {
    int[] start = new int[keys + 1];
    int[] always = new int[keys + 1];
    for (int y = 0; y < keys; y++) {
      for (int at = versions.first(y); at < versions.end(y); at++) {
        if (PredicateObservations.defines(versions.row(at), field)) {
          if (timed(versions.txn(at))) {
            start[y + 1]++;
          } else {
            always[y + 1]++;
          }
        }
      }
      start[y + 1] += start[y];
      always[y + 1] += always[y];
    }
    int[] at = new int[start[keys]];
    long[] end = new long[at.length];
    long[] maxStart = new long[at.length];
    int[] alwaysAtF = new int[always[keys]];
    long[] maxDur = new long[keys];
    long[] sigma = new long[at.length];
    for (int y = 0; y < keys; y++) {
      int n = start[y];
      int a = always[y];
      for (int v = versions.first(y); v < versions.end(y); v++) {
        if (PredicateObservations.defines(versions.row(v), field)) {
          if (timed(versions.txn(v))) {
            at[n] = v;
            end[n++] = h.endTs(versions.txn(v));
          } else {
            alwaysAtF[a++] = v;
          }
        }
      }
      int from = start[y];
      VersionTable.sort(end, at, from, n - 1);
      long m = Long.MIN_VALUE;
      for (int i = from; i < n; i++) {
        int w = versions.txn(at[i]);
        m = Math.max(m, h.startTs(w));
        maxStart[i] = m;
        maxDur[y] = Math.max(maxDur[y], end[i] - h.startTs(w));
      }
      // sigma(w): the earliest end among definers starting after w ended
      long[] starts = new long[n - from];
      int[] order = new int[n - from];
      for (int i = from; i < n; i++) {
        starts[i - from] = h.startTs(versions.txn(at[i]));
        order[i - from] = i;
      }
      VersionTable.sort(starts, order, 0, starts.length - 1);
      long[] suffixMinEnd = new long[starts.length + 1];
      suffixMinEnd[starts.length] = Long.MAX_VALUE;
      for (int i = starts.length - 1; i >= 0; i--) {
        suffixMinEnd[i] = Math.min(suffixMinEnd[i + 1], end[order[i]]);
      }
      for (int i = from; i < n; i++) {
        int j = firstAbove(starts, end[i]);
        sigma[i] = suffixMinEnd[j];
      }
    }
    tlStart[f] = start;
    tlAt[f] = at;
    tlEnd[f] = end;
    tlMaxStart[f] = maxStart;
    alwaysStart[f] = always;
    alwaysAt[f] = alwaysAtF;
    maxDuration[f] = maxDur;
    rangeIndex(f, field, start, at, sigma, always, alwaysAtF, keys);
  }

  /** The definers by value for {@link #keysInRange}: finite sigma apart from the rest. */
  private void rangeIndex(int f, long field, int[] start, int[] at, long[] sigma, int[] always,
      int[] alwaysAtF, int keys) {
    int live = 0;
    int kept = alwaysAtF.length;
    for (int i = 0; i < at.length; i++) {
      if (sets(at[i], field)) {
        if (sigma[i] == Long.MAX_VALUE) {
          kept++;
        } else {
          live++;
        }
      }
    }
    long[] lv = new long[live];
    long[] ls = new long[live];
    long[] lsig = new long[live];
    int[] lk = new int[live];
    int[] lt = new int[live];
    long[] kv = new long[kept];
    int[] kk = new int[kept];
    int[] kt = new int[kept];
    int l = 0;
    int k = 0;
    for (int y = 0; y < keys; y++) {
      for (int i = start[y]; i < start[y + 1]; i++) {
        if (!sets(at[i], field)) {
          continue;
        }
        long value = versions.row(at[i]).fields().valueOf(field);
        if (sigma[i] == Long.MAX_VALUE) {
          kv[k] = value;
          kk[k] = y;
          kt[k++] = versions.txn(at[i]);
        } else {
          lv[l] = value;
          ls[l] = h.startTs(versions.txn(at[i]));
          lsig[l] = sigma[i];
          lk[l] = y;
          lt[l++] = versions.txn(at[i]);
        }
      }
      for (int i = always[y]; i < always[y + 1]; i++) {
        if (sets(alwaysAtF[i], field)) {
          kv[k] = versions.row(alwaysAtF[i]).fields().valueOf(field);
          kk[k] = y;
          kt[k++] = versions.txn(alwaysAtF[i]);
        }
      }
    }
    kept = k;
    // sort the live ones by (value, start): by start, then stably by value
    int[] order = new int[live];
    for (int i = 0; i < live; i++) {
      order[i] = i;
    }
    long[] byStart = ls.clone();
    VersionTable.sort(byStart, order, 0, live - 1);
    int[] byValueOrder = new int[live];
    long[] values = new long[live];
    for (int i = 0; i < live; i++) {
      values[i] = lv[order[i]];
      byValueOrder[i] = order[i];
    }
    stableSortByValue(values, byValueOrder);
    liveValue[f] = new long[live];
    liveStartTs[f] = new long[live];
    liveSigma[f] = new long[live];
    liveKey[f] = new int[live];
    liveTxn[f] = new int[live];
    for (int i = 0; i < live; i++) {
      int e = byValueOrder[i];
      liveValue[f][i] = lv[e];
      liveStartTs[f][i] = ls[e];
      liveSigma[f][i] = lsig[e];
      liveKey[f][i] = lk[e];
      liveTxn[f][i] = lt[e];
    }
    int size = Integer.highestOneBit(Math.max(1, live - 1)) * 2;
    long[] tree = new long[2 * size];
    Arrays.fill(tree, Long.MIN_VALUE);
    System.arraycopy(liveSigma[f], 0, tree, size, live);
    for (int i = size - 1; i >= 1; i--) {
      tree[i] = Math.max(tree[2 * i], tree[2 * i + 1]);
    }
    sigmaTree[f] = tree;
    int[] keptOrder = new int[kept];
    long[] keptValues = Arrays.copyOf(kv, kept);
    for (int i = 0; i < kept; i++) {
      keptOrder[i] = i;
    }
    VersionTable.sort(keptValues, keptOrder, 0, kept - 1);
    keptValue[f] = keptValues;
    keptKey[f] = new int[kept];
    keptTxn[f] = new int[kept];
    for (int i = 0; i < kept; i++) {
      keptKey[f][i] = kk[keptOrder[i]];
      keptTxn[f][i] = kt[keptOrder[i]];
    }
  }

  /** Sorts by value keeping the order of equal values (a merge sort of indices). */
  private static void stableSortByValue(long[] values, int[] idx) {
    int n = values.length;
    long[] v2 = new long[n];
    int[] i2 = new int[n];
    for (int width = 1; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int a = lo;
        int b = mid;
        for (int k = lo; k < hi; k++) {
          if (a < mid && (b >= hi || values[a] <= values[b])) {
            v2[k] = values[a];
            i2[k] = idx[a++];
          } else {
            v2[k] = values[b];
            i2[k] = idx[b++];
          }
        }
      }
      System.arraycopy(v2, 0, values, 0, n);
      System.arraycopy(i2, 0, idx, 0, n);
    }
  }

  private boolean sets(int at, long field) {
    PredicateObservations.Row r = versions.row(at);
    return r != null && !r.deleted() && r.fields() != null && r.fields().sets(field);
  }

  private static int firstAbove(long[] sorted, long x) {
    return io.isoverify.history.IndexSort.firstAbove(sorted, x);
  }

  /**
   * M(R) for reader {@code t} on key y, field index f: the latest start of a committed timed
   * definer that ended before t started, or Long.MIN_VALUE (then the initial state is live).
   */
  long shadowStart(int f, int y, int t) {
    long s = h.startTs(t);
    int lo = tlStart[f][y];
    int hi = tlStart[f][y + 1];
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (tlEnd[f][mid] < s) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo == tlStart[f][y] ? Long.MIN_VALUE : tlMaxStart[f][lo - 1];
  }

  /**
   * Adds to {@code out} the positions (in {@link VersionTable}) of y's definers of field
   * index f that reader t may have seen, given {@code shadow} = {@link #shadowStart}.
   */
  void liveDefiners(int f, int y, int t, long shadow, PredicateObservationBuilder.IntList out) {
    long readerEnd = h.endTs(t);
    int lo = tlStart[f][y];
    int hi = tlStart[f][y + 1];
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (tlEnd[f][mid] < shadow) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    long stop = readerEnd + maxDuration[f][y];
    for (int i = lo; i < tlStart[f][y + 1] && tlEnd[f][i] <= stop; i++) {
      int at = tlAt[f][i];
      if (h.startTs(versions.txn(at)) <= readerEnd) {
        out.add(at);
      }
    }
    for (int i = alwaysStart[f][y]; i < alwaysStart[f][y + 1]; i++) {
      out.add(alwaysAt[f][i]);
    }
  }

  /**
   * Adds to {@code out} the key of every definer of field index f, by a transaction other
   * than t, that sets a value in [low, high] and that reader t may have seen (a superset:
   * the caller decides per key).
   */
  void keysInRange(int f, long low, long high, int t, PredicateObservationBuilder.IntList out) {
    long readerStart = h.startTs(t);
    long readerEnd = h.endTs(t);
    long[] v = liveValue[f];
    for (int i = firstAtLeast(v, low); i < v.length && v[i] <= high; ) {
      long value = v[i];
      int bucketEnd = firstAbove(v, value);
      // the last definer of this value that started by the reader's end
      int lo = i;
      int hi = bucketEnd;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (liveStartTs[f][mid] <= readerEnd) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      report(f, 1, 0, sigmaTree[f].length / 2, i, lo, readerStart, t, out);
      i = bucketEnd;
    }
    long[] k = keptValue[f];
    for (int i = firstAtLeast(k, low); i < k.length && k[i] <= high; i++) {
      if (keptTxn[f][i] != t) {
        out.add(keptKey[f][i]);
      }
    }
  }

  /**
   * Adds the keys of entries [from, to) of field f with sigma >= threshold, by a transaction
   * other than t: a descent of the max tree from {@code node}, which covers [nodeFrom,
   * nodeTo). O((reported + 1) log entries).
   */
  private void report(int f, int node, int nodeFrom, int nodeTo, int from, int to,
      long threshold, int t, PredicateObservationBuilder.IntList out) {
    long[] tree = sigmaTree[f];
    if (nodeTo <= from || nodeFrom >= to || tree[node] < threshold) {
      return;
    }
    if (nodeTo - nodeFrom == 1) {
      if (liveTxn[f][nodeFrom] != t) {
        out.add(liveKey[f][nodeFrom]);
      }
      return;
    }
    int mid = (nodeFrom + nodeTo) >>> 1;
    report(f, 2 * node, nodeFrom, mid, from, to, threshold, t, out);
    report(f, 2 * node + 1, mid, nodeTo, from, to, threshold, t, out);
  }

  private static int firstAtLeast(long[] sorted, long x) {
    return io.isoverify.history.IndexSort.firstAtLeast(sorted, 0, sorted.length, x);
  }
}
