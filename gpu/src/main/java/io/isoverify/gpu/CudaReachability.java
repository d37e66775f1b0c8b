package io.isoverify.gpu;

import io.isoverify.graph.ChainCoverGraph;
import io.isoverify.graph.ChainReachability;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityIndex;
import jcuda.CudaException;

/**
 * The reachability backend on a CUDA device (found by graph-partitioning through
 * {@link java.util.ServiceLoader}): the chain-cover table of
 * {@link ChainReachability} filled on the GPU, then handed to the host, where queries and
 * pruning's arc-by-arc updates run on the host copy exactly as for the CPU backend
 * ({@link ChainReachability#ofTable}). How the table is filled (the size rule, from the
 * figures measured on an H100 in gpu/README.md):
 * <ul>
 *   <li>cobra's dense closure by repeated squaring ({@link DenseClosure}, cobra section 5)
 *       when the graph has at most {@value #DENSE_MAX_NODES} nodes and at least one arc per
 *       {@value #DENSE_DENSITY} node pairs (cobra's 5% cross-over between sparse and dense
 *       products): the bit matrix is at most 2 MiB and the squarings at most 13;
 *   <li>else by chain jumps ({@link ChainJumps}) for at most {@value #JUMPS_MAX_CHAINS}
 *       chains, where the graph is deep and narrow (1.6-2.1x the CPU's 16 threads at 20 chains,
 *       slower than the levels at 64);
 *   <li>else level by level in reverse topological order ({@link LevelFill}), O(arcs * K);
 *   <li>on the CPU when the device's free memory cannot hold the graph and the table
 *       ({@link #lastBuild()} says so).
 * </ul>
 * The device is {@code isoverify.gpu.device} (a system property, default 0), or the one
 * given; builds are serialized.
 */
public final class CudaReachability implements ReachabilityBackend {
  /** How a build fills the table. */
  public enum Strategy { BY_SIZE, LEVELS, DENSE, JUMPS }

  /** The dense closure only for graphs of at most this many nodes. */
  public static final int DENSE_MAX_NODES = 4096;
  /** ... with at least n^2 / DENSE_DENSITY arcs (5%). */
  public static final int DENSE_DENSITY = 20;
  /** Chain jumps only for graphs of at most this many chains (levels above). */
  public static final int JUMPS_MAX_CHAINS = 32;
  /** The system property naming the device of the no-argument constructor. */
  public static final String DEVICE_PROPERTY = "isoverify.gpu.device";

  private final int device;
  private final Strategy strategy;
  private volatile String lastBuild = "none";

  /** The backend ServiceLoader makes: the device of {@value #DEVICE_PROPERTY}, size rule. */
  public CudaReachability() {
    this(Integer.getInteger(DEVICE_PROPERTY, 0), Strategy.BY_SIZE);
  }

  public CudaReachability(int device, Strategy strategy) {
    this.device = device;
    this.strategy = strategy;
  }

  @Override
  public String name() {
    return "cuda";
  }

  @Override
  public String unavailableReason() {
    return CudaKernels.unavailableReason(device);
  }

  /**
   * @throws IllegalStateException when no device can run the kernels (the reason), or a
   *     CUDA call fails
   */
  @Override
  public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
    return ChainReachability.ofTable(graph, table(graph));
  }

  /**
   * The chain-cover table of {@code graph} ({@link ChainReachability#ofTable}), filled on
   * the device by the size rule, or on the CPU ({@link ChainReachability#cpuTable}) when the
   * device's free memory is too small.
   *
   * @throws IllegalStateException as {@link #build}
   */
  public int[] table(ChainCoverGraph graph) {
    synchronized (CudaReachability.class) {
      CudaKernels kernels = CudaKernels.open(device);
      BuildTimes times = new BuildTimes();
      Strategy way = way(graph);
      int[][] lookup = way == Strategy.JUMPS ? ChainJumps.lookup(graph) : null;
      if (way == Strategy.JUMPS && lookup == null) {
        way = Strategy.LEVELS;
      }
      long need = way == Strategy.DENSE ? DenseClosure.deviceBytes(graph)
          : way == Strategy.JUMPS ? ChainJumps.deviceBytes(graph, lookup)
          : LevelFill.deviceBytes(graph);
      long free = kernels.freeBytes();
      if (need > free - free / 10) {
        lastBuild = "cpu: " + need + " bytes needed, " + free + " free on " + kernels.deviceName;
        return ChainReachability.cpuTable(graph);
      }
      if (lookup != null) {
        times.mark("lookup");
      }
      // every entry is written on the device and copied back: no host fill
      int[] first = new int[ChainReachability.tableSize(graph)];
      times.mark("host table");
      String how;
      try {
        if (way == Strategy.DENSE) {
          DenseClosure.fill(kernels, graph, first, times);
          how = "dense closure";
        } else if (way == Strategy.JUMPS) {
          how = ChainJumps.fill(kernels, graph, lookup, first, times) > 0 ? "chain jumps"
              : "chain jumps, then levels";
        } else {
          LevelFill.fill(kernels, graph, first, times);
          how = "levels";
        }
      } catch (CudaException e) {
        throw new IllegalStateException("reachability index on " + kernels.deviceName + ": "
            + e.getMessage(), e);
      }
      lastBuild = how + " on " + kernels.deviceName + ": " + times;
      return first;
    }
  }

  /** How the last build filled the table and where ("none" before the first). */
  public String lastBuild() {
    return lastBuild;
  }

  /** The strategy for {@code g}: the fixed one, or the size rule's (class comment). */
  private Strategy way(ChainCoverGraph g) {
    long n = g.nodeCount();
    if (strategy == Strategy.DENSE && n * ((n + 31) / 32) > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("a dense closure of " + n + " nodes is over the array limit");
    }
    if (strategy != Strategy.BY_SIZE) {
      return strategy;
    }
    if (n <= DENSE_MAX_NODES && (long) g.arcCount() * DENSE_DENSITY >= n * n) {
      return Strategy.DENSE;
    }
    return g.chains() <= JUMPS_MAX_CHAINS ? Strategy.JUMPS : Strategy.LEVELS;
  }
}
