package io.isoverify.solver;

/**
 * How much one component's search may spend before it answers UNKNOWN. Serializable: the
 * Spark engine ships it with each component it solves on an executor.
 *
 * @param maxConflicts conflicts of the main search (core shrinking gets its own share)
 * @param timeoutNanos wall-clock time for the whole solve of one component
 */
public record SolveLimits(long maxConflicts, long timeoutNanos) implements java.io.Serializable {
  public SolveLimits {
    if (maxConflicts < 1 || timeoutNanos < 1) {
      throw new IllegalArgumentException("limits must be positive: " + maxConflicts + ", " + timeoutNanos);
    }
  }

  /** Ten million conflicts or ten minutes. */
  public static SolveLimits defaults() {
    return new SolveLimits(10_000_000L, 600_000_000_000L);
  }
}
