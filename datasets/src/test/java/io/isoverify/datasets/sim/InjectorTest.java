package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.io.HistoryBuilderSink;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each injected anomaly is written exactly as its textbook pattern and is that anomaly. */
class InjectorTest {
  private static final long FIRST_KEY = 100;

  /** The patterns of mtc Table I / Figure 5 (and Adya's G0, G-single), written out by hand. */
  private static final Map<Anomaly, List<String>> EXPECTED = Map.ofEntries(
      Map.entry(Anomaly.THIN_AIR_READ, List.of("s0 committed: r(x)=a")),
      Map.entry(Anomaly.ABORTED_READ, List.of("s0 aborted: w(x)=a", "s1 committed: r(x)=a")),
      Map.entry(Anomaly.INTERMEDIATE_READ,
          List.of("s0 committed: w(x)=a w(x)=b", "s1 committed: r(x)=a")),
      Map.entry(Anomaly.NON_REPEATABLE_READ, List.of("s0 committed: w(x)=a",
          "s1 committed: w(x)=b", "s2 committed: r(x)=a r(x)=b")),
      Map.entry(Anomaly.SESSION_GUARANTEE_VIOLATION,
          List.of("s0 committed: w(x)=a", "s0 committed: r(x)=init")),
      Map.entry(Anomaly.FRACTURED_READ,
          List.of("s0 committed: w(x)=a w(y)=b", "s1 committed: r(x)=a r(y)=init")),
      Map.entry(Anomaly.READ_SKEW, List.of("s0 committed: w(x)=a w(y)=b",
          "s1 committed: r(x)=a r(y)=c", "s2 committed: w(x)=d w(y)=c")),
      Map.entry(Anomaly.CAUSALITY_VIOLATION, List.of("s0 committed: w(x)=a",
          "s1 committed: r(x)=a w(y)=b", "s2 committed: r(y)=b r(x)=init")),
      Map.entry(Anomaly.LONG_FORK, List.of("s0 committed: w(x)=a", "s1 committed: w(y)=b",
          "s2 committed: r(x)=a r(y)=init", "s3 committed: r(y)=b r(x)=init")),
      Map.entry(Anomaly.LOST_UPDATE, List.of("s0 committed: r(x)=init w(x)=a",
          "s1 committed: r(x)=init w(x)=b")),
      Map.entry(Anomaly.WRITE_SKEW, List.of("s0 committed: r(x)=init r(y)=init w(x)=a",
          "s1 committed: r(x)=init r(y)=init w(y)=b")),
      Map.entry(Anomaly.REALTIME_VIOLATION,
          List.of("s0 committed: w(x)=a", "s1 committed: r(x)=init")),
      Map.entry(Anomaly.G0, List.of("s0 committed: w(x)=a w(y)=b",
          "s1 committed: w(x)=c w(y)=d", "s2 committed: r(x)=c r(y)=b")));

  /** The levels the pattern alone satisfies, by the brute-force oracle's definitions. */
  private static final Map<Anomaly, Set<Level>> ALLOWED_BY = Map.of(
      Anomaly.WRITE_SKEW, EnumSet.of(Level.SI),
      Anomaly.REALTIME_VIOLATION, EnumSet.of(Level.SER, Level.SI));

  private static final Set<Anomaly> NON_CYCLE = EnumSet.of(Anomaly.THIN_AIR_READ,
      Anomaly.ABORTED_READ, Anomaly.INTERMEDIATE_READ, Anomaly.NON_REPEATABLE_READ);

  @Test
  void everyInjectableAnomalyHasAnExpectedPattern() {
    assertEquals(EXPECTED.keySet(), Set.copyOf(Simulator.injectable()));
  }

  @ParameterizedTest
  @EnumSource(value = Anomaly.class, names = {"THIN_AIR_READ", "ABORTED_READ",
      "INTERMEDIATE_READ", "NON_REPEATABLE_READ", "SESSION_GUARANTEE_VIOLATION",
      "FRACTURED_READ", "READ_SKEW", "CAUSALITY_VIOLATION", "LONG_FORK", "LOST_UPDATE",
      "WRITE_SKEW", "REALTIME_VIOLATION", "G0"})
  void patternAloneIsTheAnomalyAndViolatesExactlyTheLevelsItShould(Anomaly anomaly)
      throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("pattern");
    Injection label = new Injector(sink, new Counters(), 0, FIRST_KEY, new long[3])
        .inject(anomaly);
    History h = sink.history();

    assertEquals(anomaly, label.anomaly());
    assertEquals(EXPECTED.get(anomaly), Patterns.render(h, label.txns(), FIRST_KEY));
    for (Level level : Level.values()) {
      boolean allowed = ALLOWED_BY.getOrDefault(anomaly, Set.of()).contains(level);
      assertEquals(allowed, BruteForceOracle.satisfies(h, level), anomaly + " under " + level);
    }
  }

  @Test
  void realtimeViolationReaderStartsAfterTheWriterEnds() throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("pattern");
    Injection label = new Injector(sink, new Counters(), 0, FIRST_KEY, new long[3])
        .inject(Anomaly.REALTIME_VIOLATION);
    History h = sink.history();
    int writer = Patterns.txnIndex(h, label.txns().get(0));
    int reader = Patterns.txnIndex(h, label.txns().get(1));
    assertTrue(h.endTs(writer) < h.startTs(reader));
  }

  @ParameterizedTest
  @EnumSource(value = Anomaly.class, names = {"THIN_AIR_READ", "ABORTED_READ",
      "INTERMEDIATE_READ", "NON_REPEATABLE_READ", "LOST_UPDATE", "LONG_FORK",
      "REALTIME_VIOLATION", "G0"})
  void injectedIntoAValidRunTheAnomalyIsTheOnlyNonCycleFinding(Anomaly anomaly)
      throws Exception {
    GeneralWorkload w = new GeneralWorkload(1, 6, 0.5, KeyDistribution.zipf(30, 1.0));
    HistoryBuilderSink sink = new HistoryBuilderSink("run");
    Simulator.Result r = Simulator.run(w, Simulator.Config.of(4, 120, Isolation.SSER, 11)
        .withInjection(anomaly), sink);
    History h = sink.history();
    Injection label = r.injection();

    assertEquals(List.of(w.keys(), w.keys() + 1).subList(0, label.keys().size()), label.keys());
    assertEquals(EXPECTED.get(anomaly), Patterns.render(h, label.txns(), w.keys()));
    assertEquals(120 + label.txns().size(), r.transactions());
    NonCycleFindings f = NonCycleChecks.findings(h, 10);
    if (NON_CYCLE.contains(anomaly)) {
      assertEquals(Map.of(anomaly, 1L), f.counts());
      Certificate c = f.examples().get(0);
      long reader = label.txns().get(label.txns().size() - 1);
      boolean names = false;
      for (int t : c.txns()) {
        names |= h.txnId(t) == reader;
      }
      assertTrue(names, "the certificate names the injected reader T" + reader);
    } else {
      assertTrue(f.clean(), () -> "unexpected findings " + f.counts());
    }
  }
}
