package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link AutoReachability}: a device is looked for only at the first large graph. */
class AutoReachabilityTest {

  /** A path 0 -> 1 -> ... -> n-1, one chain. */
  private static ChainCoverGraph path(int n) {
    int[] tail = new int[n - 1];
    int[] head = new int[n - 1];
    int[] chainOf = new int[n];
    int[] posOf = new int[n];
    for (int i = 0; i < n; i++) {
      posOf[i] = i;
      if (i + 1 < n) {
        tail[i] = i;
        head[i] = i + 1;
      }
    }
    return ChainCoverGraph.of(n, tail, head, n - 1, chainOf, posOf, 1);
  }

  @Test
  void smallGraphsAreBuiltOnTheCpuWithoutAskingLargeOnesAskOnce() {
    AtomicInteger asked = new AtomicInteger();
    AtomicInteger built = new AtomicInteger();
    ReachabilityBackend device = new ReachabilityBackend() {
      @Override
      public String name() {
        return "device";
      }

      @Override
      public String unavailableReason() {
        return null;
      }

      @Override
      public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
        built.incrementAndGet();
        return ReachabilityBackends.cpu().build(graph, threads);
      }
    };
    AutoReachability auto = new AutoReachability(() -> {
      asked.incrementAndGet();
      return device;
    });

    ReachabilityIndex small = auto.build(path(AutoReachability.MIN_NODES - 1), 1);
    assertTrue(small.reaches(0, AutoReachability.MIN_NODES - 2));
    assertFalse(small.reaches(5, 4));
    assertEquals(0, asked.get());
    assertEquals("auto", auto.name());
    assertNull(auto.acceleratedName());

    ChainCoverGraph large = path(AutoReachability.MIN_NODES);
    assertTrue(auto.build(large, 1).reaches(3, AutoReachability.MIN_NODES - 1));
    auto.build(large, 1);
    assertEquals(1, asked.get());
    assertEquals(2, built.get());
    assertEquals("device", auto.acceleratedName());
  }

  @Test
  void withNoDeviceLargeGraphsAreBuiltOnTheCpuAndNoneIsNamed() {
    AutoReachability auto = new AutoReachability();
    ReachabilityIndex index = auto.build(path(AutoReachability.MIN_NODES), 1);
    assertTrue(index.reaches(0, AutoReachability.MIN_NODES - 1));
    assertNull(auto.acceleratedName());
    assertEquals("cpu", auto.name());
  }
}
