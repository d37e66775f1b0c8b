package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.datasets.workload.WorkloadKind;
import io.isoverify.datasets.workload.TxnPlan;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.io.JsonlHistorySink;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SimulatorTest {
  private static final GeneralWorkload WORKLOAD =
      new GeneralWorkload(2, 8, 0.5, KeyDistribution.zipf(40, 1.0));

  private static String jsonl(Simulator.Config config) throws Exception {
    StringWriter text = new StringWriter();
    try (JsonlHistorySink sink = new JsonlHistorySink(text)) {
      Simulator.run(WORKLOAD, config, sink);
    }
    return text.toString();
  }

  private static History history(Simulator.Config config) throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("simulated");
    Simulator.run(WORKLOAD, config, sink);
    return sink.history();
  }

  @ParameterizedTest
  @EnumSource(Isolation.class)
  void sameSeedGivesTheSameBytesAndAnotherSeedDoesNot(Isolation isolation) throws Exception {
    Simulator.Config config = Simulator.Config.of(5, 300, isolation, 42).withUnknownRate(0.05)
        .withInjection(Anomaly.LONG_FORK);
    String once = jsonl(config);
    assertEquals(once, jsonl(config));
    assertNotEquals(once, jsonl(Simulator.Config.of(5, 300, isolation, 43)
        .withUnknownRate(0.05).withInjection(Anomaly.LONG_FORK)));
    assertEquals(304, once.lines().count());
  }

  /**
   * Without injection every level's history is free of the anomalies found without search;
   * read committed alone may read a key twice and see two values, which it allows.
   */
  @ParameterizedTest
  @EnumSource(Isolation.class)
  void runsHaveNoNonCycleAnomalies(Isolation isolation) throws Exception {
    History h = history(Simulator.Config.of(6, 2000, isolation, 5).withUnknownRate(0.02));
    assertEquals(2000, h.txnCount());
    NonCycleFindings f = NonCycleChecks.findings(h, 5);
    if (isolation == Isolation.RC) {
      assertTrue(f.counts().keySet().stream().allMatch(a -> a == Anomaly.NON_REPEATABLE_READ),
          () -> f.counts().toString());
    } else {
      assertTrue(f.clean(), () -> isolation + ": " + f.counts());
    }
  }

  /**
   * Every workload runs and takes an injection of its family on keys no other transaction
   * touches: an intermediate read where the family has one (registers, list-append), else
   * its first injectable anomaly, a cycle that leaves the non-cycle checks clean.
   */
  @ParameterizedTest
  @EnumSource(WorkloadKind.class)
  void everyWorkloadRunsWithAnInjectionOnFreshKeys(WorkloadKind kind) throws Exception {
    PlannedWorkload w = kind.create(2, 6, 0.5, KeyDistribution.zipf(200, 0.8));
    List<Anomaly> injectable = Simulator.injectable(w.family());
    Anomaly anomaly = injectable.contains(Anomaly.INTERMEDIATE_READ)
        ? Anomaly.INTERMEDIATE_READ : injectable.get(0);
    HistoryBuilderSink sink = new HistoryBuilderSink(kind.cliName());
    Simulator.Result r = Simulator.run(w, Simulator.Config.of(8, 400, Isolation.SI, 4)
        .withInjection(anomaly), sink);
    History h = sink.history();
    Injection label = r.injection();
    assertEquals(400 + label.txns().size(), h.txnCount());
    for (int t = 0; t < h.txnCount(); t++) {
      if (!label.txns().contains(h.txnId(t))) {
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (h.opKind(o) == OpKind.PREDICATE_READ) {
            continue; // no key
          }
          long key = h.keys().longValue(h.opKey(o));
          assertTrue(!label.keys().contains(key), kind + ": T" + h.txnId(t) + " uses key " + key);
        }
      }
    }
    NonCycleFindings f = NonCycleChecks.findings(h, 5);
    if (anomaly == Anomaly.INTERMEDIATE_READ) {
      assertEquals(Map.of(Anomaly.INTERMEDIATE_READ, 1L), f.counts());
    } else {
      assertTrue(f.clean(), () -> kind + ": " + f.counts());
    }
  }

  @Test
  void sessionLimitStopsEachSessionAndTheInjectionStillHappens() throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("limited");
    Simulator.Result r = Simulator.run(WORKLOAD, Simulator.Config.of(3, 1000, Isolation.SI, 2)
        .withSessionLimit(4).withInjection(Anomaly.LOST_UPDATE), sink);
    History h = sink.history();
    assertEquals(12 + 2, h.txnCount());
    assertEquals(Anomaly.LOST_UPDATE, r.injection().anomaly());
    for (int s = 0; s < h.sessionCount(); s++) {
      int count = h.endTxnOfSession(s) - h.firstTxnOfSession(s);
      assertTrue(count == 4 || count == 1, "session " + h.sessionName(s) + ": " + count);
    }
  }

  @ParameterizedTest
  @EnumSource(value = Isolation.class, names = {"RC", "RA", "CAUSAL"})
  void weakLevelsNeverAbort(Isolation isolation) throws Exception {
    History h = history(Simulator.Config.of(6, 1000, isolation, 9));
    for (int t = 0; t < h.txnCount(); t++) {
      assertEquals(Outcome.COMMITTED, h.outcome(t));
    }
  }

  @Test
  void unknownOutcomesAppearAtTheirRate() throws Exception {
    History h = history(Simulator.Config.of(4, 2000, Isolation.SI, 3).withUnknownRate(0.25));
    int unknown = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      unknown += h.outcome(t) == Outcome.UNKNOWN ? 1 : 0;
    }
    assertTrue(unknown > 400 && unknown < 600, "unknown outcomes: " + unknown);
  }

  @Test
  void timestampsFollowRealTimeWithinEachSession() throws Exception {
    History h = history(Simulator.Config.of(4, 500, Isolation.SSER, 8));
    for (int s = 0; s < h.sessionCount(); s++) {
      for (int t = h.firstTxnOfSession(s) + 1; t < h.endTxnOfSession(s); t++) {
        assertTrue(h.endTs(t - 1) < h.startTs(t), "session " + s + " transaction " + t);
      }
    }
    for (int t = 0; t < h.txnCount(); t++) {
      assertTrue(h.startTs(t) < h.endTs(t));
    }
  }

  @Test
  void storeKeepsOnlyVersionsSnapshotsCanStillRead() {
    VersionStore store = new VersionStore();
    store.install(7, 1, 10, Long.MIN_VALUE);
    store.install(7, 2, 20, Long.MIN_VALUE);
    assertEquals(1, store.readAt(7, 15));
    assertEquals(VersionStore.INITIAL, store.readAt(7, 9));
    store.install(7, 3, 30, 25); // a snapshot at 25 reads 2; 1 can go
    assertEquals(2, store.liveVersions());
    assertEquals(2, store.readAt(7, 25));
    assertEquals(3, store.latest(7));
    assertEquals(30, store.latestCommit(7));
    assertEquals(VersionStore.INITIAL, store.latest(8));
  }

  @Test
  void planAndStepsOfAWorkloadAgree() {
    TxnPlan plan = new TxnPlan();
    WORKLOAD.plan(0, new SplittableRandom(1), plan);
    var steps = WORKLOAD.next(0, new SplittableRandom(1));
    assertEquals(plan.size(), steps.size());
    for (int i = 0; i < plan.size(); i++) {
      assertEquals(plan.isWrite(i), steps.get(i).write());
      assertEquals(plan.key(i), steps.get(i).key());
    }
  }

  @Test
  void aWorkloadRefusesAnotherFamilysAnomaly() {
    var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Simulator.run(WORKLOAD, Simulator.Config.of(2, 10, Isolation.SER, 1)
            .withInjection(Anomaly.INCOMPATIBLE_ORDER), new HistoryBuilderSink("refused")));
    assertEquals("cannot inject INCOMPATIBLE_ORDER into read-write registers; injectable"
        + " there: THIN_AIR_READ, ABORTED_READ, INTERMEDIATE_READ, NON_REPEATABLE_READ,"
        + " SESSION_GUARANTEE_VIOLATION, FRACTURED_READ, READ_SKEW, CAUSALITY_VIOLATION,"
        + " LONG_FORK, LOST_UPDATE, WRITE_SKEW, REALTIME_VIOLATION, G0", e.getMessage());
  }

  /**
   * The optimistic levels abort when a read was overwritten before commit; with conflict
   * retries the database runs such a transaction again, unseen, so more commit, the same
   * seed gives the same history, and the start of a retried transaction is its first
   * attempt's.
   */
  @ParameterizedTest
  @EnumSource(value = Isolation.class, names = {"SER", "SSER", "SI"})
  void conflictRetriesCommitMoreAndStayDeterministic(Isolation isolation) throws Exception {
    Simulator.Config plain = Simulator.Config.of(8, 3000, isolation, 6);
    Simulator.Result once = Simulator.run(WORKLOAD, plain, new HistoryBuilderSink("plain"));
    Simulator.Config retrying = plain.withConflictRetries(5);
    Simulator.Result retried = Simulator.run(WORKLOAD, retrying, new HistoryBuilderSink("r"));
    assertEquals(0, once.retried());
    assertTrue(retried.retried() > 0);
    assertTrue(retried.committed() > once.committed() + (once.aborted() / 2),
        once + " then " + retried);
    assertEquals(jsonl(retrying), jsonl(retrying));
  }

  @Test
  void configRejectsAnomaliesItCannotInject() {
    var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Simulator.Config.of(2, 10, Isolation.SER, 1).withInjection(Anomaly.FUTURE_READ));
    assertEquals("cannot inject FutureRead", e.getMessage());
  }
}
