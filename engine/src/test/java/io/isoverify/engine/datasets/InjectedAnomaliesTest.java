package io.isoverify.engine.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.sim.Isolation;
import io.isoverify.datasets.sim.Simulator;
import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.HistoryBuilderSink;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every anomaly the simulated database can inject into an otherwise strictly serializable
 * run is caught by the whole in-process verifier, at exactly the levels the anomaly breaks:
 * the rest of the run holds everywhere, so a VIOLATED verdict is the injection's doing, and
 * a HOLDS verdict where the anomaly is allowed shows nothing else is reported.
 */
class InjectedAnomaliesTest {
  /** Levels an injected pattern leaves intact (by the brute-force oracle's definitions). */
  private static final Map<Anomaly, Set<Level>> ALLOWED_BY = Map.of(
      Anomaly.WRITE_SKEW, EnumSet.of(Level.SI),
      Anomaly.REALTIME_VIOLATION, EnumSet.of(Level.SER, Level.SI));

  static Iterable<Anomaly> injectable() {
    return Simulator.injectable();
  }

  @ParameterizedTest
  @MethodSource("injectable")
  void caughtAtExactlyTheLevelsItBreaks(Anomaly anomaly) throws Exception {
    GeneralWorkload w = new GeneralWorkload(1, 6, 0.5, KeyDistribution.zipf(30, 1.0));
    HistoryBuilderSink sink = new HistoryBuilderSink("injected " + anomaly);
    Simulator.run(w, Simulator.Config.of(4, 200, Isolation.SSER, 17).withInjection(anomaly), sink);
    History h = sink.history();
    Map<Level, LevelResult> r = new InProcessVerifier(VerifierOptions.defaults())
        .verify(h, EnumSet.allOf(Level.class));
    Set<Level> allowed = ALLOWED_BY.getOrDefault(anomaly, Set.of());
    for (Level level : Level.values()) {
      Verdict expected = allowed.contains(level) ? Verdict.HOLDS : Verdict.VIOLATED;
      assertEquals(expected, r.get(level).verdict(), anomaly + " at " + level);
      if (expected == Verdict.VIOLATED) {
        assertTrue(!r.get(level).certificates().isEmpty(), anomaly + " at " + level + " has a certificate");
      }
    }
  }
}
