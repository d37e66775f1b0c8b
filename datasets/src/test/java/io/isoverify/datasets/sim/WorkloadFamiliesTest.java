package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.LightweightTxnWorkload;
import io.isoverify.datasets.workload.ListAppendWorkload;
import io.isoverify.datasets.workload.MiniTransactionWorkload;
import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.io.JsonlHistorySink;
import io.isoverify.history.testing.BruteForceOracle;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The list-append, mini-transaction and lightweight-transaction workloads on the simulated
 * database: small runs satisfy the level they ran at (by the brute-force oracle, which
 * replays list reads), with and without conflict retries; a seed fixes the bytes; retired
 * list keys are freed; LWT keys get exactly one insert.
 */
class WorkloadFamiliesTest {
  private static final int SEEDS = 40;

  /** Fresh workloads per run: list-append and LWT keep state. */
  private static final Map<String, Supplier<PlannedWorkload>> SMALL = Map.of(
      "list-append", () -> new ListAppendWorkload(1, 3, 0.5, KeyDistribution.zipf(3, 1.0), 3),
      "mt", () -> new MiniTransactionWorkload(0.3, KeyDistribution.uniform(3)),
      "lwt", () -> new LightweightTxnWorkload(KeyDistribution.uniform(2)));

  static Iterable<Arguments> familiesAndLevels() {
    return SMALL.keySet().stream().sorted()
        .flatMap(f -> java.util.Arrays.stream(Level.values()).map(l -> Arguments.of(f, l)))
        .toList();
  }

  private static History run(PlannedWorkload w, Simulator.Config config) throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("run");
    Simulator.run(w, config, sink);
    return sink.history();
  }

  @ParameterizedTest
  @MethodSource("familiesAndLevels")
  void smallRunsSatisfyTheirLevel(String family, Level level) throws Exception {
    for (long seed = 0; seed < SEEDS; seed++) {
      for (int retries : new int[] {0, 3}) {
        Simulator.Config config = Simulator.Config.of(3, 7, Isolation.of(level), seed)
            .withStaleness(12).withConflictRetries(retries);
        History h = run(SMALL.get(family).get(), config);
        String where = family + " at " + level + ", seed " + seed + ", retries " + retries;
        assertTrue(BruteForceOracle.holds(h, level), where);
        NonCycleFindings f = NonCycleChecks.findings(h, 1);
        assertTrue(f.clean(), () -> where + ": " + f.counts());
      }
    }
  }

  /** Same seed, same bytes; another seed, other bytes; at every level and family. */
  @ParameterizedTest
  @EnumSource(Isolation.class)
  void sameSeedGivesTheSameBytes(Isolation isolation) throws Exception {
    for (String family : SMALL.keySet()) {
      Simulator.Config config = Simulator.Config.of(5, 300, isolation, 42).withUnknownRate(0.05)
          .withInjection(Simulator.injectable(SMALL.get(family).get().family()).get(0));
      String once = jsonl(SMALL.get(family).get(), config);
      assertEquals(once, jsonl(SMALL.get(family).get(), config), family);
      assertNotEquals(once, jsonl(SMALL.get(family).get(),
          Simulator.Config.of(5, 300, isolation, 43)), family);
    }
  }

  private static String jsonl(PlannedWorkload w, Simulator.Config config) throws Exception {
    StringWriter text = new StringWriter();
    try (JsonlHistorySink sink = new JsonlHistorySink(text)) {
      Simulator.run(w, config, sink);
    }
    return text.toString();
  }

  /**
   * A list keeps every element until its key is retired and no transaction begun by then is
   * open; then it is freed, so memory stays bounded however long the run (without freeing,
   * this run would hold about 50,000 elements).
   */
  @Test
  void retiredListsAreFreed() throws Exception {
    ListAppendWorkload w = new ListAppendWorkload(1, 4, 0.5, KeyDistribution.zipf(10, 1.0), 16);
    Simulator.Result r = Simulator.run(w, Simulator.Config.of(10, 40_000, Isolation.SSER, 1),
        new HistoryBuilderSink("long"));
    assertTrue(r.peakVersions() < 2_000, "peak versions " + r.peakVersions());
  }

  /**
   * At the weak levels list reads still show only elements that were appended, by committed
   * transactions, once each: what every level promises (the order a read sees may disagree
   * with another's where the level lets a transaction miss a concurrent append).
   */
  @ParameterizedTest
  @EnumSource(value = Isolation.class, names = {"RC", "RA", "CAUSAL"})
  void weakLevelsShowOnlyCommittedElementsOnce(Isolation isolation) throws Exception {
    ListAppendWorkload w = new ListAppendWorkload(1, 4, 0.5, KeyDistribution.zipf(5, 1.0), 32);
    History h = run(w, Simulator.Config.of(6, 2000, isolation, 3));
    NonCycleFindings f = NonCycleChecks.findings(h, 5);
    assertTrue(f.counts().keySet().stream().allMatch(a -> a == io.isoverify.history.anomaly
        .Anomaly.INCOMPATIBLE_ORDER || a == io.isoverify.history.anomaly.Anomaly
        .NON_REPEATABLE_READ), () -> isolation + ": " + f.counts());
  }

  /**
   * Mini-transactions and lightweight transactions are registers: at RA their histories are
   * read atomic, at CAUSAL causal (Biswas and Enea's characterizations).
   */
  @ParameterizedTest
  @EnumSource(value = Isolation.class, names = {"RA", "CAUSAL"})
  void registerFamiliesHoldTheWeakLevels(Isolation isolation) throws Exception {
    for (String family : new String[] {"mt", "lwt"}) {
      for (long seed = 0; seed < 10; seed++) {
        History h = run(SMALL.get(family).get(), Simulator.Config.of(4, 40, isolation, seed)
            .withStaleness(30));
        boolean holds = isolation == Isolation.RA ? WeakLevelOracle.readAtomic(h)
            : WeakLevelOracle.causal(h);
        assertTrue(holds, family + " at " + isolation + ", seed " + seed);
      }
    }
  }

  /** LWT histories: every key gets exactly one insert (a write no read precedes), committed. */
  @Test
  void everyLwtKeyIsInsertedExactlyOnce() throws Exception {
    History h = run(new LightweightTxnWorkload(KeyDistribution.zipf(50, 1.0)),
        Simulator.Config.of(8, 3000, Isolation.SSER, 2));
    Map<Integer, Integer> inserts = new HashMap<>();
    int casWrites = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      int first = h.firstOp(t);
      assertTrue(h.endOp(t) - first <= 2);
      if (h.opKind(first) == OpKind.WRITE) {
        assertEquals(Outcome.COMMITTED, h.outcome(t));
        inserts.merge(h.opKey(first), 1, Integer::sum);
      } else if (h.endOp(t) - first == 2 && h.outcome(t) == Outcome.COMMITTED) {
        casWrites++;
      }
    }
    assertEquals(h.keys().size(), inserts.size());
    assertTrue(inserts.values().stream().allMatch(n -> n == 1));
    assertTrue(casWrites > 1000, "successful compare-and-sets: " + casWrites);
  }
}
