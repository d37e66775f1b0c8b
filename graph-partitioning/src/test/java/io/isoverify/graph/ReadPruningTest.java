package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The WR constraints of reads with several candidate writers (veristrong section 3): their
 * pruning (section 6.1.1 and Figure 18: WR-ELIM, WR-INTRO, NO-CHOICE, with the WW pruning to
 * one fixpoint), and what is left of them in the components.
 */
class ReadPruningTest {
  private static final PartitionOptions ONE = PartitionOptions.defaults().withThreads(1);

  /** Case II: T3's WR edge from T2, its session successor, would close a cycle. */
  @Test
  void aCandidateWhoseWriteComesAfterTheReadIsEliminatedAndTheLastBecomesKnown() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [r x 1] [w x 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertFalse(p.violated());
    assertEquals(List.of(1, 0), List.of(p.stats().readConstraints(), p.stats().readConstraintsAfter()));
    assertTrue(Render.known(h, p, EdgeType.WR).contains("T1-WR(x)->T2"));
    assertEquals(List.of("T2 reads x from T1"), fixed(h, p));
  }

  /**
   * Case III: reading T1's 1, T3 would have to precede T2, whose 2 overwrote it (known
   * T1 -WW-> T2), but T2 precedes T3 in its session; so T3 read T4's 1, and then T4's write
   * must follow T2's: the read resolved by pruning orders x's writes (a late reader's RW
   * edge), to the fixpoint.
   */
  @Test
  void aCandidateWhoseDerivedRwEdgeClosesACycleIsEliminated() {
    History h = HistoryDsl.parse("""
        s1: [w x 1] [w x 2] [r x 1]
        s2: [w x 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertFalse(p.violated());
    assertEquals(List.of("T3 reads x from T4"), fixed(h, p));
    assertTrue(Render.known(h, p, EdgeType.WW).contains("T2-WW(x)->T4"), Render.known(h, p, EdgeType.WW).toString());
    assertEquals(0, p.stats().constraintsAfter());
    assertEquals(List.of(), p.components());
  }

  /**
   * A value written again and again by one session: a read that the last of those writes
   * precedes (in session order, or through a read of its other key) is listed with that last
   * writer alone, since each earlier one is overwritten by the next, which precedes the read;
   * a read nothing orders against them is listed with all 200 and stays open.
   */
  @Test
  void writersOfTheValueBeforeALaterOneThatPrecedesTheReadAreNeverListed() {
    StringBuilder dsl = new StringBuilder("s1:");
    for (int t = 0; t < 199; t++) {
      dsl.append(" [w x 1]");
    }
    dsl.append(" [w x 1; w y 5] [r x 1]\ns2: [r y 5; r x 1]\ns3: [r x 1]\n");
    History h = HistoryDsl.parse(dsl.toString());
    for (Level level : Level.values()) {
      Partition p = Partitioner.partition(h, level, ONE);
      assertFalse(p.violated(), level.name());
      assertEquals(List.of(3, 1L + 1 + 200, 1), List.of(p.stats().readConstraints(),
          p.stats().readCandidates(), p.stats().readConstraintsAfter()), level.name());
      assertEquals(List.of("T201 reads x from T200", "T202 reads x from T200"), fixed(h, p),
          level.name());
    }
  }

  /** veristrong's Figure 2b: every candidate closes a cycle (NO-CHOICE), one cycle each. */
  @Test
  void noCandidateLeftIsAConflictWithOneCyclePerCandidate() {
    History h = HistoryDsl.parse("""
        s1: [r y 1; w x 1]
        s2: [w y 1; w x 1]
        s3: [r y init; r x 1]
        """);
    for (Level level : Level.values()) {
      Partition p = Partitioner.partition(h, level, ONE);
      assertNull(p.knownCycle());
      assertEquals(new WrConstraint(2, -1, h.opKey(h.firstOp(2) + 1), -1, new int[] {0, 1}, 0),
          p.conflictRead(), level.name());
      List<String> cycles = p.conflictCycles().stream().map(c -> Render.cycle(h, c)).toList();
      assertEquals(List.of("T1-WR(x)->T3 T3-RW(y)->T2 T2-WR(y)->T1", "T2-WR(x)->T3 T3-RW(y)->T2"),
          cycles, level.name());
    }
  }

  /**
   * Two concurrent writers of 1 and a reader: the order of the writers is a constraint, the
   * read's writer another, and the RW edge from the reader to the second writer is derived
   * from both (veristrong Algorithm 8).
   */
  @Test
  void anOpenReadKeepsItsCandidatesAndDerivedEdgesInTheComponent() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [w x 1]
        s3: [r x 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertEquals(List.of(1, 1), List.of(p.stats().readConstraints(), p.stats().readConstraintsAfter()));
    assertEquals(1, p.components().size());
    assertEquals(List.of("T3 reads x from T1 {T1-WR(x)->T3 T3-RW(x)->T2[T1-WW(x)->T2]} or "
        + "T2 {T2-WR(x)->T3 T3-RW(x)->T1[T2-WW(x)->T1]}"), Render.reads(h, p));
  }

  /**
   * veristrong's Figure 3: T3 read 1 after T2 wrote it in its session. If T1 wrote it and T1's
   * write came before T2's, T3 -RW-> T2 closes a cycle with T2 -SO-> T3: a cycle of width 2
   * (section 6.1.2, Case II), marked for the solver's clause.
   */
  @Test
  void aDerivedEdgeClosingACycleAloneIsMarked() {
    History h = HistoryDsl.parse("s1: [w x 1]\ns2: [w x 1] [r x 1]");
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertEquals(List.of("T3 reads x from T1 {T1-WR(x)->T3 T3-RW(x)->T2[T1-WW(x)->T2]!} or "
        + "T2 {T2-WR(x)->T3 T3-RW(x)->T1[T2-WW(x)->T1]}"), Render.reads(h, p));
  }

  /** A candidate of unknown outcome no other read makes count is left out, and counted. */
  @Test
  void unknownCandidatesNoReadForcesAreLeftOutAndCounted() {
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [w x 1]?
        s3: [r x 1]
        """);
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertEquals(List.of(0, 1, 0), List.of(p.stats().readConstraints(), p.stats().readsLeftOut(),
        p.stats().readsUnexplained()));
    assertTrue(Render.known(h, p, EdgeType.WR).contains("T1-WR(x)->T3"));
    Partition q = Partitioner.partition(HistoryDsl.parse("""
        s1: [w x 1]?
        s2: [w x 1]?
        s3: [r x 1]
        """), Level.SER, ONE);
    assertEquals(List.of(0, 0, 1), List.of(q.stats().readConstraints(), q.stats().readsLeftOut(),
        q.stats().readsUnexplained()));
  }

  private static List<String> fixed(History h, Partition p) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < p.fixedReadCount(); i++) {
      out.add(Render.txn(h, p.txnOf(p.fixedReader(i))) + " reads " + h.showKey(p.fixedKey(i))
          + " from " + Render.txn(h, p.txnOf(p.fixedWriter(i))));
    }
    return out;
  }
}
