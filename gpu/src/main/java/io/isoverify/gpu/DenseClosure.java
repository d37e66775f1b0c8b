package io.isoverify.gpu;

import io.isoverify.graph.ChainCoverGraph;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * Cobra's transitive closure (section 5): the boolean adjacency matrix (with the diagonal)
 * squared on the device until it stops changing, at most ceil(log2 n) times (kernel
 * {@code squareBits}, rows as bit sets of 32-bit words), then the chain-cover table read off
 * the closed matrix (kernel {@code tableOfBits}). Work O(n^3 / 32) per squaring, memory
 * 2 n^2 bits; it replaces the level-by-level fill only on small dense graphs, where the
 * levels are many and narrow and the squarings few (the rule: {@link CudaReachability}).
 */
final class DenseClosure {
  private DenseClosure() {
  }

  /** Device bytes the build holds: two bit matrices, the chains and the table. */
  static long deviceBytes(ChainCoverGraph g) {
    long n = g.nodeCount();
    long w = (n + 31) / 32;
    return 4L * (2 * n * w + 2 * n + 1 + n * g.chains());
  }

  /** Fills {@code first} (nodes x K, as {@link io.isoverify.graph.ChainReachability}). */
  static void fill(CudaKernels kernels, ChainCoverGraph g, int[] first, BuildTimes times) {
    int n = g.nodeCount();
    int w = (n + 31) >>> 5;
    int k = g.chains();
    int[] start = g.outStart();
    int[] head = g.outHead();
    int[] bits = new int[n * w];
    for (int u = 0; u < n; u++) {
      bits[u * w + (u >>> 5)] |= 1 << (u & 31);
      for (int a = start[u]; a < start[u + 1]; a++) {
        int v = head[a];
        bits[u * w + (v >>> 5)] |= 1 << (v & 31);
      }
    }
    int maxSquarings = 33 - Integer.numberOfLeadingZeros(Math.max(1, n - 1));
    times.mark("bit matrix");
    try (DeviceArrays d = new DeviceArrays()) {
      CUdeviceptr r = d.copyOf(bits);
      CUdeviceptr next = d.ints((long) n * w);
      CUdeviceptr changed = d.ints(1);
      int[] flag = {0};
      int squarings = 0;
      times.mark("copy in");
      for (int s = 0; s < maxSquarings; s++) {
        squarings++;
        jcuda.driver.JCudaDriver.cuMemsetD32(changed, 0, 1);
        kernels.launch(kernels.squareBits, (long) n * w, Pointer.to(r),
            Pointer.to(new int[] {n}), Pointer.to(new int[] {w}), Pointer.to(next),
            Pointer.to(changed));
        kernels.finish();
        CUdeviceptr t = r;
        r = next;
        next = t;
        DeviceArrays.copyBack(changed, flag);
        if (flag[0] == 0) {
          break;
        }
      }
      CUdeviceptr dChain = d.copyOf(g.chainOf());
      CUdeviceptr dPos = d.copyOf(g.posOf());
      CUdeviceptr dFirst = d.filled((long) n * k, Integer.MAX_VALUE);
      kernels.launch(kernels.tableOfBits, n, Pointer.to(r), Pointer.to(new int[] {n}),
          Pointer.to(new int[] {w}), Pointer.to(dChain), Pointer.to(dPos),
          Pointer.to(new int[] {k}), Pointer.to(dFirst));
      kernels.finish();
      times.mark("kernels");
      times.note(squarings + " squarings");
      DeviceArrays.copyBack(dFirst, first);
      times.mark("copy out");
    }
  }
}
