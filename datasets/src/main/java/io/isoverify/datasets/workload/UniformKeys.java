package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/** Every key of {@code 0 .. keys-1} equally likely. */
public final class UniformKeys implements KeyDistribution {
  private final long keys;

  public UniformKeys(long keys) {
    if (keys < 1) {
      throw new IllegalArgumentException("a workload needs at least one key, not " + keys);
    }
    this.keys = keys;
  }

  @Override
  public long next(SplittableRandom random) {
    return random.nextLong(keys);
  }

  @Override
  public long keys() {
    return keys;
  }
}
