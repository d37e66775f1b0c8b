package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.WorkloadFamily;
import io.isoverify.history.anomaly.Anomaly;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.provider.Arguments;

/** Test helper: every (workload family, injectable anomaly) pair, for parameterized tests. */
public final class InjectionCases {
  private InjectionCases() {}

  public static List<Arguments> all() {
    List<Arguments> cases = new ArrayList<>();
    for (WorkloadFamily f : WorkloadFamily.values()) {
      for (Anomaly a : Simulator.injectable(f)) {
        cases.add(Arguments.of(f, a));
      }
    }
    return cases;
  }
}
