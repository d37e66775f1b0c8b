package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.BruteForceOracle;
import java.util.EnumSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The in-process pipeline's verdicts on {@value #SEEDS} random histories with predicate reads
 * ({@link RandomPredicateHistories}, fixed seeds) per level against the brute-force oracle's
 * predicate semantics (a predicate read returns exactly the rows that match as the reader
 * sees them). Every answer also passes the independent checker (the pipeline throws
 * otherwise): witnesses replay the predicate reads, certificates re-derive their edges. A
 * history whose predicate reads test a field some version inherits (its writer did not set
 * it) may be UNKNOWN, with the reason naming that place (or, for a violation through such a
 * field, saying its certificate cannot be re-checked yet), and never wrong.
 */
class PredicateDifferentialTest {
  private static final int SEEDS = 5_000;

  @ParameterizedTest
  @EnumSource(Level.class)
  void predicateVerdictsAgreeWithTheOracle(Level level) {
    int violated = 0;
    int unknown = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = RandomPredicateHistories.of(seed);
      LevelResult r;
      try {
        r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED, EnumSet.of(level)).get(level);
      } catch (RuntimeException e) {
        throw new AssertionError("seed " + seed + "\n" + RandomPredicateHistories.text(seed), e);
      }
      boolean holds = BruteForceOracle.holds(h, level);
      String context = "seed " + seed + "\n" + RandomPredicateHistories.text(seed) + r;
      if (r.verdict() == Verdict.UNKNOWN) {
        assertTrue(holds ? r.reason().contains("not checked")
            : r.reason().contains("its certificate cannot be re-checked yet"), context);
        unknown++;
        continue;
      }
      assertEquals(holds ? Verdict.HOLDS : Verdict.VIOLATED, r.verdict(), context);
      violated += holds ? 0 : 1;
    }
    assertTrue(violated > SEEDS / 10 && violated < SEEDS * 9 / 10, level + ": " + violated + " violations");
    assertTrue(unknown < SEEDS / 4, level + ": " + unknown + " unknown");
  }
}
