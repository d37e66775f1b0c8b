package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * How a workload picks keys among {@code 0 .. keys()-1}: uniform, zipfian or hotspot, the
 * three distributions the polysi and veristrong evaluations vary. Every draw is O(1) time
 * and the distributions hold O(1) state, so a billion keys cost nothing.
 */
public interface KeyDistribution {
  /** One key in {@code 0 .. keys()-1}. */
  long next(SplittableRandom random);

  long keys();

  /** Every key equally likely. */
  static KeyDistribution uniform(long keys) {
    return new UniformKeys(keys);
  }

  /** Key {@code k} drawn with probability proportional to {@code (k+1)^-exponent}. */
  static KeyDistribution zipf(long keys, double exponent) {
    return new ZipfKeys(keys, exponent);
  }

  /** polysi's hotspot: 80% of draws go to the first 20% of the keys. */
  static KeyDistribution hotspot(long keys) {
    return new HotspotKeys(keys, 0.2, 0.8);
  }
}
