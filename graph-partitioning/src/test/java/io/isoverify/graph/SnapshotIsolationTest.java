package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** SI: typed constraints and cycles of the induced graph (SO u WR u WW) ; RW?. */
class SnapshotIsolationTest {
  private static final PartitionOptions ONE = PartitionOptions.defaults().withThreads(1);

  @Test
  void writeSkewIsACycleForSerButNotForSi() {
    History h = HistoryDsl.parse("""
        s1: [r x init; r y init; w x 1]
        s2: [r x init; r y init; w y 1]
        """);
    Partition ser = Partitioner.partition(h, Level.SER, ONE);
    assertNotNull(ser.knownCycle());
    String cycle = Render.cycle(h, ser.knownCycle());
    assertTrue(Set.of("T1-RW(y)->T2 T2-RW(x)->T1", "T2-RW(x)->T1 T1-RW(y)->T2").contains(cycle),
        cycle);
    Partition si = Partitioner.partition(h, Level.SI, ONE);
    assertFalse(si.violated());
    assertEquals(List.of(), si.components());
  }

  @Test
  void longForkIsAnInducedCycleWithSeparatedRwEdges() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [w y 1]
        s3: [r x 1; r y init]
        s4: [r x init; r y 1]
        """);
    Partition p = Partitioner.partition(h, Level.SI, ONE);
    List<Edge> cycle = p.knownCycle();
    assertNotNull(cycle);
    assertEquals(Set.of("T1-WR(x)->T3", "T3-RW(y)->T2", "T2-WR(y)->T4", "T4-RW(x)->T1"),
        Set.copyOf(List.of(Render.cycle(h, cycle).split(" "))));
    for (int i = 0; i < cycle.size(); i++) {
      Edge e = cycle.get(i);
      Edge next = cycle.get((i + 1) % cycle.size());
      assertEquals(e.to(), next.from());
      assertFalse(e.type() == EdgeType.RW && next.type() == EdgeType.RW);
    }
  }

  @Test
  void concurrentWritersGiveATypedConstraint() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [w x 2]
        s3: [r x 1]
        s4: [r x 2]
        """);
    Partition p = Partitioner.partition(h, Level.SI, ONE);
    assertFalse(p.violated());
    assertEquals(List.of("T1-WW(x)->T2 T3-RW(x)->T2 | T2-WW(x)->T1 T4-RW(x)->T1"),
        Render.constraints(h, p));
    assertEquals(1, p.components().size());
    Component c = p.components().get(0);
    // init is no part of the cycle-capable core; the component holds T1..T4 (dense ids 0..3)
    assertEquals(4, c.vertexCount());
    for (int v = 0; v < 4; v++) {
      assertEquals(v, c.txn(v));
    }
    assertEquals(Set.of("T1-WR(x)->T3", "T2-WR(x)->T4"), knownOf(h, c));
  }

  /**
   * A component carries its transactions' end timestamps for the solver's first order when
   * every transaction that did not abort has them, and none when one lacks them.
   */
  @Test
  void componentsCarryEndTimesWhenEveryTransactionHasThem() {
    History timed = HistoryDsl.parse("""
        s1: [w x 1]@1-40
        s2: [w x 2]@2-30
        s3: [r x 1]@3-20 [w z 1]!
        s4: [r x 2]@4-10
        """);
    Component c = Partitioner.partition(timed, Level.SER, ONE).components().get(0);
    assertTrue(c.hasTimes());
    assertEquals(List.of(40L, 30L, 20L, 10L), List.of(c.time(0), c.time(1), c.time(2), c.time(3)));
    History partly = HistoryDsl.parse("""
        s1: [w x 1]@1-40
        s2: [w x 2]
        s3: [r x 1]@3-20
        s4: [r x 2]@4-10
        """);
    assertFalse(Partitioner.partition(partly, Level.SER, ONE).components().get(0).hasTimes());
  }

  @Test
  void independentKeysGiveIndependentComponentsOrderedByRank() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [w x 2]
        s3: [w y 1]
        s4: [w y 2]
        """);
    // the polygraph's components: unread writes alone take FixedOrderCheck by default. Under
    // SER two unread versions need no constraint (any serial order places them); under SI
    // their writers must not be concurrent, a constraint each key
    assertEquals(List.of(), Partitioner.partition(h, Level.SER, ONE.withFixedOrders(false))
        .components());
    Partition p = Partitioner.partition(h, Level.SI, ONE.withFixedOrders(false));
    assertEquals(2, p.components().size());
    assertEquals(List.of("T1-WW(x)->T2 | T2-WW(x)->T1", "T3-WW(y)->T4 | T4-WW(y)->T3"),
        Render.constraints(h, p));
    assertEquals(List.of(0, 1), List.of(p.components().get(0).txn(0), p.components().get(0).txn(1)));
    assertEquals(List.of(2, 3), List.of(p.components().get(1).txn(0), p.components().get(1).txn(1)));
    assertEquals(2, p.stats().largestComponent());
    // every known edge goes up in rank (init -> writers), the two writers of a key share one
    for (int e = 0; e < p.knownEdgeCount(); e++) {
      assertTrue(p.sccRank(p.knownFrom(e)) < p.sccRank(p.knownTo(e)));
    }
    assertEquals(p.sccRank(1), p.sccRank(2));
  }

  private static Set<String> knownOf(History h, Component c) {
    Set<String> out = new java.util.TreeSet<>();
    for (int e = 0; e < c.knownEdgeCount(); e++) {
      out.add(Render.edge(h, c.txn(c.knownFrom(e)), c.txn(c.knownTo(e)), c.knownType(e),
          c.knownKey(e)));
    }
    return out;
  }
}
