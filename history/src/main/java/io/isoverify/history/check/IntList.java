package io.isoverify.history.check;

import java.util.Arrays;

/** A growable int array. */
final class IntList {
  private int[] a = new int[8];
  private int n;
  private int[] scratch = new int[0];

  void add(int v) {
    if (n == a.length) {
      a = Arrays.copyOf(a, n * 2);
    }
    a[n++] = v;
  }

  int size() {
    return n;
  }

  void set(int i, int v) {
    a[i] = v;
  }

  int get(int i) {
    return a[i];
  }

  void clear() {
    n = 0;
  }

  /** Sorts the contents and drops repeats. */
  void sortDistinct() {
    Arrays.sort(a, 0, n);
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (m == 0 || a[m - 1] != a[i]) {
        a[m++] = a[i];
      }
    }
    n = m;
  }

  /**
   * {@link #sortDistinct} for a list whose first {@code sorted} entries are already ascending:
   * sorts only the rest, then merges the two runs, O(sorted + r log r) for the r others.
   */
  void sortDistinct(int sorted) {
    if (sorted <= 1 || sorted >= n) {
      sortDistinct();
      return;
    }
    Arrays.sort(a, sorted, n);
    if (scratch.length < n) {
      scratch = new int[Math.max(n, 2 * scratch.length)];
    }
    int m = 0;
    int i = 0;
    int j = sorted;
    while (i < sorted || j < n) {
      int v = j == n || (i < sorted && a[i] <= a[j]) ? a[i++] : a[j++];
      if (m == 0 || scratch[m - 1] != v) {
        scratch[m++] = v;
      }
    }
    System.arraycopy(scratch, 0, a, 0, m);
    n = m;
  }

  /** Drops the entries from index {@code from} on whose {@code mark} is {@code stamp}. */
  void dropMarked(int from, int[] mark, int stamp) {
    int m = from;
    for (int i = from; i < n; i++) {
      if (mark[a[i]] != stamp) {
        a[m++] = a[i];
      }
    }
    n = m;
  }

  int[] toArray() {
    return Arrays.copyOf(a, n);
  }
}
