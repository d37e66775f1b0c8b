package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.engine.RandomPredicateHistories;
import io.isoverify.engine.RunReport;
import io.isoverify.history.History;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.PredicateObservations;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.formats.HistoryFormat;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.spark.stages.HistoryStage;
import io.isoverify.spark.stages.KeyStage;
import io.isoverify.spark.stages.PredicateStage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark engine's predicate reads (vbox) against the in-process engine on {@value #SEEDS}
 * small random predicate histories (engine's {@link RandomPredicateHistories}, fixed seeds:
 * inserts, deletes, updates of one field, aborts, corrupted results, client timestamps),
 * side by side in one history. {@link PredicateStage} gives exactly the observations the
 * in-process engine computes on the whole history (through Spark SQL, and through the whole
 * history read on the driver, {@link PredicateStage#wholeHistory}), for every level and for SSER (readers,
 * keys, operations, candidates, virtual keys, mismatches, what is left unchecked); both
 * engines give the same verdict, counts and certificates on the union (mismatches found
 * without search) and on the union of the parts without them (cycles through predicate
 * reads).
 */
class SparkPredicateDifferentialTest {
  private static final int SEEDS = 300;

  @TempDir Path dir;

  @Test
  void randomPredicateHistoriesGiveTheSameResultsOnBothEngines() throws Exception {
    List<History> all = new ArrayList<>();
    List<History> clean = new ArrayList<>();
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = RandomPredicateHistories.of(seed);
      all.add(h);
      if (PredicateObservations.of(h).addedTo(NonCycleChecks.findings(h, 1), 1).clean()) {
        clean.add(h);
      }
    }
    Path file = dir.resolve("predicates.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(all), file);
    History h = ParquetHistoryReader.read(file);

    SparkSession spark = TestSpark.session();
    HistoryStage.Result read = HistoryStage.run(spark, file.toString(), file.toString());
    KeyStage.Result keys = KeyStage.run(spark, read, 100);
    PredicateStage.Result p = PredicateStage.run(spark, read, keys);
    assertEquals(h.predicates().size(), p.predicateReads());
    // one local file: the engine reads it whole on the driver instead (its ids checked there)
    History whole = PredicateStage.wholeHistory(read, keys);
    assertNotNull(whole, "one local file is read whole");
    assertSameObservations(h, PredicateObservations.of(h), PredicateObservations.of(whole));
    assertSameObservations(h, PredicateObservations.realTime(h),
        PredicateObservations.realTime(whole));
    assertSameObservations(h, PredicateObservations.of(h), p.plain());
    assertSameObservations(h, PredicateObservations.realTime(h), p.realTime());
    assertTrue(p.plain().count() > 100 && p.plain().virtualKeyCount() > 0
        && p.realTime().count() < p.plain().count(), p.plain().count() + " observations, "
        + p.plain().virtualKeyCount() + " virtual keys, " + p.realTime().count() + " under real time");

    RunReport findings = EngineContractTest.assertSame("predicate findings", file, HistoryFormat.PARQUET);
    assertEquals(Verdict.VIOLATED, findings.levels().get(0).verdict());
    Path cycles = dir.resolve("clean.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(clean), cycles);
    RunReport search = EngineContractTest.assertSame("predicate cycles", cycles, HistoryFormat.PARQUET);
    assertTrue(search.levels().stream().anyMatch(l -> l.certificates().stream()
        .anyMatch(c -> c.anomaly().isCycle())), "some level has a cycle certificate");
  }

  /** Everything the graph and the non-cycle checks read of the observations. */
  private static void assertSameObservations(History h, PredicateObservations want,
      PredicateObservations got) {
    assertEquals(want.count(), got.count(), "observations");
    for (int i = 0; i < want.count(); i++) {
      String at = "observation " + i;
      assertEquals(want.reader(i), got.reader(i), at);
      assertEquals(want.key(i), got.key(i), at);
      assertEquals(want.op(i), got.op(i), at);
      assertEquals(want.candEnd(i) - want.candStart(i), got.candEnd(i) - got.candStart(i), at);
      for (int c = 0; c < want.candEnd(i) - want.candStart(i); c++) {
        assertEquals(want.candTxn(want.candStart(i) + c), got.candTxn(got.candStart(i) + c), at);
      }
    }
    assertEquals(want.virtualKeyCount(), got.virtualKeyCount(), "virtual keys");
    for (int v = 0; v < want.virtualKeyCount(); v++) {
      int k = h.keys().size() + v;
      assertEquals(want.realKey(k), got.realKey(k), "virtual key " + v);
      assertArrayEquals(want.virtualWriters(v), got.virtualWriters(v), "virtual key " + v);
    }
    assertEquals(want.unchecked(), got.unchecked());
    assertEquals(want.firstUnchecked(), got.firstUnchecked());
    NonCycleFindings none = new NonCycleFindings(List.of(), Map.of(), null);
    NonCycleFindings w = want.addedTo(none, Integer.MAX_VALUE);
    NonCycleFindings g = got.addedTo(none, Integer.MAX_VALUE);
    assertEquals(w.counts(), g.counts(), "mismatches");
    assertEquals(SparkEngineDifferentialTest.show(h, w.examples()),
        SparkEngineDifferentialTest.show(h, g.examples()), "mismatches");
  }
}
