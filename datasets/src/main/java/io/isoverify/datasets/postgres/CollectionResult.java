package io.isoverify.datasets.postgres;

/**
 * What a collection did: the transactions it recorded by outcome, the workload
 * transactions it gave up on after too many aborted attempts, and how long the sessions
 * ran (from the moment all were connected to the moment the last one finished).
 */
public record CollectionResult(long committed, long aborted, long unknown, long abandoned,
    long elapsedNanos) {
  /** Committed transactions per second of elapsed time. */
  public double committedPerSecond() {
    return elapsedNanos == 0 ? 0 : committed * 1e9 / elapsedNanos;
  }

  /** Every transaction the sessions began (committed, aborted or unknown). */
  public long attempts() {
    return committed + aborted + unknown;
  }

  CollectionResult plus(CollectionResult other) {
    return new CollectionResult(committed + other.committed, aborted + other.aborted,
        unknown + other.unknown, abandoned + other.abandoned,
        Math.max(elapsedNanos, other.elapsedNanos));
  }

  CollectionResult withElapsed(long nanos) {
    return new CollectionResult(committed, aborted, unknown, abandoned, nanos);
  }
}
