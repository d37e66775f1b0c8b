package io.isoverify.graph;

/**
 * Who builds a {@link ReachabilityIndex}: the CPU's chain-cover table
 * ({@link ReachabilityBackends#cpu()}), or another implementation found on the class path
 * through {@link java.util.ServiceLoader} (a file
 * {@code META-INF/services/io.isoverify.graph.ReachabilityBackend} naming a class with a
 * public no-argument constructor: the gpu module's CUDA backend). Pruning
 * ({@link Pruner}), constraint avoidance ({@link ChainOrdering}) and the SI split graph
 * ({@link CycleGraph}) see only the index; {@link PartitionOptions#reachability()} says
 * which backend builds it.
 */
public interface ReachabilityBackend {
  /** A short name for reports and messages ("cpu", "cuda"). */
  String name();

  /**
   * Why this backend cannot build an index in this JVM (for instance "no CUDA device:
   * ..."), or null when it can. Cheap after the first call.
   */
  String unavailableReason();

  /**
   * The index of {@code graph}, exact for every pair of nodes.
   *
   * @param threads CPU threads the build may use
   */
  ReachabilityIndex build(ChainCoverGraph graph, int threads);
}
