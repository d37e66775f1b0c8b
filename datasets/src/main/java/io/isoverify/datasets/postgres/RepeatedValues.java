package io.isoverify.datasets.postgres;

import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Repeated written values on PostgreSQL (veristrong's duplicate values: counters, flags), as
 * the simulated database makes them: a fraction of the register writes of a key, after its
 * first, write the key's first value again, so that a read of that value has several
 * candidate writers. The key's first value is the one the first write of it, by any session,
 * was given (whether or not that transaction commits). Shared by the sessions; one map entry
 * per key written, which a collection (a database's thousands of transactions a second)
 * affords.
 */
final class RepeatedValues {
  private final double fraction;
  private final ConcurrentHashMap<Long, Long> first = new ConcurrentHashMap<>();

  /**
   * @param fraction of a key's writes after its first that repeat its first value, in [0, 1)
   * @throws IllegalArgumentException outside [0, 1)
   */
  RepeatedValues(double fraction) {
    if (!(fraction >= 0 && fraction < 1)) {
      throw new IllegalArgumentException(
          "the repeated-value fraction must be in [0, 1), not " + fraction);
    }
    this.fraction = fraction;
  }

  /** The value a write of {@code key} installs, {@code fresh} unless it repeats the first. */
  long value(long key, long fresh, SplittableRandom random) {
    if (fraction == 0) {
      return fresh;
    }
    Long earlier = first.putIfAbsent(key, fresh);
    return earlier != null && random.nextDouble() < fraction ? earlier : fresh;
  }
}
