package io.isoverify.spark.stages;

import org.apache.spark.Partitioner;

/**
 * The partitioner of the chunk shuffles ({@link SplitChunks}): a chunk's key is already its
 * reduce partition.
 */
final class ExactPartitioner extends Partitioner {
  private static final long serialVersionUID = 1L;
  private final int partitions;

  ExactPartitioner(int partitions) {
    this.partitions = partitions;
  }

  @Override
  public int numPartitions() {
    return partitions;
  }

  @Override
  public int getPartition(Object key) {
    return (Integer) key;
  }
}
