package io.isoverify.engine;

import io.isoverify.graph.PartitionOptions;
import io.isoverify.solver.SolveLimits;

/**
 * How {@link InProcessVerifier} may spend resources.
 *
 * @param threads threads solving components in parallel (at least 1)
 * @param limits the budget of each component's search
 * @param partition what graph-partitioning may spend
 */
public record VerifierOptions(int threads, SolveLimits limits, PartitionOptions partition) {
  public VerifierOptions {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
  }

  public static VerifierOptions defaults() {
    return new VerifierOptions(Runtime.getRuntime().availableProcessors(), SolveLimits.defaults(),
        PartitionOptions.defaults());
  }
}
