package io.isoverify.history;

/**
 * Stable sorts of index permutations by primitive keys, without boxing: the builder and
 * the graph stages sort 10^7 transactions or 10^8 operations this way.
 */
public final class IndexSort {
  private IndexSort() {}

  /** The permutation 0..n-1 ordered by {@code key[i]}, ties by index. */
  public static int[] byKey(long[] key, int n) {
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
    }
    int[] tmp = new int[n];
    mergeSort(idx, tmp, 0, n, key);
    return idx;
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
