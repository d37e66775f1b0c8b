package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.checker.ConflictEvidence;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.history.testing.BruteForceOracle;
import io.isoverify.history.testing.HistoryDsl;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Histories in which several transactions write the same value to a key (veristrong's
 * hyper-polygraph), each violation with its valid twin ({@link RepeatedValueHistories}): the
 * verdict at every level over both encodings, and over the pruned one the whole
 * certificate: anomaly, cycle, the read whose writer it holds for whichever candidate wrote
 * it, the sentence, and the conflict the checker re-checked under every choice of writer.
 */
class RepeatedValuesTest {
  private static final Pipelines.Encoding PRUNED = Pipelines.Encoding.PARTITIONED;

  /**
   * veristrong's Figure 2b: T3 read x = 1, which T1 and T2 wrote; T2 -WR(y)-> T1 and
   * T3 -RW(y)-> T2 make either writer close a cycle, which pruning finds (veristrong's
   * NO-CHOICE rule: every candidate eliminated).
   */
  @Test
  void figure2bViolatesEveryLevelWhicheverWriterT3ReadFrom() {
    History h = HistoryDsl.parse(RepeatedValueHistories.FIGURE_2B);
    String cycle = "T1 -WR(x=1)-> T3 -RW(y=init)-> T2 -WR(y=1)-> T1";
    Map<Level, LevelResult> r = AnomalyTest.expect(h, PRUNED, Anomaly.G_SINGLE, cycle,
        Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle);
    for (Level level : Level.values()) {
      Certificate c = r.get(level).certificates().get(0);
      assertEquals(1, c.choices());
      int read = h.firstOp(2) + 1; // T3's r x 1
      assertEquals(List.of(new WrConstraint(2, read, h.opKey(read), h.opValue(read),
          new int[] {0, 1}, 0)), c.reads());
      assertEquals("x=1", h.showKey(h.opKey(read)) + "=" + h.showValue(h.opValue(read)));
      assertEquals("whichever of T1, T2 wrote the x=1 that T3 read, a cycle closes, e.g. with T3"
          + " reading x from T1: G-single: T1 -WR(x=1)-> T3 -RW(y=init)-> T2 -WR(y=1)-> T1",
          CertificateSummary.of(h, c));
      List<ConflictEvidence> conflicts = r.get(level).conflicts();
      assertEquals(1, conflicts.size(), level.name());
      assertEquals(c.reads(), conflicts.get(0).reads(), "re-checked with each writer");
      assertEquals(0, conflicts.get(0).side0().size());
    }
    // the unpruned hyper-polygraph: the solver's core is that read, with its writers
    Map<Level, LevelResult> u = Pipelines.verify(h, Pipelines.Encoding.UNPRUNED);
    for (Level level : Level.values()) {
      Certificate c = u.get(level).certificates().get(0);
      assertEquals(Anomaly.G_SINGLE, c.anomaly(), level.name());
      assertArrayEquals(new int[] {0, 1}, c.reads().get(0).writers());
      assertTrue(CertificateSummary.of(h, c).startsWith("whichever of T1, T2 wrote the x=1 that T3 read"));
    }
  }

  /**
   * A value written by 5,000 transactions of one session and read by 4,100 of 20 others that
   * nothing orders before or after the writers: each may have read any of them, so pruning's
   * first elimination leaves each read all 5,000, 20.5M candidates together, over
   * graph-partitioning's limit of 20M; so every level is UNKNOWN with the reason, found
   * before the candidates' memory is spent.
   */
  @Test
  void tooManyCandidateWritersAreUnknownWithTheReason() {
    StringBuilder dsl = new StringBuilder("s1:");
    for (int t = 0; t < 5000; t++) {
      dsl.append(" [w x 1]");
    }
    dsl.append('\n');
    for (int s = 0; s < 20; s++) {
      dsl.append("s").append(s + 2).append(':');
      for (int t = 0; t < 205; t++) {
        dsl.append(" [r x 1]");
      }
      dsl.append('\n');
    }
    Map<Level, LevelResult> r = Pipelines.verify(HistoryDsl.parse(dsl.toString()), PRUNED);
    for (Level level : Level.values()) {
      assertEquals(Verdict.UNKNOWN, r.get(level).verdict(), level.name());
      assertEquals("the reads whose value several transactions wrote have more than 20000000"
          + " candidate writers together after those closing a cycle with the known graph were"
          + " eliminated (passed within the first 4001 of 4100 such reads; a read of a value W"
          + " transactions wrote counts up to W): the level is not checked",
          r.get(level).reason(), level.name());
    }
  }

  /**
   * T5 read x = 1, which T1, T2 and T3 wrote one after another in their session; T4 then
   * overwrote it, and T5 read T4's y. Pruning lists T5's read with T3 alone (T1 and T2 are
   * overwritten by T2 and T3 before T5), eliminates T3 (T3 -WW-> T4 -WR-> T5) and finds no
   * writer left: the certificate still names all three, each with its cycle, and the checker
   * re-checks the read under each.
   */
  @Test
  void aReadWhoseWritersAllPrecedeAnOverwriteItSawNamesEveryWriter() {
    History h = HistoryDsl.parse("s1: [w x 1] [w x 1] [w x 1] [w x 2; w y 9]\ns2: [r y 9; r x 1]");
    for (Level level : Level.values()) {
      LevelResult l = Pipelines.verify(h, PRUNED, EnumSet.of(level)).get(level);
      assertEquals(Verdict.VIOLATED, l.verdict(), level + ": " + l.reason());
      Certificate c = l.certificates().get(0);
      assertArrayEquals(new int[] {0, 1, 2}, c.reads().get(0).writers(), level.name());
      assertEquals(c.reads(), l.conflicts().get(0).reads(), "re-checked with each writer");
      assertEquals("whichever of T1, T2, T3 wrote the x=1 that T5 read, a cycle closes, e.g. with"
          + " T5 reading x from T1: G-single: T5 -RW(x=1)-> T2 -SO-> T3 -SO-> T4 -WR(y=9)-> T5",
          CertificateSummary.of(h, c), level.name());
      assertFalse(BruteForceOracle.holds(h, level), level.name());
    }
  }

  /** Its twin holds; the witness says where T3's x came from, and the checker replayed it. */
  @Test
  void figure2bTwinHoldsWithTheWriterStated() {
    AnomalyTest.holds(RepeatedValueHistories.FIGURE_2B_TWIN);
    LevelResult r = Pipelines.verify(HistoryDsl.parse(RepeatedValueHistories.FIGURE_2B_TWIN),
        PRUNED, EnumSet.of(Level.SER)).get(Level.SER);
    assertArrayEquals(new int[] {2}, r.witness().readers());
    assertArrayEquals(new int[] {0}, r.witness().writers());
  }

  /** veristrong's Figure 3, extended: T4 read 1 from T1, which wrote after T2 and T3. */
  @Test
  void figure3Holds() {
    AnomalyTest.holds(RepeatedValueHistories.FIGURE_3);
    for (Level level : Level.values()) {
      LevelResult r = Pipelines.verify(HistoryDsl.parse(RepeatedValueHistories.FIGURE_3), PRUNED,
          EnumSet.of(level)).get(level);
      assertArrayEquals(new int[] {3}, r.witness().readers(), level.name());
      assertArrayEquals(new int[] {0}, r.witness().writers(), level.name());
    }
  }

  /** An aborted transaction that wrote the same 1 is no candidate: the lost update stays. */
  @Test
  void anAbortedWriterOfTheSameValueIsNoCandidate() {
    String cycle = "T2 -WW(x=2)-> T3 -RW(x=1)-> T2";
    History h = HistoryDsl.parse(RepeatedValueHistories.LOST_UPDATE);
    Map<Level, LevelResult> r = AnomalyTest.expect(h, PRUNED, Anomaly.G_SINGLE, cycle,
        Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle);
    assertEquals(List.of(), r.get(Level.SI).certificates().get(0).reads());
    unprunedVerdicts(RepeatedValueHistories.LOST_UPDATE, false, false, false);
    AnomalyTest.holds(RepeatedValueHistories.LOST_UPDATE_TWIN);
  }

  /** Write skew over values two transactions wrote: SER and SSER only. */
  @Test
  void writeSkewOverRepeatedValuesViolatesSerButNotSi() {
    String cycle = "T3 -RW(y=1)-> T4 -RW(x=1)-> T3";
    AnomalyTest.expect(HistoryDsl.parse(RepeatedValueHistories.WRITE_SKEW), PRUNED,
        Anomaly.G2_ITEM, cycle, null, null, Anomaly.G2_ITEM, cycle);
    unprunedVerdicts(RepeatedValueHistories.WRITE_SKEW, false, true, false);
    AnomalyTest.holds(RepeatedValueHistories.WRITE_SKEW_TWIN);
  }

  /** Both writers of 1 ended before T2 wrote 2, which ended before T4 read 1: SSER only. */
  @Test
  void aStaleReadOfARepeatedValueViolatesOnlySser() {
    History h = HistoryDsl.parse(RepeatedValueHistories.REAL_TIME);
    String cycle = "T2 -RT-> T4 -RW(x=1)-> T2";
    Map<Level, LevelResult> r = AnomalyTest.expect(h, PRUNED, null, null, null, null,
        Anomaly.REALTIME_VIOLATION, cycle);
    assertEquals("whichever of T1, T3 wrote the x=1 that T4 read, a cycle closes, e.g. with T4"
        + " reading x from T1: RealtimeViolation: T4 -RW(x=1)-> T2 -RT-> T4",
        CertificateSummary.of(h, r.get(Level.SSER).certificates().get(0)));
    unprunedVerdicts(RepeatedValueHistories.REAL_TIME, true, true, false);
    AnomalyTest.holds(RepeatedValueHistories.REAL_TIME_TWIN);
  }

  /**
   * A candidate of unknown outcome that no read makes count is left out (as if it aborted):
   * T1 read 1 before T2 wrote it in its session, so only T3 of unknown outcome can have
   * written what T1 read. The cycle found without T3 is not claimed: UNKNOWN, with the
   * reason; with T3 committed the history holds. With only such candidates, nothing is
   * claimed either.
   */
  @Test
  void aCandidateOfUnknownOutcomeLeftOutMakesAViolationUnknown() {
    for (Pipelines.Encoding encoding : Pipelines.available()) {
      Map<Level, LevelResult> r = Pipelines.verify(HistoryDsl.parse(
          "s1: [r x 1] [w x 1]\ns2: [w x 1]?"), encoding);
      Map<Level, LevelResult> none = Pipelines.verify(HistoryDsl.parse(
          "s1: [w x 1]?\ns2: [w x 1]?\ns3: [r x 1]"), encoding);
      for (Level level : Level.values()) {
        LevelResult l = r.get(level);
        assertEquals(Verdict.UNKNOWN, l.verdict(), level + " " + encoding);
        assertEquals("a cycle was found, but 1 read(s) of a value several transactions wrote may"
            + " have read it from one of unknown outcome the check left out (as if aborted):"
            + " VIOLATED cannot be claimed", l.reason());
        assertEquals(List.of(), l.certificates());
        assertEquals(Verdict.UNKNOWN, none.get(level).verdict());
        assertEquals("1 read(s) saw a value that only transactions of unknown outcome wrote,"
            + " several of them; which one committed is not decided by the check",
            none.get(level).reason());
      }
    }
    AnomalyTest.holds("s1: [r x 1] [w x 1]\ns2: [w x 1]");
  }

  private static void unprunedVerdicts(String dsl, boolean ser, boolean si, boolean sser) {
    Map<Level, LevelResult> r = Pipelines.verify(HistoryDsl.parse(dsl), Pipelines.Encoding.UNPRUNED);
    boolean[] holds = {ser, si, sser};
    for (Level level : Level.values()) {
      assertEquals(holds[level.ordinal()] ? Verdict.HOLDS : Verdict.VIOLATED,
          r.get(level).verdict(), level.name());
    }
  }
}
