package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.WorkloadFamily;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.testing.BruteForceOracle;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each injected anomaly is written exactly as its textbook pattern, in the shape of its
 * workload family, and its label says the truth: the levels it violates are those the
 * brute-force oracle (which replays list reads) finds violated by the pattern alone.
 */
class InjectorTest {
  private static final long FIRST_KEY = 100;

  /** The patterns of mtc Table I / Figure 5 (and Adya's G0, G-single), written out by hand. */
  private static final Map<Anomaly, List<String>> REGISTER = Map.ofEntries(
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

  /** Elle's anomalies through read lists ("app" appends an element, "r(x)=[a b]" a list read). */
  private static final Map<Anomaly, List<String>> LIST_APPEND = Map.of(
      Anomaly.INCOMPATIBLE_ORDER, List.of("s0 committed: app(x)=a", "s1 committed: app(x)=b",
          "s2 committed: r(x)=[a b]", "s3 committed: r(x)=[b a]"),
      Anomaly.DUPLICATE_ELEMENTS, List.of("s0 committed: app(x)=a", "s1 committed: r(x)=[a a]"),
      Anomaly.ABORTED_READ, List.of("s0 aborted: app(x)=a", "s1 committed: app(x)=b",
          "s2 committed: r(x)=[a b]"),
      Anomaly.INTERMEDIATE_READ, List.of("s0 committed: app(x)=a app(x)=b",
          "s1 committed: r(x)=[a]"),
      Anomaly.G0, List.of("s0 committed: app(x)=a app(y)=b", "s1 committed: app(x)=c app(y)=d",
          "s2 committed: r(x)=[a c] r(y)=[d b]"),
      Anomaly.G1C, List.of("s0 committed: app(x)=a r(y)=[b]", "s1 committed: app(y)=b r(x)=[a]"),
      Anomaly.G_SINGLE, List.of("s0 committed: app(x)=a app(y)=b",
          "s1 committed: app(x)=c app(y)=d", "s2 committed: r(x)=[a] r(y)=[b d]"),
      Anomaly.G2_ITEM, List.of("s0 committed: app(x)=a app(y)=b",
          "s1 committed: r(x)=[a] r(y)=[b] app(x)=c", "s2 committed: r(x)=[a] r(y)=[b] app(y)=d",
          "s3 committed: r(x)=[a c] r(y)=[b d]"));

  /** mtc's cycle anomalies as mini-transactions (Figure 5). */
  private static final Map<Anomaly, List<String>> MINI_TRANSACTION = Map.of(
      Anomaly.LOST_UPDATE, REGISTER.get(Anomaly.LOST_UPDATE),
      Anomaly.WRITE_SKEW, REGISTER.get(Anomaly.WRITE_SKEW),
      Anomaly.LONG_FORK, List.of("s0 committed: r(x)=init w(x)=a",
          "s1 committed: r(y)=init w(y)=b", "s2 committed: r(x)=a r(y)=init",
          "s3 committed: r(y)=b r(x)=init"),
      Anomaly.FRACTURED_READ, List.of("s0 committed: r(x)=init w(x)=a r(y)=init w(y)=b",
          "s1 committed: r(x)=a r(y)=init"),
      Anomaly.CAUSALITY_VIOLATION, List.of("s0 committed: r(x)=init w(x)=a",
          "s1 committed: r(x)=a r(y)=init w(y)=b", "s2 committed: r(y)=b r(x)=init"),
      Anomaly.NON_MONOTONIC_READ, List.of("s0 committed: r(x)=init w(x)=a",
          "s1 committed: r(x)=a w(x)=b r(y)=init w(y)=c", "s2 committed: r(y)=c r(x)=a"),
      Anomaly.SESSION_GUARANTEE_VIOLATION, List.of("s0 committed: r(x)=init w(x)=a",
          "s0 committed: r(x)=init"));

  /** mtc's Figure 4(b): a CAS chain against real time. */
  private static final Map<Anomaly, List<String>> LIGHTWEIGHT = Map.of(
      Anomaly.REALTIME_VIOLATION, List.of("s0 committed: w(x)=a",
          "s1 committed: r(x)=b w(x)=c", "s2 committed: r(x)=a w(x)=b"));

  /** Vbox's anomalies through predicate reads ("pr(1,v,v)=n": field 1 in [v, v], n rows). */
  private static final Map<Anomaly, List<String>> PREDICATE = Map.of(
      Anomaly.PHANTOM, List.of("s0 committed: w(x)=a{1=v}", "s1 committed: pr(1,v,v)=0 r(x)=a"),
      Anomaly.PREDICATE_WRITE_SKEW, List.of("s0 committed: pr(1,v,v)=0 w(x)=a{1=v}",
          "s1 committed: pr(1,v,v)=0 w(y)=b{1=v}"),
      Anomaly.PREDICATE_READ_SKEW, List.of("s0 committed: w(x)=a{1=v} w(y)=b{1=v}",
          "s1 committed: pr(1,v,v)=1 r(x)=a"));

  private static final Map<WorkloadFamily, Map<Anomaly, List<String>>> EXPECTED = Map.of(
      WorkloadFamily.REGISTER, REGISTER, WorkloadFamily.LIST_APPEND, LIST_APPEND,
      WorkloadFamily.MINI_TRANSACTION, MINI_TRANSACTION,
      WorkloadFamily.LIGHTWEIGHT_TRANSACTION, LIGHTWEIGHT, WorkloadFamily.PREDICATE, PREDICATE);

  private static final Set<Anomaly> NON_CYCLE = EnumSet.of(Anomaly.THIN_AIR_READ,
      Anomaly.ABORTED_READ, Anomaly.INTERMEDIATE_READ, Anomaly.NON_REPEATABLE_READ);

  @ParameterizedTest
  @EnumSource(WorkloadFamily.class)
  void everyInjectableAnomalyHasAnExpectedPattern(WorkloadFamily family) {
    assertEquals(EXPECTED.get(family).keySet(), Set.copyOf(Simulator.injectable(family)));
  }

  @ParameterizedTest
  @MethodSource("io.isoverify.datasets.sim.InjectionCases#all")
  void patternAloneIsTheAnomalyAndViolatesExactlyTheLevelsItSays(WorkloadFamily family,
      Anomaly anomaly) throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("pattern");
    Injection label = new Injector(sink, new Counters(), 0, FIRST_KEY, new long[3])
        .inject(anomaly, family);
    History h = sink.history();

    assertEquals(anomaly, label.anomaly());
    assertTrue(label.names().contains(anomaly));
    assertEquals(EXPECTED.get(family).get(anomaly), Patterns.render(h, label.txns(), FIRST_KEY));
    for (Level level : Level.values()) {
      assertEquals(!label.violates().contains(level), BruteForceOracle.holds(h, level),
          family + " " + anomaly + " under " + level);
    }
  }

  /** A mini-transaction pattern stays a mini-transaction history (mtc Definition 8). */
  @ParameterizedTest
  @EnumSource(value = Anomaly.class, names = {"LOST_UPDATE", "WRITE_SKEW", "LONG_FORK",
      "FRACTURED_READ", "CAUSALITY_VIOLATION", "NON_MONOTONIC_READ",
      "SESSION_GUARANTEE_VIOLATION"})
  void miniTransactionPatternsAreMiniTransactions(Anomaly anomaly) throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("pattern");
    new Injector(sink, new Counters(), 0, FIRST_KEY, new long[3])
        .inject(anomaly, WorkloadFamily.MINI_TRANSACTION);
    History h = sink.history();
    for (int t = 0; t < h.txnCount(); t++) {
      int reads = 0;
      int writes = 0;
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKind(o) == OpKind.READ) {
          reads++;
        } else {
          writes++;
          boolean readFirst = false;
          for (int r = h.firstOp(t); r < o; r++) {
            readFirst |= h.opKind(r) == OpKind.READ && h.opKey(r) == h.opKey(o);
          }
          assertTrue(readFirst, anomaly + ": T" + h.txnId(t) + " writes without reading");
        }
      }
      assertTrue(reads >= 1 && reads <= 2 && writes <= 2, anomaly + ": T" + h.txnId(t));
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
    assertEquals(REGISTER.get(anomaly), Patterns.render(h, label.txns(), w.keys()));
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
