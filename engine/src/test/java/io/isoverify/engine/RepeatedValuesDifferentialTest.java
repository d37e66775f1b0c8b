package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.sim.RandomHistories;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.BruteForceOracle;
import io.isoverify.history.testing.RepeatedValues;
import io.isoverify.solver.Describe;
import io.isoverify.solver.Witness;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Histories in which several transactions write the same value to a key (veristrong's
 * hyper-polygraph): the pipeline's verdicts against the brute-force oracle, whose reads may
 * see any writer of their value, on {@value #SEEDS} valid and {@value #SEEDS} mutated random
 * small histories per level (datasets' RandomHistories, fixed seeds) with their values
 * folded onto two or three ({@link RepeatedValues}), over graph-partitioning's pruned
 * components and, on the first {@value #UNPRUNED_SEEDS} seeds, over the unpruned
 * hyper-polygraph of the tests. Every answer also passes the independent checker (the
 * pipeline throws otherwise): witnesses with each ambiguous read's writer stated,
 * certificates and conflicts under every choice of writer.
 */
class RepeatedValuesDifferentialTest {
  private static final int SEEDS = 2_000;
  private static final int UNPRUNED_SEEDS = 500;

  @ParameterizedTest
  @EnumSource(Level.class)
  void partitionedComponentsAgreeWithTheOracle(Level level) {
    compare(level, SEEDS, h -> Pipelines.verify(h, Pipelines.Encoding.PARTITIONED, EnumSet.of(level)));
  }

  @ParameterizedTest
  @EnumSource(Level.class)
  void unprunedHyperPolygraphAgreesWithTheOracle(Level level) {
    compare(level, UNPRUNED_SEEDS,
        h -> Pipelines.verify(h, Pipelines.Encoding.UNPRUNED, EnumSet.of(level)));
  }

  /**
   * With transactions of unknown outcome among the writers, a read may have come from one of
   * them that no other read makes count; the check leaves such a writer out (as if it
   * aborted), so a violation it finds is not claimed, and a read left without a writer
   * decides nothing: the answer is the oracle's or UNKNOWN, never the other verdict.
   */
  @ParameterizedTest
  @EnumSource(Level.class)
  void unknownOutcomesGiveTheOraclesAnswerOrUnknown(Level level) {
    int unknown = 0;
    int decided = 0;
    for (long seed = 0; seed < UNPRUNED_SEEDS; seed++) {
      for (History original : new History[] {RandomHistories.valid(seed, level),
          RandomHistories.candidate(seed, level).history()}) {
        History h = RepeatedValues.of(original, 2, 3);
        LevelResult r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED, EnumSet.of(level))
            .get(level);
        Verdict oracle = BruteForceOracle.holds(h, level) ? Verdict.HOLDS : Verdict.VIOLATED;
        if (r.verdict() == Verdict.UNKNOWN) {
          unknown++;
          assertTrue(r.reason().contains("unknown outcome"), r.reason());
        } else {
          decided++;
          assertEquals(oracle, r.verdict(), h.source() + "\n" + Describe.of(h) + r);
        }
      }
    }
    assertTrue(unknown > 0 && decided > 4 * unknown, level + ": " + unknown + " unknown, "
        + decided + " decided");
  }

  private static void compare(Level level, int seeds, Function<History, Map<Level, LevelResult>> run) {
    List<Witness> witnesses = DifferentialTest.compare(level, seeds, run,
        (seed, h) -> RepeatedValues.of(h, 2 + (int) (seed % 2)));
    long stated = witnesses.stream().filter(w -> w.readers().length > 0).count();
    assertTrue(stated > seeds / 10, level + ": only " + stated + " witnesses state a writer");
  }
}
