package io.isoverify.engine.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.sim.Injection;
import io.isoverify.datasets.sim.Isolation;
import io.isoverify.datasets.sim.Simulator;
import io.isoverify.datasets.workload.BlindWPredWorkload;
import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.LightweightTxnWorkload;
import io.isoverify.datasets.workload.ListAppendWorkload;
import io.isoverify.datasets.workload.MiniTransactionWorkload;
import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.datasets.workload.WorkloadFamily;
import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.explain.Explainer;
import io.isoverify.history.explain.Explanation;
import io.isoverify.history.io.HistoryBuilderSink;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every anomaly the simulated database can inject, in every workload family (read-write
 * registers, Elle's list-append, mtc's mini-transactions and lightweight transactions, vbox's
 * predicate reads), into
 * an otherwise strictly serializable run is caught by the whole in-process verifier at
 * exactly the levels its label says it violates, and named as the label allows; the same run
 * without the injection holds at every level. So a VIOLATED verdict is the injection's doing,
 * and a HOLDS verdict where the anomaly is allowed shows nothing else is reported.
 */
class InjectedAnomaliesTest {
  private static final long SEED = 17;
  private static final int SESSIONS = 4;
  private static final long TRANSACTIONS = 200;

  /** A fresh workload of the family (list-append and LWT keep state). */
  private static PlannedWorkload workload(WorkloadFamily family) {
    return switch (family) {
      case REGISTER -> new GeneralWorkload(1, 6, 0.5, KeyDistribution.zipf(30, 1.0));
      case LIST_APPEND -> new ListAppendWorkload(1, 4, 0.5, KeyDistribution.zipf(10, 1.0), 8);
      case MINI_TRANSACTION -> new MiniTransactionWorkload(0.3, KeyDistribution.zipf(30, 1.0));
      case LIGHTWEIGHT_TRANSACTION -> new LightweightTxnWorkload(KeyDistribution.zipf(20, 1.0));
      case PREDICATE -> new BlindWPredWorkload(1, 3, 40);
    };
  }

  /**
   * What the certificates of a level name: each one's anomaly and, for a cycle, the mtc
   * pattern its explanation gives (LostUpdate, WriteSkew, ...).
   */
  private static Set<Anomaly> found(History h, LevelResult r) {
    Explainer explainer = new Explainer(h);
    Set<Anomaly> names = EnumSet.noneOf(Anomaly.class);
    for (Certificate c : r.certificates()) {
      names.add(c.anomaly());
      Explanation x = explainer.explain(c);
      if (x.pattern() != null) {
        names.add(x.pattern());
      }
    }
    return names;
  }

  private static Map<Level, LevelResult> verify(History h) {
    return new InProcessVerifier(VerifierOptions.defaults()).verify(h, EnumSet.allOf(Level.class));
  }

  @ParameterizedTest
  @MethodSource("io.isoverify.datasets.sim.InjectionCases#all")
  void caughtAtExactlyTheLevelsItBreaks(WorkloadFamily family, Anomaly anomaly) throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("injected " + anomaly);
    Injection label = Simulator.run(workload(family), Simulator.Config.of(SESSIONS, TRANSACTIONS,
        Isolation.SSER, SEED).withInjection(anomaly), sink).injection();
    History h = sink.history();
    Map<Level, LevelResult> r = verify(h);
    for (Level level : Level.values()) {
      Verdict expected = label.violates().contains(level) ? Verdict.VIOLATED : Verdict.HOLDS;
      assertEquals(expected, r.get(level).verdict(), family + " " + anomaly + " at " + level
          + ": " + r.get(level).reason());
      if (expected == Verdict.VIOLATED) {
        Set<Anomaly> named = found(h, r.get(level));
        named.retainAll(label.names());
        assertTrue(!named.isEmpty(), family + " " + anomaly + " at " + level
            + " is named as its label allows " + label.names() + "; found "
            + found(h, r.get(level)));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(WorkloadFamily.class)
  void theSameRunWithoutInjectionHoldsEverywhere(WorkloadFamily family) throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("plain " + family);
    Simulator.run(workload(family), Simulator.Config.of(SESSIONS, TRANSACTIONS, Isolation.SSER,
        SEED), sink);
    Map<Level, LevelResult> r = verify(sink.history());
    for (Level level : Level.values()) {
      assertEquals(Verdict.HOLDS, r.get(level).verdict(), family + " at " + level + ": "
          + r.get(level).reason() + " " + r.get(level).certificates());
    }
  }
}
