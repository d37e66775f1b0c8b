package io.isoverify.gpu;

import io.isoverify.graph.ChainCoverGraph;
import java.util.Arrays;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * The chain-cover table filled on the device by chain jumps (kernel {@code jumpRound}):
 * every entry of the table is a thread, and each round an entry (u, c) takes the least of
 * its successors' entries and, for each chain c2 that u reaches at position p, the entry of
 * the node at (c2, p): u reaches the rest of c2 from there, hence everything that node
 * reaches. Like pointer jumping, a round doubles the number of chain changes along the
 * paths the table accounts for, so the rounds grow with the logarithm of those changes,
 * not with the depth of the graph: a session chain of 50,000 transactions is 50,000 levels
 * for {@link LevelFill}, whose narrow levels run one after another in one block, and a
 * handful of rounds here. The rounds stop at the first that lowers no entry (the table is
 * then exact: the kernel's comment); after {@value #MAX_ROUNDS} the level fill takes over.
 *
 * <p>Work O(nodes x K x (out-degree + K)) a round, so it pays for few chains (the size rule
 * in {@link CudaReachability}); host O(nodes) for the (chain, position) -> node lookup,
 * which needs the positions of each chain to be about dense (they are: {@code ChainCover}
 * numbers them 0, 1, 2, ...): at most 2 x nodes + K slots in all, else it does not apply.
 */
final class ChainJumps {
  static final int MAX_ROUNDS = 64;

  private ChainJumps() {
  }

  /**
   * {@code [0]} nodeAt, {@code [1]} chainBase: the node at position p of chain c is
   * {@code nodeAt[chainBase[c] + p]}; null when the positions are too sparse for it.
   * O(nodes + K).
   */
  static int[][] lookup(ChainCoverGraph g) {
    int n = g.nodeCount();
    int k = g.chains();
    int[] chainOf = g.chainOf();
    int[] posOf = g.posOf();
    int[] min = new int[k];
    int[] max = new int[k];
    Arrays.fill(min, Integer.MAX_VALUE);
    Arrays.fill(max, -1);
    for (int u = 0; u < n; u++) {
      int c = chainOf[u];
      if (c >= 0) {
        min[c] = Math.min(min[c], posOf[u]);
        max[c] = Math.max(max[c], posOf[u]);
      }
    }
    long span = 0;
    for (int c = 0; c < k; c++) {
      span += max[c] < 0 ? 0 : (long) max[c] - min[c] + 1;
    }
    if (span > 2L * n + k) {
      return null;
    }
    int[] base = new int[k];
    long offset = 0;
    for (int c = 0; c < k; c++) {
      if (max[c] >= 0) {
        base[c] = (int) (offset - min[c]);
        offset += (long) max[c] - min[c] + 1;
      }
    }
    int[] nodeAt = new int[(int) Math.max(1, span)];
    Arrays.fill(nodeAt, -1);
    for (int u = 0; u < n; u++) {
      if (chainOf[u] >= 0) {
        nodeAt[base[chainOf[u]] + posOf[u]] = u;
      }
    }
    return new int[][] {nodeAt, base};
  }

  /** Device bytes the build holds: graph, chains, the lookup, the table. */
  static long deviceBytes(ChainCoverGraph g, int[][] lookup) {
    long n = g.nodeCount();
    return 4L * (n + 1 + g.arcCount() + 2 * n + lookup[0].length + lookup[1].length
        + n * g.chains() + 1);
  }

  /**
   * Fills {@code first} (nodes x K, as {@link io.isoverify.graph.ChainReachability}); the
   * rounds it took, or 0 when they ran out and {@link LevelFill} filled it.
   */
  static int fill(CudaKernels kernels, ChainCoverGraph g, int[][] lookup, int[] first,
      BuildTimes times) {
    int n = g.nodeCount();
    int k = g.chains();
    try (DeviceArrays d = new DeviceArrays()) {
      DeviceArrays.Graph dg = d.graphOf(g);
      CUdeviceptr dNodeAt = d.copyOf(lookup[0]);
      CUdeviceptr dBase = d.copyOf(lookup[1]);
      CUdeviceptr dFirst = d.filled((long) n * k, Integer.MAX_VALUE);
      CUdeviceptr changed = d.ints(1);
      times.mark("copy in");
      int[] flag = {0};
      for (int round = 1; round <= MAX_ROUNDS; round++) {
        JCudaDriver.cuMemsetD32(changed, 0, 1);
        kernels.launch(kernels.jumpRound, (long) n * k, dg.start(), dg.head(), dg.chainOf(),
            dg.posOf(), Pointer.to(dNodeAt), Pointer.to(dBase),
            Pointer.to(new int[] {n}), Pointer.to(new int[] {k}), Pointer.to(dFirst),
            Pointer.to(changed));
        DeviceArrays.copyBack(changed, flag);
        if (flag[0] == 0) {
          times.mark("kernels");
          times.note(round + " rounds");
          DeviceArrays.copyBack(dFirst, first);
          times.mark("copy out");
          return round;
        }
      }
      times.mark("kernels");
      times.note(MAX_ROUNDS + " rounds, unsettled");
    }
    LevelFill.fill(kernels, g, first, times);
    return 0;
  }
}
