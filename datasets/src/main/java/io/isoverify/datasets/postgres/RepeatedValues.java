package io.isoverify.datasets.postgres;

import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.ValueChoice;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Repeated written values on PostgreSQL (veristrong's duplicate values: counters, flags), as
 * the simulated database makes them ({@link ValueChoice}): a fraction of the register writes
 * of a key, after its first, write the key's first value again, or every write draws its
 * value from the value space. A read of a repeated value has several candidate writers. The
 * key's first value is the one the first write of it, by any session, was given (whether or
 * not that transaction commits). Shared by the sessions; one map entry per key written, which
 * a collection (a database's thousands of transactions a second) affords.
 */
final class RepeatedValues {
  private final ValueChoice choice;
  private final KeyDistribution space;
  private final ConcurrentHashMap<Long, Long> first = new ConcurrentHashMap<>();

  RepeatedValues(ValueChoice choice) {
    this.choice = choice;
    this.space = choice.space() > 0 ? choice.distribution() : null;
  }

  /** The value a write of {@code key} installs: {@code fresh} unless values repeat. */
  long value(long key, long fresh, SplittableRandom random) {
    if (space != null) {
      return 1 + space.next(random);
    }
    if (choice.repeated() == 0) {
      return fresh;
    }
    Long earlier = first.putIfAbsent(key, fresh);
    return earlier != null && random.nextDouble() < choice.repeated() ? earlier : fresh;
  }
}
