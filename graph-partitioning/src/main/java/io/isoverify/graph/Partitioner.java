package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.check.Level;

/**
 * Entry point of graph-partitioning: history -> polygraph -> pruning to a fixpoint ->
 * P-SCC components (cobra sections 3 and appendix B.3, polysi section 4).
 */
public final class Partitioner {
  private Partitioner() {
  }

  public static Partition partition(History history, Level level, PartitionOptions options) {
    throw new UnsupportedOperationException("not yet implemented");
  }
}
