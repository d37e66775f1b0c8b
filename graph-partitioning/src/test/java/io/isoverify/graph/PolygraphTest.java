package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The known graph and constraints built from hand-made histories, asserted whole. */
class PolygraphTest {
  private static final PartitionOptions ONE = PartitionOptions.defaults().withThreads(1);

  private static Partition run(History h, Level level) {
    return Partitioner.partition(h, level, ONE);
  }

  private static Set<String> set(String... s) {
    return new TreeSet<>(List.of(s));
  }

  @Test
  void sessionOrderAndInitialEdges() {
    History h = HistoryDsl.parse("""
        s1: [w x 1] [w y 1]
        s2: [w z 1]
        """);
    Partition p = run(h, Level.SER);
    assertEquals(set("T1-SO->T2", "init-SO->T1", "init-SO->T3"), Render.known(h, p, EdgeType.SO));
    assertEquals(4, p.vertexCount());
    assertEquals(Component.INITIAL_TXN, p.txnOf(0));
  }

  @Test
  void readFromEdgesSkipInternalThinAirAndAbortedReads() {
    History h = HistoryDsl.parse("""
        s1: [w x 1; r x 1] [w y 5]!
        s2: [r x 1; r y 5; r z 9; r w init]
        """);
    Partition p = run(h, Level.SER);
    // T1's own read is internal; y=5 was written by an aborted txn, z=9 by nobody
    assertEquals(set("T1-WR(x)->T3", "init-WR(w)->T3"), Render.known(h, p, EdgeType.WR));
    assertEquals(3, p.vertexCount());
  }

  @Test
  void effectiveWriteIsTheLastOne() {
    History h = HistoryDsl.parse("""
        s1: [w x 1; w x 2]
        s2: [r x 2] [r x 1]
        """);
    Partition p = run(h, Level.SER);
    assertEquals(set("T1-WR(x)->T2"), Render.known(h, p, EdgeType.WR));
  }

  @Test
  void readModifyWriteChainsGiveWwAndRwEdges() {
    // chain init -> T1 -> T2 on x (each reads the previous version and writes x);
    // T3 reads T1's version, so T3 -RW-> T2; T4 reads init, so T4 -RW-> T1
    History h = HistoryDsl.parse("""
        s1: [r x init; w x 1]
        s2: [r x 1; w x 2]
        s3: [r x 1]
        s4: [r x init]
        """);
    Partition p = run(h, Level.SER);
    assertEquals(set("T1-WW(x)->T2", "init-WW(x)->T1"), Render.known(h, p, EdgeType.WW));
    assertEquals(set("T3-RW(x)->T2", "T4-RW(x)->T1"), Render.known(h, p, EdgeType.RW));
    assertEquals(1, p.stats().chains());
    assertEquals(0, p.stats().constraintsBefore());
    assertNull(p.knownCycle());
  }

  @Test
  void unknownOutcomeIncludedOnlyWhenReadFrom() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]? [w y 1]?
        s2: [w z 1]? [r z 1]?
        s3: [r x 1]
        """);
    Partition p = run(h, Level.SER);
    // T1 is read by committed T5; T3 is read only by T4, which nobody committed reads
    assertEquals(1, p.stats().unknownIncluded());
    assertEquals(3, p.stats().unknownExcluded());
    assertEquals(set("T1-WR(x)->T5"), Render.known(h, p, EdgeType.WR));
  }

  @Test
  void unknownOutcomeIncludedTransitively() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]?
        s2: [r x 1; w y 1]?
        s3: [r y 1]
        """);
    Partition p = run(h, Level.SER);
    assertEquals(2, p.stats().unknownIncluded());
    assertEquals(set("T1-WR(x)->T2", "T2-WR(y)->T3"), Render.known(h, p, EdgeType.WR));
  }

  @Test
  void concurrentBlindWritesMakeOneConstraint() {
    // two blind writes of x in different sessions, each read by the other session later
    History h = HistoryDsl.parse("""
        s1: [w x 1] [r x 2]
        s2: [w x 2] [r x 1]
        """);
    Partition p = run(h, Level.SER);
    // init's chain precedes both (forced, edges from init only to nearest successors)
    assertEquals(set("init-WW(x)->T1", "init-WW(x)->T3"), Render.known(h, p, EdgeType.WW));
    assertEquals(1, p.stats().constraintsBefore());
    assertEquals(2, p.stats().orderedChainPairs());
  }

  @Test
  void orderedChainsGetForcedEdgesToNearestSuccessorsOnly() {
    // one session writes x three times: init < T1 < T2 < T3 are all ordered by SO,
    // so no constraint and WW only between neighbours
    History h = HistoryDsl.parse("""
        s1: [w x 1] [w x 2] [w x 3]
        s2: [r x 2]
        """);
    Partition p = run(h, Level.SER);
    assertEquals(set("T1-WW(x)->T2", "T2-WW(x)->T3", "init-WW(x)->T1"),
        Render.known(h, p, EdgeType.WW));
    assertEquals(set("T4-RW(x)->T3"), Render.known(h, p, EdgeType.RW));
    assertEquals(0, p.stats().constraintsBefore());
    assertEquals(6, p.stats().orderedChainPairs());
    assertEquals(List.of(), p.components());
  }

  @Test
  void unreadVersionsNeedNoConstraintBetweenThemUnderSer() {
    // x: T1 and T2 are blind writes nobody reads, T3's is read by T4; all concurrent
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [w x 2]
        s3: [w x 3] [r x 3]
        """);
    PartitionOptions polygraph = ONE.withFixedOrders(false);
    Partition ser = Partitioner.partition(h, Level.SER, polygraph);
    // init's chain precedes all three (forced); T1 and T2 each against T3, not each other
    assertEquals(2, ser.stats().constraintsBefore());
    assertEquals(4, ser.stats().orderedChainPairs());
    assertEquals(List.of("T1-WW(x)->T3 | T3-WW(x)->T1 T4-RW(x)->T1",
        "T2-WW(x)->T3 | T3-WW(x)->T2 T4-RW(x)->T2"), Render.constraints(h, ser));
    // SSER alike; under SI two concurrent writers of x are a violation: T1 against T2 too
    assertEquals(2, Partitioner.partition(h, Level.SSER, polygraph).stats().constraintsBefore());
    assertEquals(3, Partitioner.partition(h, Level.SI, polygraph).stats().constraintsBefore());
    // the audit keeps them (its collection follows the WW edges they give)
    assertEquals(3, Partitioner.partition(h, Level.SER, polygraph.withUnreadPairs(true)).stats()
        .constraintsBefore());
  }

  @Test
  void aCandidateWriterIsNotAnUnreadVersion() {
    // T1 and T2 both write x = 1, which T4 reads: either may be its writer, so each keeps its
    // constraint with T3's unread version (which must not fall between T4 and its writer)
    // and with the other
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [w x 1]
        s3: [w x 2]
        s4: [r x 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE.withFixedOrders(false));
    assertEquals(1, p.stats().readConstraints());
    assertEquals(3, p.stats().constraintsBefore());
  }

  @Test
  void anUnreadVersionInsideAReadIntervalIsStillAViolation() {
    // T3 reads T1's y and T2 reads T3's z, so T3 lies between T1 and T2; T3's x is unread,
    // but T2 read T1's x: T3's version sits inside that read's interval. T1's chain is read,
    // so the pair is ordered as before: T1 reaches T3, "T1 before T3" is forced, and its RW
    // edge from T2 closes the cycle
    History h = HistoryDsl.parse("""
        s1: [w x 1; w y 1] [r x 1; r z 1]
        s2: [r y 1; w x 2; w z 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE.withFixedOrders(false));
    assertTrue(p.violated());
    assertEquals("T2-RW(x)->T3 T3-WR(z)->T2", Render.cycle(h, p.knownCycle()));
  }
}
