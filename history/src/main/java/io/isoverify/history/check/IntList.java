package io.isoverify.history.check;

import java.util.Arrays;

/** A growable int array. */
final class IntList {
  private int[] a = new int[8];
  private int n;

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

  int[] toArray() {
    return Arrays.copyOf(a, n);
  }
}
