package io.isoverify.history;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * Stable sorts of index permutations by primitive keys, without boxing: the builder and
 * the graph stages sort 10^7 transactions or 10^8 operations this way. Keys of a narrow
 * range (transaction ids, positions) by a radix sort, O(n) a pass of {@value #DIGIT} bits;
 * others by a merge sort, O(n log n), O(n) on sorted input; halves of more than {@link #PARALLEL} indexes are sorted on
 * parallel threads (the common fork-join pool; a stable sort's result does not depend on it).
 * Also the binary searches over sorted primitive keys the stages share.
 */
public final class IndexSort {
  /** Below this many indexes, a range is sorted on the calling thread. */
  static final int PARALLEL = 1 << 18;

  private IndexSort() {}

  /**
   * The first index in {@code sorted[lo .. hi-1]} (ascending) whose value is at least
   * {@code x}, else hi: a binary search, O(log(hi - lo)).
   */
  public static int firstAtLeast(long[] sorted, int lo, int hi, long x) {
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] < x) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The same over ints. */
  public static int firstAtLeast(int[] sorted, int lo, int hi, int x) {
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] < x) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Sorts {@code a} ascending on two threads or more. {@code Arrays.parallelSort} sorts on
   * the calling thread alone when the common pool's parallelism is 1 (two processors); then
   * the calling thread and the pool's worker each sort a half, merged into a new array:
   * O(n log n / 2 + n), n longs more. Below {@link #PARALLEL} longs, one sort here. Returns
   * the sorted array ({@code a} itself, or the merged one).
   */
  public static long[] sortOnThreads(long[] a) {
    if (a.length <= PARALLEL || Runtime.getRuntime().availableProcessors() < 2) {
      java.util.Arrays.sort(a);
      return a;
    }
    if (ForkJoinPool.getCommonPoolParallelism() > 1) {
      java.util.Arrays.parallelSort(a);
      return a;
    }
    int mid = a.length >>> 1;
    ForkJoinTask<?> upper = ForkJoinPool.commonPool().submit(
        () -> java.util.Arrays.sort(a, mid, a.length));
    java.util.Arrays.sort(a, 0, mid);
    upper.join();
    long[] out = new long[a.length];
    int i = 0;
    int j = mid;
    for (int k = 0; k < out.length; k++) {
      out[k] = j >= a.length || (i < mid && a[i] <= a[j]) ? a[i++] : a[j++];
    }
    return out;
  }

  /** The first index of {@code sorted} (ascending) whose value is above {@code x}, else its length. */
  public static int firstAbove(long[] sorted, long x) {
    return x == Long.MAX_VALUE ? sorted.length : firstAtLeast(sorted, 0, sorted.length, x + 1);
  }

  /**
   * The permutation 0..n-1 ordered by {@code key[i]}, ties by index. When there are at least
   * {@link #RADIX_MIN}: keys spanning less than 2^{@link #RADIX_BITS} from the smallest by a
   * radix sort ({@link #byKeyRadix}); keys whose high words take fewer values than there are
   * keys by a counting sort on them ({@link #byHighWord}); else the merge sort.
   */
  public static int[] byKey(long[] key, int n) {
    if (n >= RADIX_MIN) {
      long[] range = range(key, n);
      long min = range[0];
      long max = range[1];
      long span = max - min; // negative when it overflows
      if (span >= 0 && span < 1L << RADIX_BITS) {
        return byKeyRadix(key, n, min, 64 - Long.numberOfLeadingZeros(span));
      }
      long highSpan = (max >> 32) - (min >> 32);
      if (highSpan < n) {
        return byHighWord(key, n, min >> 32, (int) highSpan + 1);
      }
    }
    return byKeyMerge(key, n);
  }

  /**
   * The least and the greatest of the first n keys, {min, max} ({Long.MAX_VALUE,
   * Long.MIN_VALUE} when n is 0). O(n).
   */
  public static long[] range(long[] key, int n) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      min = Math.min(min, key[i]);
      max = Math.max(max, key[i]);
    }
    return new long[] {min, max};
  }

  /**
   * The stable order by key of keys whose high 32 bits take at most {@code n} values from
   * {@code minHigh} (a pair packed in a long, as (key, vertex)): a counting sort by the high
   * word, then each group of one high word merge-sorted where its indexes are not in key
   * order already. O(n + groups) when they are, as when pairs are made in the order of their
   * low word; O(n log n) at worst.
   */
  static int[] byHighWord(long[] key, int n, long minHigh, int groups) {
    int[] start = new int[groups + 1];
    for (int i = 0; i < n; i++) {
      start[(int) ((key[i] >> 32) - minHigh) + 1]++;
    }
    for (int g = 0; g < groups; g++) {
      start[g + 1] += start[g];
    }
    int[] fill = java.util.Arrays.copyOf(start, groups);
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) {
      idx[fill[(int) ((key[i] >> 32) - minHigh)]++] = i;
    }
    int[] tmp = null;
    for (int g = 0; g < groups; g++) {
      for (int i = start[g] + 1; i < start[g + 1]; i++) {
        if (key[idx[i - 1]] > key[idx[i]]) {
          tmp = tmp == null ? new int[n] : tmp;
          mergeSort(idx, tmp, start[g], start[g + 1], key);
          break;
        }
      }
    }
    return idx;
  }

  /** From this many indexes, a key range of under 2^{@link #RADIX_BITS} is radix-sorted. */
  static final int RADIX_MIN = 1 << 12;
  /** The widest key range (from the smallest key) the radix sort takes. */
  static final int RADIX_BITS = 31;
  private static final int DIGIT = 11;

  /**
   * The stable order by key of keys within {@code min .. min + 2^bits - 1}: each index
   * packed under its key's offset in one long (key above, index below, so every long is
   * distinct and the order of the longs is the stable order), then a least-significant-digit
   * radix sort of the longs on the key's bits, {@value #DIGIT} bits a pass. O(n * bits /
   * {@value #DIGIT}) time, one long array of n besides the two it sorts between.
   */
  static int[] byKeyRadix(long[] key, int n, long min, int bits) {
    long[] a = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = (key[i] - min) << 32 | i;
    }
    long[] b = new long[n];
    int[] count = new int[1 << DIGIT];
    for (int shift = 32; shift < 32 + bits; shift += DIGIT) {
      java.util.Arrays.fill(count, 0);
      int mask = (1 << DIGIT) - 1;
      for (int i = 0; i < n; i++) {
        count[(int) (a[i] >>> shift) & mask]++;
      }
      for (int d = 0, at = 0; d < count.length; d++) {
        int c = count[d];
        count[d] = at;
        at += c;
      }
      for (int i = 0; i < n; i++) {
        b[count[(int) (a[i] >>> shift) & mask]++] = a[i];
      }
      long[] t = a;
      a = b;
      b = t;
    }
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) {
      idx[i] = (int) a[i];
    }
    return idx;
  }

  /** As {@link #byKey}, always by the merge sort. */
  static int[] byKeyMerge(long[] key, int n) {
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
    }
    int[] tmp = new int[n];
    if (n > PARALLEL) {
      ForkJoinPool.commonPool().invoke(new Sort(idx, tmp, 0, n, key));
    } else {
      mergeSort(idx, tmp, 0, n, key);
    }
    return idx;
  }

  /** A range sorted as {@link #mergeSort} does, its halves as parallel tasks when large. */
  private static final class Sort extends RecursiveAction {
    private final int[] a;
    private final int[] tmp;
    private final int lo;
    private final int hi;
    private final long[] key;

    Sort(int[] a, int[] tmp, int lo, int hi, long[] key) {
      this.a = a;
      this.tmp = tmp;
      this.lo = lo;
      this.hi = hi;
      this.key = key;
    }

    @Override
    protected void compute() {
      if (hi - lo <= PARALLEL) {
        mergeSort(a, tmp, lo, hi, key);
        return;
      }
      int mid = (lo + hi) >>> 1;
      invokeAll(new Sort(a, tmp, lo, mid, key), new Sort(a, tmp, mid, hi, key));
      merge(a, tmp, lo, mid, hi, key);
    }
  }

  private static void mergeSort(int[] a, int[] tmp, int lo, int hi, long[] key) {
    if (hi - lo < 24) {
      for (int i = lo + 1; i < hi; i++) {
        int v = a[i];
        long kv = key[v];
        int j = i - 1;
        while (j >= lo && key[a[j]] > kv) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = v;
      }
      return;
    }
    int mid = (lo + hi) >>> 1;
    mergeSort(a, tmp, lo, mid, key);
    mergeSort(a, tmp, mid, hi, key);
    merge(a, tmp, lo, mid, hi, key);
  }

  /** Merges the sorted ranges lo..mid-1 and mid..hi-1, ties to the first. */
  private static void merge(int[] a, int[] tmp, int lo, int mid, int hi, long[] key) {
    if (key[a[mid - 1]] <= key[a[mid]]) {
      return;
    }
    System.arraycopy(a, lo, tmp, lo, hi - lo);
    int i = lo;
    int j = mid;
    for (int k = lo; k < hi; k++) {
      if (j >= hi || (i < mid && key[tmp[i]] <= key[tmp[j]])) {
        a[k] = tmp[i++];
      } else {
        a[k] = tmp[j++];
      }
    }
  }
}
