package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.HistoryShape;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.HistoryDsl;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Lightweight-transaction histories (mtc IV-E): SSER as linearizability per key, each case
 * with its valid twin; SER and SI on the mini-transaction path. An insert-if-not-exists is
 * recorded as a read of the initial state and a write ({@code [r x init; w x 0]}), or as the
 * key's one write no read precedes ({@code [w x 0]}); a failed compare-and-set is a read.
 * The general path gives the same verdicts.
 */
class LightweightTransactionTest {
  private static final String INSERT = "s0: [r x init; w x 0]@0-1\n";

  @Test
  void figure4aIsLinearizable() {
    lightweightHolds(INSERT + "s1: [r x 0; w x 1]@2-5 [r x 2; w x 3]@6-9\ns2: [r x 1; w x 2]@3-7");
  }

  @Test
  void figure4bIsNot() {
    // O1 (T2) read-modify-writes 0 -> 1 after O2 (T3), which read its 1, had finished
    History h = HistoryDsl.parse(INSERT + "s1: [r x 0; w x 1]@10-11\ns2: [r x 1; w x 2]@5-6");
    realTimeViolation(h, "T2 -WR(x=1)-> T3 -RT-> T2");
    lightweightHolds(INSERT + "s1: [r x 0; w x 1]@10-11\ns2: [r x 1; w x 2]@5-12");
  }

  @Test
  void aMissingInsertIsAThinAirRead() {
    Map<Level, LevelResult> r = MiniTransactionTest.result("s1: [r x 0; w x 1]@2-3");
    for (Level level : Level.values()) {
      assertEquals(Verdict.VIOLATED, r.get(level).verdict());
      assertEquals(Anomaly.THIN_AIR_READ, r.get(level).certificates().get(0).anomaly());
      assertEquals(CheckPath.NONE, r.get(level).path().path());
    }
    lightweightHolds(INSERT + "s1: [r x 0; w x 1]@2-3");
  }

  @Test
  void twoInsertsAreALostUpdate() {
    // both found no row: the Divergence pattern on the initial state, at every level
    History h = HistoryDsl.parse("s1: [r x init; w x 0]@0-1\ns2: [r x init; w x 5]@2-3");
    Map<Level, LevelResult> r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED);
    for (Level level : Level.values()) {
      MiniTransactionTest.expectCycle(h, r.get(level), Anomaly.G_SINGLE, Anomaly.LOST_UPDATE,
          "T1 -WW(x=0)-> T2 -RW(x=init)-> T1");
    }
    assertEquals(CheckPath.LIGHTWEIGHT_TRANSACTIONS, r.get(Level.SSER).path().path());
    MiniTransactionTest.generalAgrees(h, r);
    lightweightHolds("s1: [r x init; w x 0]@0-1\ns2: [r x 0; w x 5]@2-3");
  }

  @Test
  void anInsertRecordedWithoutItsReadStartsTheKey() {
    // a read of the initial state after the insert finished
    realTimeViolation(HistoryDsl.parse("s1: [w x 0]@0-1\ns2: [r x init]@2-3"),
        "T1 -RT-> T2 -RW(x=init)-> T1");
    lightweightHolds("s1: [w x 0]@0-1\ns2: [r x 0; w x 1]@2-3\ns3: [r x init]@0-3");
    // two of them: their order is not fixed, so the general path decides, as blind writes
    Map<Level, LevelResult> r = MiniTransactionTest.result(
        "s1: [w x 0]@0-1\ns2: [w x 5]@2-3\ns3: [r x 5; w x 6]@4-5");
    for (Level level : Level.values()) {
      assertEquals(Verdict.HOLDS, r.get(level).verdict());
      assertEquals(CheckPath.GENERAL, r.get(level).path().path());
    }
  }

  @Test
  void aFailedCompareAndSetReadOutOfPlace() {
    // T3 read 0 after T2 had overwritten it
    realTimeViolation(HistoryDsl.parse(INSERT + "s1: [r x 0; w x 1]@2-3\ns2: [r x 0]@5-6"),
        "T2 -RT-> T3 -RW(x=0)-> T2");
    lightweightHolds(INSERT + "s1: [r x 0; w x 1]@2-3\ns2: [r x 0]@2-6");
    // T3 read 1 before T2 had started writing it
    realTimeViolation(HistoryDsl.parse(INSERT + "s1: [r x 0; w x 1]@5-6\ns2: [r x 1]@2-3"),
        "T2 -WR(x=1)-> T3 -RT-> T2");
    lightweightHolds(INSERT + "s1: [r x 0; w x 1]@5-6\ns2: [r x 1]@2-7");
  }

  @Test
  void whatIsNotALightweightTransactionHistory() {
    sserOnMiniTransactions("s1: [r x init; w x 0; r y init]@0-1",
        "transaction T1 has 2 reads: not a lightweight transaction (one read and one write of "
            + "one key, or one of them)");
    sserOnMiniTransactions("s1: [r x init; w x 0]",
        "transaction T1 has no client timestamps: real time is not known");
    sserOnMiniTransactions("s1: [r x init; w x 0]@0-5 [r x 0; w x 1]@3-6",
        "transaction T2 starts before T1, the one before it in its session, ends: session "
            + "order is not real-time order");
  }

  private static void sserOnMiniTransactions(String dsl, String why) {
    Map<Level, LevelResult> r = MiniTransactionTest.result(dsl);
    assertEquals(CheckPath.MINI_TRANSACTIONS, r.get(Level.SSER).path().path());
    assertEquals(HistoryShape.MINI + "; real time by frontier edges (" + why + ")",
        r.get(Level.SSER).path().reason());
    assertEquals(Verdict.HOLDS, r.get(Level.SSER).verdict());
    MiniTransactionTest.generalAgrees(HistoryDsl.parse(dsl), r);
  }

  /** SER and SI hold; SSER is violated on the lightweight path by {@code cycle}. */
  private static void realTimeViolation(History h, String cycle) {
    Map<Level, LevelResult> r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED);
    assertEquals(Verdict.HOLDS, r.get(Level.SER).verdict());
    assertEquals(Verdict.HOLDS, r.get(Level.SI).verdict());
    assertEquals(CheckPath.LIGHTWEIGHT_TRANSACTIONS, r.get(Level.SSER).path().path());
    MiniTransactionTest.expectCycle(h, r.get(Level.SSER), Anomaly.REALTIME_VIOLATION,
        Anomaly.REALTIME_VIOLATION, cycle);
    MiniTransactionTest.generalAgrees(h, r);
  }

  /** Every level holds; SSER on the lightweight path, with its linearization as witness. */
  private static void lightweightHolds(String dsl) {
    MiniTransactionTest.holds(dsl);
    Map<Level, LevelResult> r = MiniTransactionTest.result(dsl);
    assertEquals(CheckPath.LIGHTWEIGHT_TRANSACTIONS, r.get(Level.SSER).path().path());
    assertEquals(HistoryShape.LIGHTWEIGHT, r.get(Level.SSER).path().reason());
    assertEquals(CheckPath.MINI_TRANSACTIONS, r.get(Level.SER).path().path());
    assertNotNull(r.get(Level.SSER).witness());
  }
}
