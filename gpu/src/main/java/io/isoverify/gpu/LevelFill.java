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
 * <p>Work O(arcs * K), spread over the entries of a level (the CPU's fill skips the arcs a
 * row already reaches, graph-partitioning's ChainReachability; these kernels do not). A wide
 * level (over {@value #NARROW} entries) is one launch over the whole device ({@code
 * fillLevel}); a run of consecutive narrow levels is one launch of one block that steps
 * through them with a barrier between levels ({@code fillLevels}): long session chains make
 * tens of thousands of levels of a few nodes each, and a launch costs microseconds. The
 * bound is a guess, not measured (gpu/README.md). Host: O(nodes + arcs) for the heights, 2
 * ints per node.
 */
final class LevelFill {
  /** Levels of at most this many entries (nodes x K) run inside one block. */
  static final int NARROW = 4 * CudaKernels.ONE_BLOCK;

  private LevelFill() {
  }

  /** Device bytes the build holds: graph, chains, levels and their nodes, the table. */
  static long deviceBytes(ChainCoverGraph g) {
    long n = g.nodeCount();
    return 4L * (2 * (n + 1) + g.arcCount() + 3 * n + n * g.chains());
  }

  /**
   * The levels of {@code g}: {@code [0]} the start of each level in {@code [1]}, the nodes
   * by level (height), lowest first. O(nodes + arcs).
   */
  static int[][] levels(ChainCoverGraph g) {
    int n = g.nodeCount();
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
    int[] byLevel = new int[n];
    for (int u = 0; u < n; u++) {
      byLevel[fill[height[u]]++] = u;
    }
    return new int[][] {levelStart, byLevel};
  }

  /**
   * The launches, in order, as triples (wide, from, to): wide 1 is one {@code fillLevel}
   * launch of level {@code from} (to = from + 1), wide 0 one {@code fillLevels} block over
   * the narrow levels from..to-1. Every level once, lowest first.
   */
  static int[] launches(int[] levelStart, int k) {
    int levels = levelStart.length - 1;
    IntArray out = new IntArray();
    int runFrom = 0;
    for (int l = 0; l <= levels; l++) {
      if (l < levels && (long) (levelStart[l + 1] - levelStart[l]) * k <= NARROW) {
        continue;
      }
      if (runFrom < l) {
        out.add(0, runFrom, l);
      }
      if (l < levels) {
        out.add(1, l, l + 1);
      }
      runFrom = l + 1;
    }
    return out.toArray();
  }

  /** Fills {@code first} (nodes x K, as {@link io.isoverify.graph.ChainReachability}). */
  static void fill(CudaKernels kernels, ChainCoverGraph g, int[] first, BuildTimes times) {
    int n = g.nodeCount();
    int k = g.chains();
    int[][] lv = levels(g);
    int[] levelStart = lv[0];
    int[] plan = launches(levelStart, k);
    times.mark("levels");
    try (DeviceArrays d = new DeviceArrays()) {
      DeviceArrays.Graph dg = d.graphOf(g);
      CUdeviceptr dNodes = d.copyOf(lv[1]);
      CUdeviceptr dLevels = d.copyOf(levelStart);
      CUdeviceptr dFirst = d.filled((long) n * k, Integer.MAX_VALUE);
      times.mark("copy in");
      Pointer kArg = Pointer.to(new int[] {k});
      for (int i = 0; i < plan.length; i += 3) {
        int from = plan[i + 1];
        if (plan[i] == 1) {
          int count = levelStart[from + 1] - levelStart[from];
          kernels.launch(kernels.fillLevel, (long) count * k, dg.start(), dg.head(),
              dg.chainOf(), dg.posOf(), Pointer.to(dNodes),
              Pointer.to(new int[] {levelStart[from]}), Pointer.to(new int[] {count}), kArg,
              Pointer.to(dFirst));
        } else {
          kernels.launchOneBlock(kernels.fillLevels, dg.start(), dg.head(), dg.chainOf(),
              dg.posOf(), Pointer.to(dNodes), Pointer.to(dLevels),
              Pointer.to(new int[] {from}), Pointer.to(new int[] {plan[i + 2]}), kArg,
              Pointer.to(dFirst));
        }
      }
      kernels.finish();
      times.mark("kernels");
      times.note((levelStart.length - 1) + " levels, " + plan.length / 3 + " launches");
      DeviceArrays.copyBack(dFirst, first);
      times.mark("copy out");
    }
  }

  /** A growing int array (the launch plan). */
  private static final class IntArray {
    private int[] a = new int[48];
    private int size;

    void add(int x, int y, int z) {
      if (size + 3 > a.length) {
        a = java.util.Arrays.copyOf(a, 2 * a.length);
      }
      a[size++] = x;
      a[size++] = y;
      a[size++] = z;
    }

    int[] toArray() {
      return java.util.Arrays.copyOf(a, size);
    }
  }
}
