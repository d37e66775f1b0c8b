package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Pruning to a fixpoint, conflicts and known cycles on hand-made histories. */
class PruningTest {
  private static final PartitionOptions ONE = PartitionOptions.defaults().withThreads(1);

  @Test
  void bothSidesCyclicIsAConflictWithOneCyclePerSide() {
    // write skew on one key under SER: each session reads the other's write after its own
    History h = HistoryDsl.parse("""
        s1: [w x 1] [r x 2]
        s2: [w x 2] [r x 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertTrue(p.violated());
    assertNull(p.knownCycle());
    // side 0 (T1 before T3) adds T4 -RW-> T3 against T3 -SO-> T4;
    // side 1 (T3 before T1) adds T2 -RW-> T1 against T1 -SO-> T2
    assertEquals(List.of("T4-RW(x)->T3 T3-SO->T4", "T2-RW(x)->T1 T1-SO->T2"),
        p.conflictCycles().stream().map(c -> Render.cycle(h, c)).toList());
    assertEquals(List.of(), p.components());
  }

  @Test
  void prunedSideMakesTheOtherKnown() {
    History h = HistoryDsl.parse("""
        s1: [w x 1] [r x 1]
        s2: [w x 2] [r x 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    // T4 read T1's x after T3 wrote 2 in s2, so "T1 before T3" would need T4 -RW-> T3
    // against T3 -SO-> T4: T3 precedes T1
    assertFalse(p.violated());
    assertEquals(1, p.stats().constraintsBefore());
    assertEquals(0, p.stats().constraintsAfter());
    // init's chain was forced before both concurrent chains, before pruning ordered them
    assertEquals(Set.of("init-WW(x)->T1", "init-WW(x)->T3", "T3-WW(x)->T1"),
        Render.known(h, p, EdgeType.WW));
    assertEquals(Set.of(), Render.known(h, p, EdgeType.RW));
    assertEquals(List.of(), p.components());
  }

  @Test
  void pruningIteratesToAFixpoint() {
    // round 1 orders x (T4 read T1's x after T3 wrote it: T3 -WW(x)-> T1); only then does
    // T3 reach T2, which orders y (T2 before T3 would close T3 -> T1 -> T2 -> T3). T5 reads
    // T2's y: two unread versions of y would need no constraint at all (SER)
    History h = HistoryDsl.parse("""
        s1: [w x 1] [w y 1]
        s2: [w x 2; w y 2] [r x 1]
        s3: [r y 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE.withIncrementalPruning(false));
    assertFalse(p.violated());
    assertEquals(2, p.stats().constraintsBefore());
    assertEquals(0, p.stats().constraintsAfter());
    // x in round 1, y in round 2, nothing in round 3
    assertEquals(3, p.stats().pruneRounds());
    assertEquals(Set.of("init-WW(x)->T1", "init-WW(x)->T3", "init-WW(y)->T2", "init-WW(y)->T3",
            "T3-WW(x)->T1", "T3-WW(y)->T2"),
        Render.known(h, p, EdgeType.WW));
    // incrementally, y's constraint sees x's new edges within round 1
    Partition q = Partitioner.partition(h, Level.SER, ONE.withIncrementalPruning(true));
    assertEquals(2, q.stats().pruneRounds());
    assertEquals(Render.known(h, p, null), Render.known(h, q, null));
  }

  @Test
  void knownCycleIsReturnedAsTypedEdges() {
    // T1 reads T2's write and T2 reads T1's: WR both ways
    History h = HistoryDsl.parse("""
        s1: [r x 2; w y 1]
        s2: [r y 1; w x 2]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertNotNull(p.knownCycle());
    String cycle = Render.cycle(h, p.knownCycle());
    assertTrue(cycle.equals("T1-WR(y)->T2 T2-WR(x)->T1") || cycle.equals("T2-WR(x)->T1 T1-WR(y)->T2"),
        cycle);
    // values: x=2 and y=1 are the versions read
    assertEquals(Set.of("x=2", "y=1"), p.knownCycle().stream()
        .map(e -> h.showKey(e.key()) + "=" + h.showValue(e.value())).collect(Collectors.toSet()));
  }

  @Test
  void lostUpdateIsAViolationUnderSerAndSi() {
    // both read x's initial state and write x: T1 extends init's chain [init, T1], T2 heads
    // its own and gets T2 -RW-> T1. The chains are ordered both ways (init reaches T2, T2
    // reaches T1), so under SER their constraint has two cyclic sides
    History h = HistoryDsl.parse("""
        s1: [r x init; w x 1]
        s2: [r x init; w x 2]
        """);
    Partition ser = Partitioner.partition(h, Level.SER, ONE);
    assertNull(ser.knownCycle());
    assertEquals(List.of("T1-WW(x)->T2 T2-RW(x)->T1", "T2-WW(x)->init init-SO->T2"),
        ser.conflictCycles().stream().map(c -> Render.cycle(h, c)).toList());
    // under SI an RW edge alone does not order T2 before T1, so init's chain is simply
    // forced first and the known graph gets the induced cycle T1 -WW-> T2 -RW-> T1
    Partition si = Partitioner.partition(h, Level.SI, ONE);
    assertNotNull(si.knownCycle());
    assertEquals(Set.of("T1-WW(x)->T2", "T2-RW(x)->T1"),
        Set.of(Render.cycle(h, si.knownCycle()).split(" ")));
  }

  @Test
  void historyWithoutCommittedTransactionsHasOnlyTheInitialVertex() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]! [r x 1]!
        s2: [w y 1]?
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertEquals(1, p.vertexCount());
    assertEquals(0, p.knownEdgeCount());
    assertFalse(p.violated());
    assertEquals(1, p.stats().unknownExcluded());
  }
}
