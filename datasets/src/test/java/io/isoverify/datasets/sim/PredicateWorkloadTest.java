package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.BlindWPredWorkload;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.check.Level;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.io.HistorySink;
import io.isoverify.history.io.JsonlHistoryReader;
import io.isoverify.history.io.JsonlHistorySink;
import io.isoverify.history.io.JsonlHistoryWriter;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistorySink;
import io.isoverify.history.testing.BruteForceOracle;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Vbox's BlindW-Pred on the simulated database: predicate reads and updates evaluated on the
 * rows the level lets a transaction see. Small runs (a handful of rows and transactions) are
 * checked by the brute-force oracle, which evaluates every predicate read on the rows as the
 * reader sees them in each serial order: runs under SER, SSER and SI satisfy their level, and
 * RC, which neither validates predicate reads nor snapshots them, makes histories that are
 * not serializable (so the check can fail). The history goes to Parquet and JSON Lines with
 * its predicates and row fields.
 */
class PredicateWorkloadTest {
  private static final int SEEDS = 150;

  private static History run(Isolation isolation, long seed, int transactions, int rows)
      throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("blindw-pred seed " + seed);
    Simulator.run(new BlindWPredWorkload(1, 2, rows),
        Simulator.Config.of(3, transactions, isolation, seed), sink);
    return sink.history();
  }

  @ParameterizedTest
  @EnumSource(value = Isolation.class, names = {"SER", "SSER", "SI"})
  void smallRunsSatisfyTheirLevelByBruteForce(Isolation isolation) throws Exception {
    Level level = Level.valueOf(isolation.name());
    int predicateReads = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = run(isolation, seed, 7, 5);
      for (int o = 0; o < h.opCount(); o++) {
        predicateReads += h.opKind(o) == OpKind.PREDICATE_READ ? 1 : 0;
      }
      assertTrue(BruteForceOracle.holds(h, level), isolation + " seed " + seed);
      if (isolation == Isolation.SSER) {
        assertTrue(BruteForceOracle.holds(h, Level.SER), "SSER implies SER, seed " + seed);
      }
    }
    assertTrue(predicateReads > SEEDS, "the runs have predicate reads: " + predicateReads);
  }

  @Test
  void readCommittedRunsAreNotAllSerializable() throws Exception {
    int violations = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      violations += BruteForceOracle.holds(run(Isolation.RC, seed, 7, 5), Level.SER) ? 0 : 1;
    }
    assertTrue(violations > 0, "RC never broke SER in " + SEEDS + " runs");
  }

  @Test
  void theLoaderWritesEveryRowAndPredicatesReturnWhatTheySay() throws Exception {
    History h = run(Isolation.SSER, 3, 40, 12);
    int rowWrites = 0;
    for (int o = 0; o < h.opCount(); o++) {
      rowWrites += h.writtenFields(o) != null && h.writtenFields(o).field().length == 2 ? 1 : 0;
    }
    assertEquals(12, rowWrites, "one loader transaction writes the 12 rows, whole");
    for (int o = 0; o < h.opCount(); o++) {
      if (h.opKind(o) == OpKind.PREDICATE_READ) {
        PredicateRead p = h.predicate(o);
        assertTrue(p.field() == 1 || p.field() == 2);
        assertTrue(p.low() >= 1 && p.high() <= 12 && p.low() <= p.high(), p.toString());
        for (int m = o + 1; m <= o + p.matched(); m++) {
          OpKind k = h.opKind(m);
          assertTrue(k == OpKind.READ || k == OpKind.WRITE, "match " + m + " is " + k);
        }
      }
    }
  }

  /** Parquet and JSON Lines carry the predicates and row fields: both read back the same. */
  @Test
  void parquetAndJsonLinesHoldTheWholeHistory(@TempDir Path dir) throws Exception {
    History built = run(Isolation.SER, 5, 60, 30);
    Path parquet = dir.resolve("h.parquet");
    Path jsonl = dir.resolve("h.jsonl");
    for (HistorySink sink : new HistorySink[] {new ParquetHistorySink(parquet),
        new JsonlHistorySink(jsonl)}) {
      try (sink) {
        Simulator.run(new BlindWPredWorkload(1, 2, 30),
            Simulator.Config.of(3, 60, Isolation.SER, 5), sink);
      }
    }
    String expected = canonical(built, dir.resolve("built.jsonl"));
    assertTrue(expected.contains("[\"pr\","), "the history has predicate reads");
    assertEquals(expected, canonical(ParquetHistoryReader.read(parquet), dir.resolve("p.jsonl")));
    assertEquals(expected, canonical(JsonlHistoryReader.read(jsonl), dir.resolve("j.jsonl")));
  }

  private static String canonical(History h, Path file) throws Exception {
    JsonlHistoryWriter.write(h, file);
    return Files.readString(file);
  }
}
