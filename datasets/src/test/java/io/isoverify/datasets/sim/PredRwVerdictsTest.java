package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.PredicateRwWorkload;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.testing.BruteForceOracle;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pred-rw workload (predicate reads of a group, then an insert into it or a predicate
 * delete) run by the simulated database at every level on a handful of rows, every run
 * checked by the brute-force oracle at SER, SI and SSER, which evaluates each predicate read
 * on the rows as the reader sees them (inserts create rows, deletes remove them), and by the
 * non-cycle checks. The sibling of engine's {@code BlindWPredVerdictsTest} (which also asks
 * the in-process verifier; datasets cannot depend on the engine): SSER runs hold every level,
 * SER runs SER and SI; SI runs hold SI and some of them are not serializable (two
 * transactions read one group and both insert into it: predicate write skew); RC runs are
 * sometimes not even SI. A non-cycle finding is always a violation of all three levels. Odd
 * seeds let the database retry failed validations (3 times), so retried attempts are checked
 * too.
 */
class PredRwVerdictsTest {
  private static final int SEEDS = 80;
  private static final int ROWS = 5;

  static History run(Isolation isolation, long seed) throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("pred-rw " + isolation + " " + seed);
    Simulator.run(new PredicateRwWorkload(1, 2, ROWS),
        Simulator.Config.of(3, 7, isolation, seed).withStaleness(20)
            .withConflictRetries((int) (seed % 2) * 3), sink);
    return sink.history();
  }

  @Test
  void everyLevelsRunsHoldWhatTheLevelPromisesByTheOracle() throws Exception {
    Map<Isolation, int[]> violatedAt = new EnumMap<>(Isolation.class);
    int inserts = 0;
    int deletes = 0;
    for (Isolation isolation : Isolation.values()) {
      int[] violated = new int[Level.values().length];
      violatedAt.put(isolation, violated);
      for (long seed = 0; seed < SEEDS; seed++) {
        History h = run(isolation, seed);
        String where = isolation + " seed " + seed;
        for (int o = 0; o < h.opCount(); o++) {
          inserts += h.opKind(o) == OpKind.INSERT ? 1 : 0;
          deletes += h.opKind(o) == OpKind.DELETE ? 1 : 0;
        }
        Map<Level, Boolean> holds = new EnumMap<>(Level.class);
        for (Level level : Level.values()) {
          holds.put(level, BruteForceOracle.holds(h, level));
          violated[level.ordinal()] += holds.get(level) ? 0 : 1;
        }
        NonCycleFindings f = NonCycleChecks.findings(h, 1);
        if (!f.clean()) {
          assertEquals(Map.of(Level.SER, false, Level.SI, false, Level.SSER, false), holds,
              where + ": a non-cycle finding " + f.counts() + " violates every level");
        }
        assertTrue(!holds.get(Level.SSER) || holds.get(Level.SER), where + ": SSER => SER");
        switch (isolation) {
          case SSER -> assertEquals(Map.of(Level.SER, true, Level.SI, true, Level.SSER, true),
              holds, where);
          case SER -> {
            assertTrue(holds.get(Level.SER) && holds.get(Level.SI), where + ": " + holds);
            assertTrue(f.clean(), where + ": " + f.counts());
          }
          case SI -> {
            assertTrue(holds.get(Level.SI), where + ": " + holds);
            assertTrue(f.clean(), where + ": " + f.counts());
          }
          default -> { }
        }
      }
    }
    assertTrue(inserts > SEEDS && deletes > SEEDS, inserts + " inserts, " + deletes + " deletes");
    int siNotSer = violatedAt.get(Isolation.SI)[Level.SER.ordinal()];
    assertTrue(siNotSer > 0, "SI never showed predicate write skew in " + SEEDS + " runs");
    assertTrue(violatedAt.get(Isolation.RC)[Level.SER.ordinal()] > 0,
        "RC never broke SER in " + SEEDS + " runs");
  }
}
