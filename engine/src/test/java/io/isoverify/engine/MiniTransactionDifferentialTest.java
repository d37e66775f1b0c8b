package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.BruteForceOracle;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.solver.Describe;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * The mini-transaction and lightweight-transaction paths against the brute-force oracle and
 * the general path, on {@value #SEEDS} random histories of each kind ({@link RandomMiniHistories},
 * fixed seeds), at every level: the same verdict all three ways, a witness (replayed by the
 * checker) when it holds, a certificate (re-checked) when it does not. Most histories must
 * take the fixed-order paths, and enough of them must be violated, for the comparison to
 * mean something.
 */
class MiniTransactionDifferentialTest {
  private static final int SEEDS = 2_000;

  @Test
  void miniTransactionHistories() {
    Map<CheckPath, Integer> paths = compare(RandomMiniHistories::mini);
    assertTrue(paths.getOrDefault(CheckPath.MINI_TRANSACTIONS, 0) > SEEDS * 3 / 2, paths.toString());
    // SI's check (the induced graph) must meet histories it allows and SER does not
    int skews = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = HistoryDsl.parse(RandomMiniHistories.mini(seed));
      if (!BruteForceOracle.holds(h, Level.SER) && BruteForceOracle.holds(h, Level.SI)) {
        skews++;
      }
    }
    assertTrue(skews >= 10, skews + " histories violate SER but not SI");
  }

  @Test
  void lightweightTransactionHistories() {
    Map<CheckPath, Integer> paths = compare(RandomMiniHistories::lightweight);
    assertTrue(paths.getOrDefault(CheckPath.LIGHTWEIGHT_TRANSACTIONS, 0) > SEEDS / 2, paths.toString());
  }

  /** Every level of every seed's history; returns how many level results took each path. */
  private static Map<CheckPath, Integer> compare(LongFunction<String> histories) {
    Map<CheckPath, Integer> paths = new EnumMap<>(CheckPath.class);
    Map<Level, Integer> violated = new EnumMap<>(Level.class);
    for (long seed = 0; seed < SEEDS; seed++) {
      String text = histories.apply(seed);
      History h = HistoryDsl.parse(text);
      Map<Level, LevelResult> r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED);
      Map<Level, LevelResult> general = Pipelines.verifyGeneral(h, EnumSet.allOf(Level.class));
      for (Level level : Level.values()) {
        LevelResult l = r.get(level);
        boolean holds = BruteForceOracle.holds(h, level);
        String where = "seed " + seed + ", " + level + ", " + l.path() + "\n" + text
            + Describe.of(h) + l;
        assertEquals(holds ? Verdict.HOLDS : Verdict.VIOLATED, l.verdict(), where);
        assertEquals(l.verdict(), general.get(level).verdict(), where);
        if (holds) {
          assertNotNull(l.witness(), where);
        } else {
          assertTrue(!l.certificates().isEmpty(), where);
          violated.merge(level, 1, Integer::sum);
        }
        paths.merge(l.path().path(), 1, Integer::sum);
      }
    }
    for (Level level : Level.values()) {
      assertTrue(violated.getOrDefault(level, 0) > SEEDS / 10, level + ": " + violated);
    }
    return paths;
  }
}
