package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.explain.Explainer;
import io.isoverify.history.testing.HistoryDsl;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Mini-transaction histories (mtc Figure 5, Table I), one per anomaly our checks name, each
 * with its valid twin: the whole result per level (verdict, the certificate's anomaly and
 * the mtc name of its cycle, the cycle rotated to its smallest transaction, the path taken),
 * and the general path's verdict on the same history. The non-cycle anomalies of Table I
 * reach the non-cycle checks, which decide every level with no cycle search.
 */
class MiniTransactionTest {
  private static final CheckPath MT = CheckPath.MINI_TRANSACTIONS;

  @Test
  void sessionGuaranteeViolation() {
    String cycle = "T1 -SO-> T2 -RW(x=init)-> T1";
    violated("s1: [r x init; w x 1] [r x init]", Anomaly.G_SINGLE,
        Anomaly.SESSION_GUARANTEE_VIOLATION, cycle);
    holds("s1: [r x init; w x 1] [r x 1]");
  }

  @Test
  void nonMonotonicRead() {
    // T3 reads y from T2, then x from T1, which T2 had overwritten: the classifier's name
    // for the two-edge cycle WR + RW is FracturedRead
    String cycle = "T2 -WR(y=1)-> T3 -RW(x=1)-> T2";
    violated("s1: [r x init; w x 1]\ns2: [r x 1; w x 2; r y init; w y 1]\ns3: [r y 1; r x 1]",
        Anomaly.G_SINGLE, Anomaly.FRACTURED_READ, cycle);
    holds("s1: [r x init; w x 1]\ns2: [r x 1; w x 2; r y init; w y 1]\ns3: [r y 1; r x 2]");
  }

  @Test
  void fracturedRead() {
    String cycle = "T1 -WR(x=1)-> T2 -RW(y=init)-> T1";
    violated("s1: [r x init; w x 1; r y init; w y 1]\ns2: [r x 1; r y init]",
        Anomaly.G_SINGLE, Anomaly.FRACTURED_READ, cycle);
    holds("s1: [r x init; w x 1; r y init; w y 1]\ns2: [r x 1; r y 1]");
  }

  @Test
  void causalityViolation() {
    String cycle = "T1 -WR(x=1)-> T2 -WR(y=1)-> T3 -RW(x=init)-> T1";
    violated("s1: [r x init; w x 1]\ns2: [r x 1; r y init; w y 1]\ns3: [r y 1; r x init]",
        Anomaly.G_SINGLE, Anomaly.CAUSALITY_VIOLATION, cycle);
    holds("s1: [r x init; w x 1]\ns2: [r x 1; r y init; w y 1]\ns3: [r y 1; r x 1]");
  }

  @Test
  void longFork() {
    String cycle = "T1 -WR(x=1)-> T3 -RW(y=init)-> T2 -WR(y=1)-> T4 -RW(x=init)-> T1";
    violated("s1: [r x init; w x 1]\ns2: [r y init; w y 1]\ns3: [r x 1; r y init]\n"
        + "s4: [r x init; r y 1]", Anomaly.G_NONADJACENT, Anomaly.LONG_FORK, cycle);
    holds("s1: [r x init; w x 1]\ns2: [r y init; w y 1]\ns3: [r x 1; r y init]\ns4: [r x 1; r y 1]");
  }

  @Test
  void lostUpdateIsTheDivergencePatternAtEveryLevel() {
    // T1 and T2 read the initial x and both write x (mtc Definition 10): either order of
    // their writes closes a cycle, one constraint, shown as the overwrite
    String cycle = "T1 -WW(x=1)-> T2 -RW(x=init)-> T1";
    Map<Level, LevelResult> r = violated("s1: [r x init; w x 1]\ns2: [r x init; w x 2]",
        Anomaly.G_SINGLE, Anomaly.LOST_UPDATE, cycle);
    for (Level level : Level.values()) {
      assertEquals(1, r.get(level).conflicts().size(), level.name());
      assertEquals(1, r.get(level).certificates().get(0).choices(), level.name());
    }
    holds("s1: [r x init; w x 1]\ns2: [r x 1; w x 2]");
  }

  @Test
  void writeSkewViolatesSerButNotSi() {
    String cycle = "T1 -RW(y=init)-> T2 -RW(x=init)-> T1";
    History h = HistoryDsl.parse("s1: [r x init; r y init; w x 1]\ns2: [r x init; r y init; w y 1]");
    Map<Level, LevelResult> r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED);
    expectCycle(h, r.get(Level.SER), Anomaly.G2_ITEM, Anomaly.WRITE_SKEW, cycle);
    expectCycle(h, r.get(Level.SSER), Anomaly.G2_ITEM, Anomaly.WRITE_SKEW, cycle);
    assertEquals(Verdict.HOLDS, r.get(Level.SI).verdict());
    assertEquals(MT, r.get(Level.SI).path().path());
    assertNotNull(r.get(Level.SI).witness());
    generalAgrees(h, r);
    holds("s1: [r x init; r y init; w x 1]\ns2: [r x 1; r y init; w y 1]");
  }

  @Test
  void theInitialTransactionOfMtcHistoriesKeepsTheirPath() {
    // mtc's initial transaction writes every key first (Definition 9); then a read skew
    String cycle = "T2 -WR(y=1)-> T3 -RW(x=0)-> T2";
    violated("s0: [w x 0; w y 0]\ns1: [r x 0; w x 1; r y 0; w y 1]\ns2: [r x 0; r y 1]",
        Anomaly.G_SINGLE, Anomaly.FRACTURED_READ, cycle);
    holds("s0: [w x 0; w y 0]\ns1: [r x 0; w x 1; r y 0; w y 1]\ns2: [r x 1; r y 1]");
  }

  @Test
  void nonCycleAnomaliesOfMiniTransactionsAreFoundWithoutSearch() {
    Map<String, Anomaly> cases = Map.of(
        "s1: [r x 5]", Anomaly.THIN_AIR_READ,
        "s1: [r x init; w x 1]!\ns2: [r x 1]", Anomaly.ABORTED_READ,
        "s1: [r x 1; w x 1]", Anomaly.FUTURE_READ,
        "s1: [r x init; w x 1; w x 2; r x 1]", Anomaly.NOT_MY_LAST_WRITE,
        "s1: [r x init; w x 1]\ns2: [r x 1; w x 2; r x 1]", Anomaly.NOT_MY_OWN_WRITE,
        "s1: [r x init; w x 1; w x 2]\ns2: [r x 1]", Anomaly.INTERMEDIATE_READ,
        "s1: [r x init; w x 1]\ns2: [r x init; r x 1]", Anomaly.NON_REPEATABLE_READ);
    cases.forEach((dsl, anomaly) -> {
      Map<Level, LevelResult> r = result(dsl);
      for (Level level : Level.values()) {
        LevelResult l = r.get(level);
        assertEquals(Verdict.VIOLATED, l.verdict(), dsl);
        assertEquals(1, l.certificates().size(), dsl);
        assertEquals(anomaly, l.certificates().get(0).anomaly(), dsl);
        assertEquals(CheckPath.NONE, l.path().path(), dsl);
      }
    });
  }

  @Test
  void theShapeNamesTheFirstTransactionThatBreaksIt() {
    assertGeneral("s1: [r x init; w x 1]\ns2: [r x init; r y init; r z init]",
        "transaction T2 has 3 reads: not a mini-transaction");
    assertGeneral("s1: [r x init; w x 1; w x 2; w x 3]",
        "transaction T1 has 3 writes: not a mini-transaction");
    assertGeneral("s1: [r x init; w x 1; r x 1; r y init]",
        "transaction T1 has 3 reads: not a mini-transaction");
    assertGeneral("s1: [r x init; w y 1]",
        "transaction T1 writes a key without reading it first: not a mini-transaction");
    assertGeneral("s1: [w x 1]\ns2: [w x 2]",
        "transaction T1 writes a key without reading it first, as T2 does: their order is not "
            + "fixed: not a mini-transaction");
    assertGeneral("s1: [w x 1]\ns2: [r x init; w x 2]",
        "transaction T1 writes a key without reading it first, and T2 writes it after reading "
            + "its initial state: their order is not fixed: not a mini-transaction");
    assertGeneral("s1: [r x init; w x 1]\ns2: [r x 1; w x 2]\ns3: [r x 2; w x 1]",
        "T1 and T3 write the same value to one key: not a mini-transaction history (its values "
            + "are unique)");
    assertGeneral("s1: [a x 1]\ns2: [r x (1)]",
        "the history has list-append reads (Elle): not a mini-transaction history");
    // the first transaction's size is named only when no value repeats, and an aborted
    // first transaction is not the first one looked at
    assertGeneral("s1: [r x init; r y init; r z init; w x 1]\ns2: [r x 1; w x 1]",
        "T1 and T2 write the same value to one key: not a mini-transaction history (its values "
            + "are unique)");
    assertGeneral("s1: [r x init; r y init; r z init; w x 1]!\ns2: [r x init; r y init; w y 2; "
        + "w z 3; w x 4]", "transaction T2 has 3 writes: not a mini-transaction");
    // aborted transactions do not count
    assertEquals(MT, result("s1: [r x init; w x 1]\ns2: [r x 1; r y init; r z init; w x 2]!")
        .get(Level.SER).path().path());
  }

  private static void assertGeneral(String dsl, String reason) {
    for (Level level : Level.values()) {
      LevelResult l = Pipelines.verifyByShape(HistoryDsl.parse(dsl)).get(level);
      assertEquals(CheckPath.GENERAL, l.path().path(), dsl);
      assertEquals(reason, l.path().reason(), dsl);
    }
  }

  static Map<Level, LevelResult> result(String dsl) {
    return Pipelines.verify(HistoryDsl.parse(dsl), Pipelines.Encoding.PARTITIONED);
  }

  /** Violated at every level by the same cycle; the general path agrees. */
  private static Map<Level, LevelResult> violated(String dsl, Anomaly adya, Anomaly pattern,
      String cycle) {
    History h = HistoryDsl.parse(dsl);
    Map<Level, LevelResult> r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED);
    for (Level level : Level.values()) {
      expectCycle(h, r.get(level), adya, pattern, cycle);
    }
    generalAgrees(h, r);
    return r;
  }

  /** Every level holds on the mini-transaction path, with a witness; the general path agrees. */
  static void holds(String dsl) {
    History h = HistoryDsl.parse(dsl);
    Map<Level, LevelResult> r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED);
    for (Level level : Level.values()) {
      LevelResult l = r.get(level);
      assertEquals(Verdict.HOLDS, l.verdict(), level + " on " + dsl);
      assertTrue(fixedOrderPath(l), level + ": " + l.path());
      assertNotNull(l.witness());
      assertTrue(l.certificates().isEmpty());
    }
    generalAgrees(h, r);
  }

  static boolean fixedOrderPath(LevelResult l) {
    return l.path().path() == MT || l.path().path() == CheckPath.LIGHTWEIGHT_TRANSACTIONS;
  }

  /** The general path (polygraph, pruning, solver) gives every level the same verdict. */
  static void generalAgrees(History h, Map<Level, LevelResult> r) {
    Map<Level, LevelResult> general = Pipelines.verifyGeneral(h, EnumSet.allOf(Level.class));
    for (Level level : Level.values()) {
      assertEquals(CheckPath.GENERAL, general.get(level).path().path());
      assertEquals(general.get(level).verdict(), r.get(level).verdict(), level + " on " + h.source());
    }
  }

  /**
   * The level is VIOLATED, on a fixed-order path, by one cycle certificate: Adya's class
   * {@code adya}, mtc's name {@code pattern} (the explanation's), the cycle {@code cycle}.
   */
  static void expectCycle(History h, LevelResult l, Anomaly adya, Anomaly pattern, String cycle) {
    String where = l.level().name();
    assertEquals(Verdict.VIOLATED, l.verdict(), where);
    assertNull(l.witness());
    assertEquals(1, l.certificates().size(), where);
    assertTrue(fixedOrderPath(l), where + ": " + l.path());
    Certificate c = l.certificates().get(0);
    assertEquals(adya, c.anomaly(), where + ": " + c.edges());
    assertEquals(pattern, new Explainer(h).explain(c).pattern(), where + ": " + c.edges());
    assertEquals(cycle, AnomalyTest.rotated(h, c.edges()), where);
  }
}
