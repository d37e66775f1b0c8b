package io.isoverify.graph;

/**
 * How {@link Partitioner#partition} may spend resources.
 *
 * @param threads worker threads for the parallel phases (at least 1)
 * @param maxPruneRounds upper bound on pruning rounds; pruning stops early (still sound:
 *     unpruned constraints simply stay in the components) when it is reached
 * @param incrementalPruning true: pruning adds known edges to the reachability index as it
 *     goes; false: it rebuilds the index before each round while rounds prune many
 * @param sccLabeller where the P-SCC labels come from for large P-graphs ({@link LabelledScc});
 *     null: always the in-JVM {@link StronglyConnected}
 * @param labellerMinArcs the P-graph (known edges + every edge of every live constraint) goes
 *     to {@code sccLabeller} when it has at least this many arcs, else to the in-JVM Tarjan
 * @param progress told of each step and of the constraints left after each pruning round
 * @param denseChains keys with up to this many chains are ordered by the exact m x m closure
 *     ({@link ChainOrdering}); keys with more by session groups ({@link SessionChainOrdering})
 * @param reachability who builds the pruning's reachability index (the CPU by default;
 *     {@link ReachabilityBackends#select} picks by {@link GpuMode})
 * @param fixedOrders whether the general path checks a known graph that fixes every version
 *     order a cycle depends on by one cycle search ({@link FixedOrderCheck}; true by
 *     default); false keeps pruning, components and solver for it (the tests that compare
 *     the paths)
 * @param unreadPairs whether SER and SSER keep a constraint between two unread single
 *     versions of a key ({@link Chains#unreadSingles}; false by default: no read sees their
 *     order). The audit keeps them: its collection finds overwritten versions along the WW
 *     edges the constraints give
 */
public record PartitionOptions(int threads, int maxPruneRounds, boolean incrementalPruning,
    SccLabeller sccLabeller, long labellerMinArcs, PhaseProgress progress, int denseChains,
    ReachabilityBackend reachability, boolean fixedOrders, boolean unreadPairs) {
  /** The {@link #denseChains()} bound by default: beyond it the m x m closure costs too much. */
  public static final int DENSE_CHAINS = 256;

  public PartitionOptions {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    if (maxPruneRounds < 0) {
      throw new IllegalArgumentException("maxPruneRounds must be >= 0, got " + maxPruneRounds);
    }
    if (labellerMinArcs < 0) {
      throw new IllegalArgumentException("labellerMinArcs must be >= 0, got " + labellerMinArcs);
    }
    if (reachability == null) {
      throw new IllegalArgumentException("reachability backend must not be null");
    }
  }

  /**
   * One thread per available processor, pruning to the fixpoint with the index rebuilt per
   * round until a round prunes few constraints, then updated edge by edge (Pruner): on
   * 100k-transaction benchmarks rebuilding every round cost 3x less CPU than incremental
   * updates from the start with 100 sessions and about the same with 20 (PartitionBenchmark).
   */
  public static PartitionOptions defaults() {
    return new PartitionOptions(Runtime.getRuntime().availableProcessors(), Integer.MAX_VALUE,
        false, null, 0, PhaseProgress.NONE, DENSE_CHAINS, ReachabilityBackends.cpu(), true,
        false);
  }

  public PartitionOptions withThreads(int n) {
    return new PartitionOptions(n, maxPruneRounds, incrementalPruning, sccLabeller, labellerMinArcs,
        progress, denseChains, reachability, fixedOrders, unreadPairs);
  }

  public PartitionOptions withMaxPruneRounds(int n) {
    return new PartitionOptions(threads, n, incrementalPruning, sccLabeller, labellerMinArcs,
        progress, denseChains, reachability, fixedOrders, unreadPairs);
  }

  public PartitionOptions withIncrementalPruning(boolean on) {
    return new PartitionOptions(threads, maxPruneRounds, on, sccLabeller, labellerMinArcs,
        progress, denseChains, reachability, fixedOrders, unreadPairs);
  }

  /**
   * P-SCC labels from {@code labeller} for P-graphs of at least {@code minArcs} arcs (0: all);
   * the components are the same either way.
   */
  public PartitionOptions withSccLabeller(SccLabeller labeller, long minArcs) {
    return new PartitionOptions(threads, maxPruneRounds, incrementalPruning, labeller, minArcs, progress,
        denseChains, reachability, fixedOrders, unreadPairs);
  }

  /** The same options, telling {@code listener} how far partitioning has come. */
  public PartitionOptions withProgress(PhaseProgress listener) {
    return new PartitionOptions(threads, maxPruneRounds, incrementalPruning, sccLabeller,
        labellerMinArcs, listener, denseChains, reachability, fixedOrders, unreadPairs);
  }

  /** The same options, with the {@link #denseChains()} bound {@code m} (tests lower it). */
  public PartitionOptions withDenseChains(int m) {
    return new PartitionOptions(threads, maxPruneRounds, incrementalPruning, sccLabeller,
        labellerMinArcs, progress, m, reachability, fixedOrders, unreadPairs);
  }

  /** The same options, the reachability index built by {@code backend}. */
  public PartitionOptions withReachability(ReachabilityBackend backend) {
    return new PartitionOptions(threads, maxPruneRounds, incrementalPruning, sccLabeller,
        labellerMinArcs, progress, denseChains, backend, fixedOrders, unreadPairs);
  }

  /** The same options, {@link #fixedOrders()} as {@code on}. */
  public PartitionOptions withFixedOrders(boolean on) {
    return new PartitionOptions(threads, maxPruneRounds, incrementalPruning, sccLabeller,
        labellerMinArcs, progress, denseChains, reachability, on, unreadPairs);
  }

  /** The same options, {@link #unreadPairs()} as {@code on}. */
  public PartitionOptions withUnreadPairs(boolean on) {
    return new PartitionOptions(threads, maxPruneRounds, incrementalPruning, sccLabeller,
        labellerMinArcs, progress, denseChains, reachability, fixedOrders, on);
  }

  /** Whether a P-graph of {@code arcs} arcs goes to the external labeller. */
  boolean external(long arcs) {
    return sccLabeller != null && arcs >= labellerMinArcs;
  }
}
