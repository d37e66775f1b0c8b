package io.isoverify.gpu;

import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemsetD32;

import io.isoverify.graph.ChainCoverGraph;
import java.util.ArrayList;
import java.util.List;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUdeviceptr;

/**
 * Device memory of one build: int arrays allocated, copied in and out, and all freed on
 * {@link #close}, also when a launch fails.
 */
final class DeviceArrays implements AutoCloseable {
  private final List<CUdeviceptr> held = new ArrayList<>();

  /** A device copy of {@code host}. */
  CUdeviceptr copyOf(int[] host) {
    CUdeviceptr p = ints(host.length);
    if (host.length > 0) {
      cuMemcpyHtoD(p, Pointer.to(host), (long) host.length * Sizeof.INT);
    }
    return p;
  }

  /** A graph's CSR arrays and chains on the device, as kernel arguments. */
  record Graph(Pointer start, Pointer head, Pointer chainOf, Pointer posOf) {}

  /** Device copies of {@code g}'s out-arcs (start, head) and chains (chainOf, posOf). */
  Graph graphOf(ChainCoverGraph g) {
    return new Graph(Pointer.to(copyOf(g.outStart())), Pointer.to(copyOf(g.outHead())),
        Pointer.to(copyOf(g.chainOf())), Pointer.to(copyOf(g.posOf())));
  }

  /** {@code count} ints, each set to {@code value}. */
  CUdeviceptr filled(long count, int value) {
    CUdeviceptr p = ints(count);
    if (count > 0) {
      cuMemsetD32(p, value, count);
    }
    return p;
  }

  /** {@code count} uninitialized ints (at least one, so the pointer is valid). */
  CUdeviceptr ints(long count) {
    CUdeviceptr p = new CUdeviceptr();
    cuMemAlloc(p, Math.max(1, count) * Sizeof.INT);
    held.add(p);
    return p;
  }

  /** Copies the first {@code host.length} ints of {@code device} into {@code host}. */
  static void copyBack(CUdeviceptr device, int[] host) {
    if (host.length > 0) {
      cuMemcpyDtoH(Pointer.to(host), device, (long) host.length * Sizeof.INT);
    }
  }

  @Override
  public void close() {
    for (CUdeviceptr p : held) {
      cuMemFree(p);
    }
    held.clear();
  }
}
