package io.isoverify.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.isoverify.graph.ChainCoverGraph;
import io.isoverify.graph.ChainReachability;
import io.isoverify.graph.GpuMode;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.graph.ReachabilityUnavailableException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The CUDA backend: every way of filling the table (size rule, levels, dense closure, chain
 * jumps) equals the CPU's table on random DAGs, sparse and dense, with chain positions from
 * 0, from 1000 and too sparse for the jumps (fixed seeds), entry by entry, where a device
 * is; without one, AUTO picks the CPU and ON fails with the reason.
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
      ChainCoverGraph g = randomDag(rnd, n, 1 + rnd.nextInt(Math.min(n, 16)), density,
          round % 4 == 1 ? 1000 : 0, round % 4 == 3 ? 3 : 1);
      String where = strategy + " round " + round;
      assertArrayEquals(ChainReachability.cpuTable(g), cuda.table(g),
          () -> where + " (" + cuda.lastBuild() + ")");
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
    return randomDag(rnd, n, chains, density, 0, 1);
  }

  /**
   * As above, with chain positions {@code start, start + step, ...}: a start far from 0
   * moves the chains' position ranges, and a step of 3 makes them too sparse for the chain
   * jumps' lookup (the build then fills level by level).
   */
  static ChainCoverGraph randomDag(Random rnd, int n, int chains, double density, int start,
      int step) {
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
      posOf[v] = last[c] < 0 ? start : posOf[last[c]] + step;
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
