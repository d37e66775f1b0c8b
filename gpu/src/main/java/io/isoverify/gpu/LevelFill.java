package io.isoverify.gpu;

import io.isoverify.graph.ChainCoverGraph;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The chain-cover table filled on the device level by level in reverse topological order
 * (kernel {@code fillLevel}): a node's level is its height (0 for a node without
 * successors, else 1 + the largest height of a successor), so the rows a level reads are
 * final before it runs, and the nodes x K entries of one level are independent threads.
 * The CSR graph (start, head), the chains and the table stay resident on the device for
 * the whole build; one copy in, one copy of the table out.
 *
 * <p>Work O(arcs * K) as on the CPU, spread over the entries of a level; one launch per
 * level (a graph with long session chains has many levels, each launch a few microseconds).
 * Host: O(nodes + arcs) for the heights, 2 ints per node.
 */
final class LevelFill {
  private LevelFill() {
  }

  /** Device bytes the build holds: graph, chains, level lists and the table. */
  static long deviceBytes(ChainCoverGraph g) {
    long n = g.nodeCount();
    return 4L * ((n + 1) + g.arcCount() + 3 * n + n * g.chains());
  }

  /** Fills {@code first} (nodes x K, as {@link io.isoverify.graph.ChainReachability}). */
  static void fill(CudaKernels kernels, ChainCoverGraph g, int[] first) {
    int n = g.nodeCount();
    int k = g.chains();
    int[] start = g.outStart();
    int[] head = g.outHead();
    int[] topo = g.topologicalOrder();
    int[] height = new int[n];
    int levels = 0;
    for (int i = n - 1; i >= 0; i--) {
      int u = topo[i];
      int h = 0;
      for (int a = start[u]; a < start[u + 1]; a++) {
        h = Math.max(h, height[head[a]] + 1);
      }
      height[u] = h;
      levels = Math.max(levels, h + 1);
    }
    int[] levelStart = new int[levels + 1];
    for (int u = 0; u < n; u++) {
      levelStart[height[u] + 1]++;
    }
    for (int l = 0; l < levels; l++) {
      levelStart[l + 1] += levelStart[l];
    }
    int[] fill = levelStart.clone();
    int[] byLevel = new int[n]; // the nodes by level (counting sort)
    for (int u = 0; u < n; u++) {
      byLevel[fill[height[u]]++] = u;
    }
    try (DeviceArrays d = new DeviceArrays()) {
      CUdeviceptr dStart = d.copyOf(start);
      CUdeviceptr dHead = d.copyOf(head);
      CUdeviceptr dChain = d.copyOf(g.chainOf());
      CUdeviceptr dPos = d.copyOf(g.posOf());
      CUdeviceptr dNodes = d.copyOf(byLevel);
      CUdeviceptr dFirst = d.filled((long) n * k, Integer.MAX_VALUE);
      for (int l = 0; l < levels; l++) {
        int count = levelStart[l + 1] - levelStart[l];
        kernels.launch(kernels.fillLevel, (long) count * k, Pointer.to(dStart), Pointer.to(dHead),
            Pointer.to(dChain), Pointer.to(dPos), Pointer.to(dNodes),
            Pointer.to(new int[] {levelStart[l]}), Pointer.to(new int[] {count}),
            Pointer.to(new int[] {k}), Pointer.to(dFirst));
      }
      kernels.finish();
      DeviceArrays.copyBack(dFirst, first);
    }
  }
}
