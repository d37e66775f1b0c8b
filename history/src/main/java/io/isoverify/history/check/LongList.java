package io.isoverify.history.check;

import java.util.Arrays;

/** A growable long array. */
final class LongList {
  private long[] a = new long[8];
  private int n;

  void add(long v) {
    if (n == a.length) {
      a = Arrays.copyOf(a, n * 2);
    }
    a[n++] = v;
  }

  long get(int i) {
    return a[i];
  }
}
