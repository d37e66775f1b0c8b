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
 * The in-process pipeline's verdicts on {@value #SEEDS} random list-append histories
 * ({@link RandomListHistories}, fixed seeds) per level against the brute-force oracle's
 * list semantics (a read list is exactly the appends the reader sees, in order). Every
 * answer also passes the independent checker (the pipeline throws otherwise).
 */
class ListAppendDifferentialTest {
  private static final int SEEDS = 3_000;

  @ParameterizedTest
  @EnumSource(Level.class)
  void listAppendVerdictsAgreeWithTheOracle(Level level) {
    int violated = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = RandomListHistories.of(seed);
      LevelResult r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED, EnumSet.of(level)).get(level);
      boolean holds = BruteForceOracle.holds(h, level);
      assertEquals(holds ? Verdict.HOLDS : Verdict.VIOLATED, r.verdict(),
          "seed " + seed + "\n" + RandomListHistories.text(seed) + r);
      violated += holds ? 0 : 1;
    }
    assertTrue(violated > SEEDS / 10 && violated < SEEDS * 9 / 10, level + ": " + violated + " violations");
  }
}
