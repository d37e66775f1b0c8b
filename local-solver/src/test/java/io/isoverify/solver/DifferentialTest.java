package io.isoverify.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.graph.PartitionOptions;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.BruteForceOracle;
import java.util.EnumSet;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The pipeline's verdicts against the brute-force oracle on many tiny random histories
 * (fixed seed), every level; every answer also passes the independent checker (the
 * pipeline throws otherwise).
 */
class DifferentialTest {
  private static final int HISTORIES = 10_000;

  @Test
  void unprunedPolygraphAgreesWithTheOracle() {
    InProcessVerifier verifier = new InProcessVerifier(
        new VerifierOptions(1, SolveLimits.defaults(), PartitionOptions.defaults()));
    SplittableRandom rnd = new SplittableRandom(7);
    int[] violated = new int[Level.values().length];
    for (int i = 0; i < HISTORIES; i++) {
      History h = SmallHistories.next(rnd);
      Map<Level, LevelResult> results = verifier.verifyWith(h, EnumSet.allOf(Level.class),
          level -> new NaivePolygraph(h, level));
      for (Level level : Level.values()) {
        LevelResult r = results.get(level);
        if (r.verdict() == Verdict.UNKNOWN && r.reason().contains("duplicate")) {
          continue;
        }
        boolean holds = BruteForceOracle.holds(h, level);
        assertEquals(holds ? Verdict.HOLDS : Verdict.VIOLATED, r.verdict(),
            "history " + i + " at " + level + ":\n" + Describe.of(h) + "\n" + r);
        if (holds) {
          assertNotNull(r.witness());
        } else {
          violated[level.ordinal()]++;
          assertTrue(!r.certificates().isEmpty());
        }
      }
    }
    for (Level level : Level.values()) {
      int v = violated[level.ordinal()];
      assertTrue(v > HISTORIES / 10 && v < HISTORIES * 9 / 10, level + " violated " + v);
    }
  }
}
