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
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every anomaly the simulated database can inject into an otherwise strictly serializable
 * run is caught, and named, by the whole in-process verifier, at exactly the levels the
 * anomaly breaks:
 * the rest of the run holds everywhere, so a VIOLATED verdict is the injection's doing, and
 * a HOLDS verdict where the anomaly is allowed shows nothing else is reported.
 */
class InjectedAnomaliesTest {
  /** Levels an injected pattern leaves intact (by the brute-force oracle's definitions). */
  private static final Map<Anomaly, Set<Level>> ALLOWED_BY = Map.of(
      Anomaly.WRITE_SKEW, EnumSet.of(Level.SI),
      Anomaly.REALTIME_VIOLATION, EnumSet.of(Level.SER, Level.SI));

  /**
   * Names a certificate may give instead of the injected one, where the injection leaves
   * more than one cycle. The read skew (T0 and T2 both write x and y, T1 reads x from T0 and
   * y from T2) leaves x's version order open, and every choice closes a cycle: T0's x first
   * gives the two-transaction G-single T1 -RW(x)-> T2 -WR(y)-> T1, which is a fractured
   * read of T2; T2's x first gives the write cycle T2 -WW(x)-> T0 -WW(y)-> T2 (G0). The
   * certificate shows whichever side pruning reaches (today: G0 under SER and SI, the
   * fractured read under SSER).
   */
  private static final Map<Anomaly, Set<Anomaly>> ALSO_NAMED = Map.of(
      Anomaly.READ_SKEW, EnumSet.of(Anomaly.FRACTURED_READ, Anomaly.G0));

  static Iterable<Anomaly> injectable() {
    return Simulator.injectable();
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
        Set<Anomaly> accepted = EnumSet.of(anomaly);
        accepted.addAll(ALSO_NAMED.getOrDefault(anomaly, Set.of()));
        Set<Anomaly> found = found(h, r.get(level));
        found.retainAll(accepted);
        assertTrue(!found.isEmpty(), anomaly + " at " + level + " is named by a certificate; found "
            + found(h, r.get(level)));
      }
    }
  }
}
