package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.checker.SerialReplay;
import io.isoverify.checker.SnapshotReplay;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.HistoryShape;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.solver.PartitionInput;
import io.isoverify.solver.SolveLimits;
import io.isoverify.solver.Witness;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A level decided by a stronger one's witness ({@link Level#implies}, {@link
 * CheckPath#IMPLIED}): where SER or SI leaves information out that SSER uses (the pipeline's
 * {@code unchecked}, stated here per level), or where a level's own search ends UNKNOWN.
 * Each case has its twin where the stronger level does not hold, so nothing is implied.
 */
class ImpliedLevelsTest {
  private static final InProcessVerifier VERIFIER = new InProcessVerifier(
      new VerifierOptions(1, SolveLimits.defaults(), PartitionOptions.defaults().withThreads(1)));
  private static final HistoryShape GENERAL = new HistoryShape("the test's general path",
      "the test's general path");
  /** What SER and SI leave out, as a check that skips predicate reads' places would say. */
  private static final UncheckedInformation LEFT_OUT =
      new UncheckedInformation(1, true, 3, "stated by the test");
  private static final Function<Level, UncheckedInformation> WEAKER_LEAVE_OUT =
      level -> level == Level.SSER ? UncheckedInformation.NONE : LEFT_OUT;

  /** T2 reads T1's write after T1 ended: serial in real time, every level holds. */
  private static final String REAL_TIME_SERIAL = "s1: [w x 1; w y 1]@0-1\ns2: [r x 1; w y 2]@2-3";
  /** The same read of the initial state after T1 ended: SER and SI hold, SSER does not. */
  private static final String STALE = "s1: [w x 1; w y 1]@0-1\ns2: [r x init; w y 2]@2-3";

  @Test
  void sserDecidedForWeakerLevelsThatLeaveInformationOutImpliesThem() {
    History h = HistoryDsl.parse(REAL_TIME_SERIAL);
    Map<Level, LevelResult> r = verify(h, EnumSet.of(Level.SER, Level.SI), WEAKER_LEAVE_OUT,
        (level, path, progress) -> graph(h, level));
    assertEquals(Set.of(Level.SER, Level.SI), r.keySet(), "SSER was not asked for");
    LevelResult ser = r.get(Level.SER);
    assertEquals(Verdict.HOLDS, ser.verdict());
    assertEquals(CheckPath.IMPLIED, ser.path().path());
    assertEquals("SSER holds (decided for this level: its real-time order leaves fewer "
        + "candidates), and its witness, replayed as one of SER, is this level's",
        ser.path().reason());
    assertWitness(h, ser.witness(), Level.SER);
    LevelResult si = r.get(Level.SI);
    assertEquals(Verdict.HOLDS, si.verdict());
    assertEquals(CheckPath.IMPLIED, si.path().path());
    assertEquals("SER holds, and its witness, replayed as one of SI, is this level's",
        si.path().reason());
    assertWitness(h, si.witness(), Level.SI);
    assertEquals(0, si.stats().components());
    assertTrue(ser.certificates().isEmpty() && si.certificates().isEmpty());
  }

  @Test
  void aStaleReadLeavesTheWeakerLevelsUnknownAndSaysThatSserFailed() {
    History h = HistoryDsl.parse(STALE);
    Map<Level, LevelResult> r = verify(h, EnumSet.of(Level.SER, Level.SI), WEAKER_LEAVE_OUT,
        (level, path, progress) -> graph(h, level));
    assertEquals(Set.of(Level.SER, Level.SI), r.keySet());
    for (Level level : List.of(Level.SER, Level.SI)) {
      LevelResult lr = r.get(level);
      assertEquals(Verdict.UNKNOWN, lr.verdict(), level.toString());
      assertEquals(CheckPath.GENERAL, lr.path().path());
      assertEquals(LEFT_OUT.reason() + " (SSER, decided as well since it would imply " + level
          + ", is VIOLATED)", lr.reason());
      assertNull(lr.witness());
    }
  }

  @Test
  void aViolationTheWeakerLevelFindsStandsWhateverItLeavesOut() {
    // write skew: SER violated by its own search, SI holds but leaves information out, and
    // SSER (overlapping in time) is violated by the same cycle: nothing to imply
    History h = HistoryDsl.parse("s1: [r x init; r y init; w x 1]@0-5\n"
        + "s2: [r x init; r y init; w y 1]@1-6");
    Map<Level, LevelResult> r = verify(h, EnumSet.of(Level.SER, Level.SI), WEAKER_LEAVE_OUT,
        (level, path, progress) -> graph(h, level));
    LevelResult ser = r.get(Level.SER);
    assertEquals(Verdict.VIOLATED, ser.verdict());
    assertEquals(1, ser.certificates().size());
    assertEquals(Anomaly.G2_ITEM, ser.certificates().get(0).anomaly());
    assertEquals("T1 -RW(y=init)-> T2 -RW(x=init)-> T1",
        AnomalyTest.rotated(h, ser.certificates().get(0).edges()));
    assertEquals(Verdict.UNKNOWN, r.get(Level.SI).verdict());
    assertTrue(r.get(Level.SI).reason().endsWith("(SSER, decided as well since it would imply "
        + "SI, is VIOLATED)"), r.get(Level.SI).reason());
  }

  @Test
  void nothingIsDecidedForALevelThatLeavesNothingOut() {
    History h = HistoryDsl.parse(REAL_TIME_SERIAL);
    Map<Level, LevelResult> r = verify(h, EnumSet.of(Level.SER, Level.SI),
        level -> UncheckedInformation.NONE, (level, path, progress) -> {
          assertFalse(level == Level.SSER, "SSER searched though nothing needs it");
          return graph(h, level);
        });
    for (LevelResult lr : r.values()) {
      assertEquals(Verdict.HOLDS, lr.verdict());
      assertEquals(CheckPath.GENERAL, lr.path().path(), lr.level().toString());
    }
  }

  @Test
  void aStrongerLevelThatHoldsRescuesAWeakerOneWhoseSearchEndedUnknown() {
    History h = HistoryDsl.parse(REAL_TIME_SERIAL);
    Map<Level, LevelResult> r = verify(h, EnumSet.allOf(Level.class),
        level -> UncheckedInformation.NONE, (level, path, progress) -> {
          if (level == Level.SI) {
            throw new UncertifiedViolation("the test's SI search ends here");
          }
          return graph(h, level);
        });
    LevelResult si = r.get(Level.SI);
    assertEquals(Verdict.HOLDS, si.verdict());
    assertEquals(CheckPath.IMPLIED, si.path().path());
    assertTrue(si.path().reason().contains("(this level's own search ended UNKNOWN: the "
        + "test's SI search ends here)"), si.path().reason());
    assertWitness(h, si.witness(), Level.SI);
    assertEquals(CheckPath.GENERAL, r.get(Level.SER).path().path());
    assertEquals(CheckPath.GENERAL, r.get(Level.SSER).path().path());
  }

  @Test
  void aWeakerSearchThatEndedUnknownStaysSoWhenNoStrongerLevelHolds() {
    History h = HistoryDsl.parse(STALE);
    Map<Level, LevelResult> r = verify(h, EnumSet.of(Level.SER, Level.SSER),
        level -> UncheckedInformation.NONE, (level, path, progress) -> {
          if (level == Level.SER) {
            throw new UncertifiedViolation("the test's SER search ends here");
          }
          return graph(h, level);
        });
    assertEquals(Verdict.UNKNOWN, r.get(Level.SER).verdict());
    assertEquals("the test's SER search ends here", r.get(Level.SER).reason());
    assertEquals(Verdict.VIOLATED, r.get(Level.SSER).verdict());
  }

  @Test
  void witnessesBecomeTheWeakerLevelsOnlyWhereImplied() {
    Witness sser = new Witness(Level.SSER, new int[] {1, 0}, new int[0]);
    assertEquals(Level.SER, sser.as(Level.SER).level());
    Witness si = sser.as(Level.SI);
    assertEquals(List.of(1, 0), List.of(si.order()[0], si.order()[1]));
    assertEquals(List.of(0, 1), List.of(si.snapshot()[0], si.snapshot()[1]));
    assertThrows(IllegalArgumentException.class, () -> si.as(Level.SER));
    assertThrows(IllegalArgumentException.class,
        () -> new Witness(Level.SER, new int[0], new int[0]).as(Level.SSER));
    assertTrue(Level.SSER.implies(Level.SI) && Level.SER.implies(Level.SI)
        && !Level.SI.implies(Level.SER) && !Level.SER.implies(Level.SSER));
  }

  private static Map<Level, LevelResult> verify(History h, Set<Level> levels,
      Function<Level, UncheckedInformation> unchecked, LevelPipeline.Graphs graphs) {
    return VERIFIER.verifyWith(h, levels, () -> GENERAL, graphs, unchecked,
        grouping -> io.isoverify.history.check.ListOrders.of(h, LevelPipeline.EXAMPLES, grouping),
        parts -> { });
  }

  private static PartitionInput graph(History h, Level level) {
    return new PartitionInput(Partitioner.partition(PolygraphInput.of(h), level,
        PartitionOptions.defaults().withThreads(1).withFixedOrders(false), CheckPath.GENERAL));
  }

  /** The independent checker's replay of {@code w} at {@code level}, on its own. */
  private static void assertWitness(History h, Witness w, Level level) {
    assertNotNull(w);
    assertEquals(level, w.level());
    assertEquals(2, w.order().length);
    assertTrue((level == Level.SI ? SnapshotReplay.check(h, w.order(), w.snapshot())
        : SerialReplay.check(h, w.order(), false)).valid());
  }
}
