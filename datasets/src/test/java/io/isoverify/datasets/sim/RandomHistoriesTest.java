package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.io.JsonlHistoryWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RandomHistoriesTest {
  private static final int SEEDS = 150;

  @ParameterizedTest
  @EnumSource(Level.class)
  void validHistoriesSatisfyTheirLevelAndStayWithinTheShape(Level level) {
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = RandomHistories.valid(seed, level);
      assertTrue(BruteForceOracle.satisfies(h, level), level + " seed " + seed);
      assertTrue(NonCycleChecks.findings(h, 1).clean(), level + " seed " + seed);
      assertTrue(h.txnCount() <= 8, "seed " + seed);
      assertTrue(h.sessionCount() <= 5 && h.keys().size() <= 4, "seed " + seed);
      for (int s = 0; s < h.sessionCount(); s++) {
        assertTrue(h.endTxnOfSession(s) - h.firstTxnOfSession(s) <= 4, "seed " + seed);
      }
      for (int t = 0; t < h.txnCount(); t++) {
        int ops = h.endOp(t) - h.firstOp(t);
        assertTrue(ops >= 1 && ops <= 4, "seed " + seed);
      }
    }
  }

  /** SER's stale read-only snapshots make some histories SER but not SSER. */
  @Test
  void someSerHistoriesAreNotStrict() {
    int notStrict = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = RandomHistories.valid(seed, Level.SER);
      notStrict += BruteForceOracle.satisfies(h, Level.SSER) ? 0 : 1;
    }
    assertTrue(notStrict > 0);
  }

  /** Snapshot isolation lets write skew through: some SI histories are not serializable. */
  @Test
  void someSiHistoriesAreNotSerializable() {
    int notSer = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      notSer += BruteForceOracle.satisfies(RandomHistories.valid(seed, Level.SI), Level.SER)
          ? 0 : 1;
    }
    assertTrue(notSer > 0);
  }

  @Test
  void sameSeedSameHistory(@TempDir Path dir) throws Exception {
    JsonlHistoryWriter.write(RandomHistories.valid(77, Level.SI), dir.resolve("a.jsonl"));
    JsonlHistoryWriter.write(RandomHistories.valid(77, Level.SI), dir.resolve("b.jsonl"));
    JsonlHistoryWriter.write(RandomHistories.valid(78, Level.SI), dir.resolve("c.jsonl"));
    String a = Files.readString(dir.resolve("a.jsonl"));
    assertEquals(a, Files.readString(dir.resolve("b.jsonl")));
    assertNotEquals(a, Files.readString(dir.resolve("c.jsonl")));
  }

  /** Candidates change one thing; many of them break the level, as the oracle says. */
  @ParameterizedTest
  @EnumSource(Level.class)
  void candidatesAreOneChangeAwayAndOftenInvalid(Level level) {
    int changed = 0;
    int invalid = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      RandomHistories.Candidate c = RandomHistories.candidate(seed, level);
      if (!c.change().equals("none")) {
        changed++;
        assertTrue(c.change().startsWith("T"), c.change());
      }
      invalid += BruteForceOracle.satisfies(c.history(), level) ? 0 : 1;
    }
    assertTrue(changed > SEEDS * 9 / 10, "changed " + changed);
    assertTrue(invalid > SEEDS / 4, "invalid " + invalid);
  }

  @Test
  void readInitialCandidateReadsTheInitialState() {
    for (long seed = 0; seed < SEEDS; seed++) {
      RandomHistories.Candidate c = RandomHistories.candidate(seed, Level.SER);
      if (!c.change().contains("= init instead of")) {
        continue;
      }
      // "T<id> operation <i> reads key <k> = init instead of <v>"
      String[] w = c.change().split(" ");
      History h = c.history();
      int t = Patterns.txnIndex(h, Long.parseLong(w[0].substring(1)));
      int op = h.firstOp(t) + Integer.parseInt(w[2]);
      assertEquals(History.INITIAL, h.opValue(op));
      assertEquals(Long.parseLong(w[5]), h.keys().longValue(h.opKey(op)));
      return;
    }
    throw new AssertionError("no seed made a read-initial candidate");
  }
}
