package io.isoverify.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The reachability backends of this JVM and the choice among them by {@link GpuMode}. The
 * CPU backend is always there; accelerated ones come from {@link ServiceLoader}, so
 * graph-partitioning never depends on the module that provides them (gpu).
 */
public final class ReachabilityBackends {
  private ReachabilityBackends() {
  }

  /** The chain-cover table filled on the CPU's threads ({@link ChainReachability}). */
  public static ReachabilityBackend cpu() {
    return ChainReachability.CPU;
  }

  /** The accelerated backends on the class path, by name; available or not. */
  public static List<ReachabilityBackend> accelerated() {
    List<ReachabilityBackend> found = new ArrayList<>();
    for (ReachabilityBackend b : ServiceLoader.load(ReachabilityBackend.class,
        ReachabilityBackends.class.getClassLoader())) {
      found.add(b);
    }
    found.sort(Comparator.comparing(ReachabilityBackend::name));
    return found;
  }

  /** The CPU backend, then the accelerated ones (available or not). */
  public static List<ReachabilityBackend> all() {
    List<ReachabilityBackend> all = new ArrayList<>();
    all.add(cpu());
    all.addAll(accelerated());
    return all;
  }

  /**
   * The backend a mode asks for: OFF the CPU; AUTO the first available accelerated backend
   * ({@link #orCpu}: a build that fails there is done on the CPU), else the CPU; ON the first
   * available accelerated backend (a failed build is an error).
   *
   * @throws ReachabilityUnavailableException under ON when none is available, saying why
   *     each one is not
   */
  public static ReachabilityBackend select(GpuMode mode) {
    if (mode == GpuMode.OFF) {
      return cpu();
    }
    StringBuilder why = new StringBuilder();
    for (ReachabilityBackend b : accelerated()) {
      String reason = b.unavailableReason();
      if (reason == null) {
        return mode == GpuMode.AUTO ? orCpu(b) : b;
      }
      why.append(why.length() == 0 ? "" : "; ").append(b.name()).append(": ").append(reason);
    }
    if (mode == GpuMode.AUTO) {
      return cpu();
    }
    throw new ReachabilityUnavailableException("a GPU was required (gpu on) but "
        + (why.length() == 0 ? "no GPU backend is on the class path (the gpu module's jar)"
            : "no GPU backend can run here: " + why));
  }

  /**
   * {@code backend}, except that a build it fails (a RuntimeException: a device error, too
   * little device memory) is done by the CPU backend instead; the index is the same either
   * way. What AUTO uses: a GPU the user did not ask for never fails a run.
   */
  public static ReachabilityBackend orCpu(ReachabilityBackend backend) {
    return new ReachabilityBackend() {
      @Override
      public String name() {
        return backend.name();
      }

      @Override
      public String unavailableReason() {
        return backend.unavailableReason();
      }

      @Override
      public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
        try {
          return backend.build(graph, threads);
        } catch (RuntimeException e) {
          return cpu().build(graph, threads);
        }
      }
    };
  }
}
