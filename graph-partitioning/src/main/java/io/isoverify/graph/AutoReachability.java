package io.isoverify.graph;

import java.util.function.Supplier;

/**
 * The backend of {@link GpuMode#AUTO} that looks for a device only when a graph is large
 * enough to gain from one: a graph of fewer than {@link #MIN_NODES} nodes is built on the
 * CPU ({@link ReachabilityBackends#cpu()}) without touching the accelerated backends; the
 * first larger one makes the choice of {@link ReachabilityBackends#select} under AUTO, once,
 * and every later large graph uses it (a build that fails on a device is done on the CPU).
 *
 * <p>Why: looking for a device means a {@link java.util.ServiceLoader} scan of every jar on
 * the class path and loading the CUDA driver's native library, tens of milliseconds that a
 * history of ten thousand transactions, checked in a few hundred, would pay for nothing: a
 * device's context alone takes longer to create than the CPU takes to fill the chain-cover
 * table of such a graph (O(arcs x chains) on the CPU's threads). The index is the same
 * whichever backend builds it, so the choice never changes a verdict.
 */
public final class AutoReachability implements ReachabilityBackend {
  /** Graphs with fewer nodes are built on the CPU without looking for a device. */
  public static final int MIN_NODES = 100_000;

  private final Supplier<ReachabilityBackend> choice;
  private volatile ReachabilityBackend large;

  /** AUTO's choice among the backends on the class path, made at the first large graph. */
  public AutoReachability() {
    this(() -> ReachabilityBackends.select(GpuMode.AUTO));
  }

  /** {@code choice} is asked, once, for the backend of large graphs (tests). */
  AutoReachability(Supplier<ReachabilityBackend> choice) {
    this.choice = choice;
  }

  @Override
  public String name() {
    ReachabilityBackend chosen = large;
    return chosen == null ? "auto" : chosen.name();
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
    return graph.nodeCount() < MIN_NODES ? ReachabilityBackends.cpu().build(graph, threads)
        : large().build(graph, threads);
  }

  /**
   * The accelerated backend that built an index in this run, or null when every index was
   * built on the CPU (no graph was large enough, or no device was found).
   */
  public String acceleratedName() {
    ReachabilityBackend chosen = large;
    return chosen == null || chosen == ReachabilityBackends.cpu() ? null : chosen.name();
  }

  private ReachabilityBackend large() {
    ReachabilityBackend chosen = large;
    if (chosen == null) {
      synchronized (this) {
        chosen = large;
        if (chosen == null) {
          chosen = choice.get();
          large = chosen;
        }
      }
    }
    return chosen;
  }
}
