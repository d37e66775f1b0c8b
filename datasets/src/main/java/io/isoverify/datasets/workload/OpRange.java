package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/** The operations-per-transaction range {@code [min, max]} the workloads draw from. */
final class OpRange {
  private OpRange() {}

  static void check(int min, int max) {
    if (min < 1 || max < min) {
      throw new IllegalArgumentException(
          "operations per transaction must be a range 1 <= min <= max, not " + min + "-" + max);
    }
  }

  static int draw(int min, int max, SplittableRandom random) {
    return min == max ? min : min + random.nextInt(max - min + 1);
  }
}
