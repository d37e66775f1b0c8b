package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.engine.RandomListHistories;
import io.isoverify.engine.RunReport;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.History;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.formats.HistoryFormat;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.spark.stages.GraphInputStage;
import io.isoverify.spark.stages.HistoryStage;
import io.isoverify.spark.stages.KeyStage;
import io.isoverify.spark.stages.ListStage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark engine's list-append checks (Elle) against the in-process engine on
 * {@value #SEEDS} small random list-append histories (engine's {@link RandomListHistories},
 * fixed seeds: corrupted lists, aborted and unknown outcomes), side by side in one history so
 * that one Spark run covers them all. The Spark stages give the polygraph input of the
 * in-process engine, list orders included (so every part, decided alone by the same graph
 * code, gets the same verdict); both engines give the same verdict, counts and certificates
 * on the union of all of them (list findings) and on the union of those without non-cycle
 * findings (cycles).
 */
class SparkListAppendDifferentialTest {
  private static final int SEEDS = 400;

  @TempDir Path dir;

  @Test
  void randomListAppendHistoriesGiveTheSameResultsOnBothEngines() throws Exception {
    List<History> all = new ArrayList<>();
    List<History> clean = new ArrayList<>();
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = RandomListHistories.of(seed);
      all.add(h);
      if (NonCycleChecks.findings(h, 1).clean()) {
        clean.add(h);
      }
    }
    Path file = dir.resolve("lists.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(all), file);
    History h = ParquetHistoryReader.read(file);

    SparkSession spark = TestSpark.session();
    HistoryStage.Result read = HistoryStage.run(spark, file.toString(), file.toString());
    KeyStage.Result keys = KeyStage.run(spark, read, 100);
    ListStage.Result lists = ListStage.run(keys, read.txns(), 100);
    assertTrue(lists.secondPass() > 0,
        "some key's longest list is an unknown outcome's: the second pass runs");
    GraphInputStage.Arrays arrays = SparkEngineDifferentialTest.byHistoryValues(h,
        GraphInputStage.run(keys, read.txns().count(), lists.lists()));
    assertTrue(PolygraphInput.of(h).sameAs(GraphPhase.input(read.txns(), keys.keyCount(), arrays)),
        "the Spark stages give the polygraph input of the in-process engine, list orders included");

    RunReport findings = EngineContractTest.assertSame("list findings", file, HistoryFormat.PARQUET);
    assertEquals(Verdict.VIOLATED, findings.levels().get(0).verdict());
    assertTrue(findings.levels().get(0).counts().size() >= 4, findings.levels().get(0).counts()
        + ": list and register findings of several kinds");

    Path cycles = dir.resolve("clean.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(clean), cycles);
    RunReport search = EngineContractTest.assertSame("list cycles", cycles, HistoryFormat.PARQUET);
    assertEquals(Verdict.VIOLATED, search.levels().get(0).verdict());
  }
}
