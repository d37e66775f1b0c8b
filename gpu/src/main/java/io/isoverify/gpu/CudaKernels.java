package io.isoverify.gpu;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;

/**
 * The module's CUDA kernels ({@code src/main/cuda/reachability.cu}, PTX compiled by nvcc at
 * build time, resource {@value #PTX}) loaded on one device, in its primary context, through
 * JCuda's driver API. One instance per device, opened on first use and kept for the JVM's
 * life; callers serialize their use ({@link CudaReachability} builds one index at a time).
 */
final class CudaKernels {
  static final String PTX = "/io/isoverify/gpu/reachability.ptx";
  /** Threads per block of every launch. */
  private static final int BLOCK = 256;
  /** Threads of a one-block launch (the most a block may have). */
  static final int ONE_BLOCK = 1024;
  private static final Map<Integer, CudaKernels> OPEN = new HashMap<>();
  private static String noDevice;
  private static int deviceCount = -1;

  private final CUcontext context;
  final String deviceName;
  final CUfunction fillLevel;
  final CUfunction fillLevels;
  final CUfunction squareBits;
  final CUfunction tableOfBits;
  final CUfunction jumpRound;

  private CudaKernels(CUcontext context, String deviceName, CUmodule module) {
    this.context = context;
    this.deviceName = deviceName;
    this.fillLevel = function(module, "fillLevel");
    this.fillLevels = function(module, "fillLevels");
    this.squareBits = function(module, "squareBits");
    this.tableOfBits = function(module, "tableOfBits");
    this.jumpRound = function(module, "jumpRound");
  }

  /**
   * Why no kernel can run on device {@code ordinal} here, or null when one can: the PTX is
   * missing from the jar (nvcc was absent at build time), no CUDA driver or device is found,
   * or the driver cannot load the PTX.
   */
  static synchronized String unavailableReason(int ordinal) {
    StringBuilder why = new StringBuilder();
    if (CudaKernels.class.getResource(PTX) == null) {
      why.append("no PTX in this build (nvcc was not on the PATH when the gpu module was built)");
    }
    String device = deviceReason(ordinal);
    if (device != null) {
      why.append(why.length() == 0 ? "" : "; ").append(device);
    }
    if (why.length() == 0) {
      try {
        open(ordinal);
      } catch (IllegalStateException e) {
        why.append(e.getMessage());
      }
    }
    return why.length() == 0 ? null : why.toString();
  }

  /** "no CUDA device: ..." when the driver or device {@code ordinal} is missing, else null. */
  private static String deviceReason(int ordinal) {
    if (deviceCount < 0 && noDevice == null) {
      try {
        JCudaDriver.setExceptionsEnabled(true);
        cuInit(0);
        int[] count = {0};
        cuDeviceGetCount(count);
        deviceCount = count[0];
      } catch (LinkageError | RuntimeException e) {
        // no libcuda (UnsatisfiedLinkError) or a driver error (CudaException): no device
        noDevice = "no CUDA device: " + (String.valueOf(e.getMessage()).contains("libcuda.so")
            ? "the CUDA driver library libcuda.so.1 is not installed" : firstLine(e));
      }
    }
    if (noDevice != null) {
      return noDevice;
    }
    if (ordinal >= deviceCount) {
      return "no CUDA device: the driver sees " + deviceCount + " device(s), device " + ordinal
          + " was asked for";
    }
    return null;
  }

  /**
   * The kernels on device {@code ordinal}, loading the PTX into its primary context on first
   * use; the context is made current on the calling thread.
   *
   * @throws IllegalStateException when {@link #unavailableReason} is not null
   */
  static synchronized CudaKernels open(int ordinal) {
    CudaKernels k = OPEN.get(ordinal);
    if (k == null) {
      String device = deviceReason(ordinal);
      if (device != null) {
        throw new IllegalStateException(device);
      }
      byte[] ptx = ptx();
      try {
        CUdevice dev = new CUdevice();
        cuDeviceGet(dev, ordinal);
        byte[] name = new byte[256];
        cuDeviceGetName(name, name.length, dev);
        CUcontext ctx = new CUcontext();
        cuDevicePrimaryCtxRetain(ctx, dev);
        cuCtxSetCurrent(ctx);
        CUmodule module = new CUmodule();
        cuModuleLoadData(module, ptx);
        k = new CudaKernels(ctx, cString(name), module);
      } catch (RuntimeException e) {
        throw new IllegalStateException("the CUDA driver cannot load this build's PTX on device "
            + ordinal + ": " + firstLine(e), e);
      }
      OPEN.put(ordinal, k);
    }
    cuCtxSetCurrent(k.context);
    return k;
  }

  /** Free bytes of device memory now. */
  long freeBytes() {
    long[] free = {0};
    long[] total = {0};
    cuMemGetInfo(free, total);
    return free[0];
  }

  /**
   * Queues {@code f} on {@code threads} threads (1-dimensional) on the default stream, so
   * launches run in order; {@link #finish} waits for them and reports their errors.
   */
  void launch(CUfunction f, long threads, Pointer... args) {
    if (threads == 0) {
      return;
    }
    long blocks = (threads + BLOCK - 1) / BLOCK;
    if (blocks > Integer.MAX_VALUE) {
      throw new IllegalStateException("kernel launch of " + threads + " threads is too large");
    }
    Pointer params = Pointer.to(args);
    cuLaunchKernel(f, (int) blocks, 1, 1, BLOCK, 1, 1, 0, null, params, null);
  }

  /** Queues {@code f} as one block of {@value #ONE_BLOCK} threads. */
  void launchOneBlock(CUfunction f, Pointer... args) {
    cuLaunchKernel(f, 1, 1, 1, ONE_BLOCK, 1, 1, 0, null, Pointer.to(args), null);
  }

  /** Waits for every queued launch. */
  void finish() {
    cuCtxSynchronize();
  }

  private static CUfunction function(CUmodule module, String name) {
    CUfunction f = new CUfunction();
    cuModuleGetFunction(f, module, name);
    return f;
  }

  /** The PTX text, NUL-terminated as the driver wants it. */
  private static byte[] ptx() {
    try (InputStream in = CudaKernels.class.getResourceAsStream(PTX)) {
      if (in == null) {
        throw new IllegalStateException("no PTX in this build (nvcc was not on the PATH when "
            + "the gpu module was built)");
      }
      byte[] text = in.readAllBytes();
      byte[] z = new byte[text.length + 1];
      System.arraycopy(text, 0, z, 0, text.length);
      return z;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the PTX resource " + PTX + ": " + e, e);
    }
  }

  private static String cString(byte[] b) {
    int end = 0;
    while (end < b.length && b[end] != 0) {
      end++;
    }
    return new String(b, 0, end, StandardCharsets.US_ASCII);
  }

  private static String firstLine(Throwable e) {
    String m = e.getMessage() == null ? e.toString() : e.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
