package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.isoverify.graph.ChainCoverGraph;
import io.isoverify.graph.ChainReachability;
import io.isoverify.graph.GpuMode;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.graph.ReachabilityIndex;
import io.isoverify.graph.ReachabilityUnavailableException;
import io.isoverify.gpu.CudaReachability;
import java.util.Random;
import org.apache.spark.api.java.JavaSparkContext;
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
    public ReachabilityIndex build(ChainCoverGraph g, int t) {
      throw new UnsupportedOperationException();
    }
  };

  @Test
  void withoutADriverGpuTheExecutorsOrTheCpu() {
    String why = new CudaReachability().unavailableReason();
    assumeTrue(why != null, "the driver has a CUDA device");
    assertSame(ReachabilityBackends.cpu(), GpuChoice.select(GpuMode.OFF, 1, () -> EXECUTOR));
    assertSame(ReachabilityBackends.cpu(), GpuChoice.select(GpuMode.AUTO, 0, () -> EXECUTOR));
    assertEquals(EXECUTOR.name(), GpuChoice.select(GpuMode.AUTO, 1, () -> EXECUTOR).name());
    assertSame(EXECUTOR, GpuChoice.select(GpuMode.ON, 0.5, () -> EXECUTOR));
    ReachabilityUnavailableException e = assertThrows(ReachabilityUnavailableException.class,
        () -> GpuChoice.select(GpuMode.ON, 0, () -> EXECUTOR));
    assertTrue(e.getMessage().endsWith("cuda: " + why + "; and the executors have none "
        + "(spark.executor.resource.gpu.amount is not set)"), e.getMessage());
  }

  /**
   * The executor round trip (graph broadcast, one task, the table as its result) with the
   * CPU's fill in place of the GPU's, on local Spark: the index answers as the CPU's.
   */
  @Test
  void anExecutorFillsTheTableTheDriverQueries() {
    Random rnd = new Random(3);
    int n = 300;
    int[] tail = new int[3 * n];
    int[] head = new int[3 * n];
    int arcs = 0;
    int[] chainOf = new int[n];
    int[] posOf = new int[n];
    for (int v = 0; v < n; v++) {
      chainOf[v] = v % 5;
      posOf[v] = v / 5;
      if (v >= 5) {
        tail[arcs] = v - 5;
        head[arcs++] = v;
      }
      if (v > 0 && rnd.nextBoolean()) {
        tail[arcs] = rnd.nextInt(v);
        head[arcs++] = v;
      }
    }
    ChainCoverGraph g = ChainCoverGraph.of(n, tail, head,
        arcs, chainOf, posOf, 5);
    ExecutorReachability.TableFill cpu = (graph, device) ->
        ChainReachability.cpuTable(graph);
    ReachabilityIndex remote = new ExecutorReachability(
        JavaSparkContext.fromSparkContext(
            TestSpark.session().sparkContext()), cpu).build(g, 1);
    ReachabilityIndex local = ReachabilityBackends.cpu().build(g, 1);
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        assertEquals(local.reaches(u, v), remote.reaches(u, v), u + " -> " + v);
      }
    }
  }

  @Test
  void theDiscoveryScriptIsInTheJar() {
    assertEquals(true, GpuChoice.class.getResource("/getGpusResources.sh") != null);
  }
}
