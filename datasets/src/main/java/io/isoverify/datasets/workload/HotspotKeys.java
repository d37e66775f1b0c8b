package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * A fraction {@code hotProbability} of the draws fall uniformly on the first
 * {@code hotFraction} of the keys (the hot set), the rest uniformly on the others.
 * Invariant: the hot set has at least one key and, when there are two keys or more,
 * leaves at least one cold key.
 */
public final class HotspotKeys implements KeyDistribution {
  private final long keys;
  private final long hot;
  private final double hotProbability;

  public HotspotKeys(long keys, double hotFraction, double hotProbability) {
    if (keys < 1) {
      throw new IllegalArgumentException("a workload needs at least one key, not " + keys);
    }
    this.keys = keys;
    this.hot = Math.max(1, Math.min(keys - 1, (long) (keys * hotFraction)));
    this.hotProbability = hotProbability;
  }

  @Override
  public long next(SplittableRandom random) {
    if (keys == 1) {
      return 0;
    }
    return random.nextDouble() < hotProbability
        ? random.nextLong(hot)
        : hot + random.nextLong(keys - hot);
  }

  @Override
  public long keys() {
    return keys;
  }
}
