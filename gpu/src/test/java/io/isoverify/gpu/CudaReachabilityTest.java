package io.isoverify.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.isoverify.graph.ChainCoverGraph;
import io.isoverify.graph.GpuMode;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.graph.ReachabilityIndex;
import io.isoverify.graph.ReachabilityUnavailableException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The CUDA backend: both ways of filling the table equal the CPU's table entry by entry on
 * random DAGs, sparse and dense (fixed seeds), where a device is; without one, AUTO picks
 * the CPU and ON fails with the reason.
 */
class CudaReachabilityTest {
  private static final CudaReachability CUDA = new CudaReachability();

  @ParameterizedTest(name = "{0}")
  @EnumSource(CudaReachability.Strategy.class)
  void everyStrategyEqualsTheCpu(CudaReachability.Strategy strategy) {
    String why = CUDA.unavailableReason();
    assumeTrue(why == null, () -> "cuda skipped: " + why);
    CudaReachability cuda = new CudaReachability(0, strategy);
    Random rnd = new Random(16);
    for (int round = 0; round < 40; round++) {
      int n = 2 + rnd.nextInt(round < 30 ? 60 : 3000);
      double density = rnd.nextBoolean() ? 0.02 : 0.3;
      ChainCoverGraph g = randomDag(rnd, n, 1 + rnd.nextInt(Math.min(n, 16)), density);
      ReachabilityIndex cpu = ReachabilityBackends.cpu().build(g, 1);
      ReachabilityIndex gpu = cuda.build(g, 1);
      for (int i = 0; i < 20_000; i++) {
        int u = rnd.nextInt(n);
        int v = rnd.nextInt(n);
        assertEquals(cpu.reaches(u, v), gpu.reaches(u, v),
            strategy + " round " + round + ": " + u + " -> " + v + " (" + cuda.lastBuild() + ")");
      }
    }
  }

  @Test
  void withoutADeviceAutoPicksTheCpuAndOnFailsSayingWhy() {
    String why = CUDA.unavailableReason();
    assumeTrue(why != null, "a CUDA device is present: the no-device behaviour is not seen here");
    assertTrue(why.contains("no CUDA device") || why.contains("no PTX"), why);
    assertSame(ReachabilityBackends.cpu(), ReachabilityBackends.select(GpuMode.AUTO));
    ReachabilityUnavailableException e = assertThrows(ReachabilityUnavailableException.class,
        () -> ReachabilityBackends.select(GpuMode.ON));
    assertEquals("a GPU was required (gpu on) but no GPU backend can run here: cuda: " + why,
        e.getMessage());
    assertThrows(IllegalStateException.class, () -> CUDA.build(randomDag(new Random(1), 3, 1, 0.5), 1));
  }

  @Test
  void theBackendIsFoundOnTheClassPath() {
    ReachabilityBackend found = ReachabilityBackends.accelerated().get(0);
    assertInstanceOf(CudaReachability.class, found);
    assertEquals("cuda", found.name());
    assertTrue(getClass().getResource(CudaKernels.PTX) != null
        || found.unavailableReason().startsWith("no PTX in this build"));
  }

  /**
   * A DAG over n nodes in id order, {@code chains} sessions (node v on chain v % chains),
   * each further pair u < v an arc with the given probability.
   */
  static ChainCoverGraph randomDag(Random rnd, int n, int chains, double density) {
    int[] chainOf = new int[n];
    int[] posOf = new int[n];
    int[] last = new int[chains];
    java.util.Arrays.fill(last, -1);
    int cap = 16;
    int[] from = new int[cap];
    int[] to = new int[cap];
    int arcs = 0;
    for (int v = 0; v < n; v++) {
      int c = v % chains;
      chainOf[v] = c;
      posOf[v] = last[c] < 0 ? 0 : posOf[last[c]] + 1;
      int extra = (int) (density * v);
      for (int i = -1; i < extra; i++) {
        int u = i < 0 ? last[c] : rnd.nextInt(v);
        if (u < 0) {
          continue;
        }
        if (arcs == cap) {
          cap *= 2;
          from = java.util.Arrays.copyOf(from, cap);
          to = java.util.Arrays.copyOf(to, cap);
        }
        from[arcs] = u;
        to[arcs++] = v;
      }
      last[c] = v;
    }
    return ChainCoverGraph.of(n, from, to, arcs, chainOf, posOf, chains);
  }
}
