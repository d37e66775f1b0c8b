package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The choice of backend by {@link GpuMode} with no accelerated backend on the class path. */
class ReachabilityBackendsTest {

  @Test
  void withoutGpuModuleAutoAndOffPickTheCpuAndOnFailsSayingWhy() {
    assertEquals(java.util.List.of(), ReachabilityBackends.accelerated());
    assertSame(ReachabilityBackends.cpu(), ReachabilityBackends.select(GpuMode.AUTO));
    assertSame(ReachabilityBackends.cpu(), ReachabilityBackends.select(GpuMode.OFF));
    ReachabilityUnavailableException e = assertThrows(ReachabilityUnavailableException.class,
        () -> ReachabilityBackends.select(GpuMode.ON));
    assertEquals("a GPU was required (gpu on) but no GPU backend is on the class path "
        + "(the gpu module's jar)", e.getMessage());
  }

  @Test
  void modesParseInAnyCaseAndAWrongOneNamesTheSetting() {
    assertEquals(GpuMode.ON, GpuMode.parse(" On", "--gpu"));
    assertEquals("auto", GpuMode.parse("AUTO", "--gpu").word());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GpuMode.parse("yes", "--gpu"));
    assertEquals("--gpu must be auto, on or off, not 'yes'", e.getMessage());
  }

  @Test
  void orCpuBuildsOnTheCpuWhenTheBackendFails() {
    ReachabilityBackend failing = new ReachabilityBackend() {
      @Override
      public String name() {
        return "failing";
      }

      @Override
      public String unavailableReason() {
        return null;
      }

      @Override
      public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
        throw new IllegalStateException("device error");
      }
    };
    ReachabilityBackend auto = ReachabilityBackends.orCpu(failing);
    assertEquals("failing", auto.name());
    ChainCoverGraph g = ChainCoverGraph.of(3, new int[] {0, 1}, new int[] {1, 2}, 2,
        new int[] {0, 0, 0}, new int[] {0, 1, 2}, 1);
    ReachabilityIndex index = auto.build(g, 1);
    assertTrue(index.reaches(0, 2));
    assertFalse(index.reaches(2, 0));
    assertThrows(IllegalStateException.class, () -> failing.build(g, 1));
  }

  @Test
  void defaultOptionsBuildOnTheCpu() {
    assertSame(ReachabilityBackends.cpu(), PartitionOptions.defaults().reachability());
    assertTrue(ReachabilityBackends.all().contains(ReachabilityBackends.cpu()));
  }
}
