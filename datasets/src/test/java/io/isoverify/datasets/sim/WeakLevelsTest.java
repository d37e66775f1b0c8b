package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.io.HistoryBuilderSink;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The weak levels' histories satisfy read atomic and causal consistency as documented. */
class WeakLevelsTest {
  private static History run(Isolation isolation, long seed) throws Exception {
    GeneralWorkload w = new GeneralWorkload(1, 5, 0.6, KeyDistribution.zipf(12, 1.0));
    HistoryBuilderSink sink = new HistoryBuilderSink("weak");
    Simulator.run(w, Simulator.Config.of(5, 150, isolation, seed).withStaleness(40), sink);
    return sink.history();
  }

  @ParameterizedTest
  @EnumSource(value = Isolation.class, names = {"CAUSAL", "SI", "SER", "SSER"})
  void causalAndStrongerLevelsAreCausal(Isolation isolation) throws Exception {
    for (long seed = 0; seed < 10; seed++) {
      assertTrue(WeakLevelOracle.causal(run(isolation, seed)), isolation + " seed " + seed);
    }
  }

  @Test
  void readAtomicIsReadAtomic() throws Exception {
    for (long seed = 0; seed < 10; seed++) {
      assertTrue(WeakLevelOracle.readAtomic(run(Isolation.RA, seed)), "seed " + seed);
    }
  }

  /** RA's snapshots may go back within a session, which causal consistency forbids. */
  @Test
  void readAtomicIsSometimesNotCausal() throws Exception {
    int notCausal = 0;
    for (long seed = 0; seed < 10; seed++) {
      notCausal += WeakLevelOracle.causal(run(Isolation.RA, seed)) ? 0 : 1;
    }
    assertTrue(notCausal > 0);
  }

  /** Read committed reads whatever is latest, so some of its histories are fractured. */
  @Test
  void readCommittedIsSometimesNotReadAtomic() throws Exception {
    int fractured = 0;
    for (long seed = 0; seed < 10; seed++) {
      fractured += WeakLevelOracle.readAtomic(run(Isolation.RC, seed)) ? 0 : 1;
    }
    assertTrue(fractured > 0);
  }

  private static final Set<Anomaly> CAUSAL_ALLOWS =
      EnumSet.of(Anomaly.LONG_FORK, Anomaly.LOST_UPDATE, Anomaly.WRITE_SKEW,
          Anomaly.REALTIME_VIOLATION);
  private static final Set<Anomaly> READ_ATOMIC_FORBIDS =
      EnumSet.of(Anomaly.FRACTURED_READ, Anomaly.READ_SKEW, Anomaly.SESSION_GUARANTEE_VIOLATION,
          Anomaly.G0, Anomaly.THIN_AIR_READ, Anomaly.ABORTED_READ, Anomaly.INTERMEDIATE_READ);

  /** The README's table: which injected patterns causal consistency and RA allow. */
  @ParameterizedTest
  @EnumSource(value = Anomaly.class, names = {"ABORTED_READ", "INTERMEDIATE_READ",
      "SESSION_GUARANTEE_VIOLATION", "FRACTURED_READ", "READ_SKEW", "CAUSALITY_VIOLATION",
      "LONG_FORK", "LOST_UPDATE", "WRITE_SKEW", "REALTIME_VIOLATION", "G0", "THIN_AIR_READ"})
  void injectedPatternsAgainstTheWeakLevels(Anomaly anomaly) throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("pattern");
    new Injector(sink, new Counters(), 0, 0, new long[3]).inject(anomaly);
    History h = sink.history();
    assertEquals(CAUSAL_ALLOWS.contains(anomaly), WeakLevelOracle.causal(h), "causal " + anomaly);
    assertEquals(!READ_ATOMIC_FORBIDS.contains(anomaly), WeakLevelOracle.readAtomic(h),
        "read atomic " + anomaly);
  }
}
