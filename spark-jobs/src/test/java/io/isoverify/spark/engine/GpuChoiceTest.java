package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.isoverify.graph.GpuMode;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.graph.ReachabilityUnavailableException;
import io.isoverify.gpu.CudaReachability;
import org.junit.jupiter.api.Test;

/**
 * spark.verifier.gpu's rule on a driver without a CUDA device (skipped where one is): off
 * and auto build on the driver's CPU, unless executors have GPUs (then an executor's);
 * on without any GPU is an error naming both places.
 */
class GpuChoiceTest {
  private static final ReachabilityBackend EXECUTOR = new ReachabilityBackend() {
    @Override
    public String name() {
      return "executor stand-in";
    }

    @Override
    public String unavailableReason() {
      return null;
    }

    @Override
    public io.isoverify.graph.ReachabilityIndex build(io.isoverify.graph.ChainCoverGraph g, int t) {
      throw new UnsupportedOperationException();
    }
  };

  @Test
  void withoutADriverGpuTheExecutorsOrTheCpu() {
    String why = new CudaReachability().unavailableReason();
    assumeTrue(why != null, "the driver has a CUDA device");
    assertSame(ReachabilityBackends.cpu(), GpuChoice.select(GpuMode.OFF, 1, () -> EXECUTOR));
    assertSame(ReachabilityBackends.cpu(), GpuChoice.select(GpuMode.AUTO, 0, () -> EXECUTOR));
    assertSame(EXECUTOR, GpuChoice.select(GpuMode.AUTO, 1, () -> EXECUTOR));
    assertSame(EXECUTOR, GpuChoice.select(GpuMode.ON, 0.5, () -> EXECUTOR));
    ReachabilityUnavailableException e = assertThrows(ReachabilityUnavailableException.class,
        () -> GpuChoice.select(GpuMode.ON, 0, () -> EXECUTOR));
    assertTrue(e.getMessage().endsWith("cuda: " + why + "; and the executors have none "
        + "(spark.executor.resource.gpu.amount is not set)"), e.getMessage());
  }

  @Test
  void theDiscoveryScriptIsInTheJar() {
    assertEquals(true, GpuChoice.class.getResource("/getGpusResources.sh") != null);
  }
}
