package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.sim.RandomHistories;
import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.spark.stages.GraphInputStage;
import io.isoverify.spark.stages.HistoryStage;
import io.isoverify.spark.stages.KeyStage;
import io.isoverify.spark.stages.ListStage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark engine against the in-process checks on the same Parquet files: random
 * histories from the simulated database (fixed seeds), several hundred of them side by
 * side in one history so that one Spark run covers them all.
 */
class SparkEngineDifferentialTest {
  private static final int EXAMPLES = 100;

  @TempDir Path dir;

  @Test
  void threeHundredRandomHistoriesGiveTheSameFindings() throws Exception {
    List<History> parts = new ArrayList<>();
    for (long seed = 1; seed <= 300; seed++) {
      Level level = seed % 2 == 0 ? Level.SER : Level.SI;
      parts.add(RandomHistories.candidate(seed, level).history());
    }
    Path file = dir.resolve("union.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(parts), file);
    History h = ParquetHistoryReader.read(file);
    NonCycleFindings expected = NonCycleChecks.findings(h, EXAMPLES);
    assertTrue(expected.duplicate() == null && !expected.clean(),
        "the seeds give non-cycle anomalies and no duplicate write: " + expected.counts());

    SparkRun run = new SparkEngine(TestSpark.session(), EXAMPLES, ProgressListener.NONE)
        .check(file.toString(), file.toString(), List.of(Level.SER, Level.SI));
    assertEquals(h.txnCount(), run.transactions());
    assertEquals(h.opCount(), run.operations());
    assertEquals(h.sessionCount(), run.sessions());
    assertEquals(h.keys().size(), run.keys());
    for (LevelReport l : run.levels()) {
      assertEquals(Verdict.VIOLATED, l.verdict());
      assertEquals(expected.counts(), l.counts());
      assertEquals(show(h, expected.examples()), show(run.excerpt().history(), l.certificates()));
    }
  }

  @Test
  void cycleVerdictsAndGraphInputMatchTheInProcessVerifier() throws Exception {
    List<History> parts = new ArrayList<>();
    for (long seed = 1; seed <= 60; seed++) {
      parts.add(RandomHistories.valid(seed, Level.SER));
    }
    // one history that only a cycle search finds wrong
    for (long seed = 1; ; seed++) {
      History c = RandomHistories.candidate(seed, Level.SER).history();
      if (NonCycleChecks.findings(c, 1).clean() && new InProcessVerifier(VerifierOptions.defaults())
          .verify(c, Set.of(Level.SER)).get(Level.SER).verdict() == Verdict.VIOLATED) {
        parts.add(c);
        break;
      }
    }
    Path file = dir.resolve("cycles.parquet");
    ParquetHistoryWriter.write(HistoryUnion.of(parts), file);
    History h = ParquetHistoryReader.read(file);
    Map<Level, LevelResult> expected = new InProcessVerifier(VerifierOptions.defaults())
        .verify(h, Set.of(Level.SER, Level.SI));

    SparkSession spark = TestSpark.session();
    HistoryStage.Result read = HistoryStage.run(spark, file.toString(), file.toString());
    KeyStage.Result keys = KeyStage.run(spark, read, EXAMPLES);
    GraphInputStage.Arrays arrays = byHistoryValues(h, GraphInputStage.run(keys,
        read.txns().count(), ListStage.run(keys, read.txns(), EXAMPLES).lists()));
    assertTrue(PolygraphInput.of(h).sameAs(GraphPhase.input(read.txns(), keys.keyCount(), arrays)),
        "the Spark stages give the polygraph input of the in-process engine");

    SparkRun run = new SparkEngine(spark, EXAMPLES, ProgressListener.NONE)
        .check(file.toString(), file.toString(), List.of(Level.SER, Level.SI));
    for (LevelReport l : run.levels()) {
      assertEquals(expected.get(l.level()).verdict(), l.verdict(), l.level() + ": " + l.reason());
    }
    assertEquals(Verdict.VIOLATED, run.levels().get(0).verdict());
  }

  /**
   * The Spark arrays with History's value codes: a Spark value code is the id of an
   * operation that carries the value, so History's code is that operation's value. The
   * writes are sorted again by (key, History's value, transaction).
   */
  static GraphInputStage.Arrays byHistoryValues(History h, GraphInputStage.Arrays a) {
    int w = a.writeKey().length;
    long[] sortKey = new long[w];
    for (int i = 0; i < w; i++) {
      sortKey[i] = ((long) a.writeKey()[i] << 32) | h.opValue(a.writeValue()[i]);
    }
    int[] order = IndexSort.byKey(sortKey, w);
    int[] key = new int[w];
    int[] value = new int[w];
    int[] txn = new int[w];
    for (int i = 0; i < w; i++) {
      key[i] = a.writeKey()[order[i]];
      value[i] = h.opValue(a.writeValue()[order[i]]);
      txn[i] = a.writeTxn()[order[i]];
    }
    int[] readValue = a.readValue().clone();
    for (int r = 0; r < readValue.length; r++) {
      readValue[r] = readValue[r] < 0 ? readValue[r] : h.opValue(readValue[r]);
    }
    return new GraphInputStage.Arrays(key, value, txn, a.readStart(), a.readKey(), readValue,
        a.readWriter(), a.listOrderStart(), a.listOrderTxn(), a.listKey(), a.internalReads(),
        a.overwrittenWrites());
  }

  /**
   * Certificates as comparable text, whatever history their ids refer to (the whole one, a
   * Spark run's excerpt): every field by the names the file gives (transactions by id, keys
   * and values by name, operations as transaction and position), and the summary.
   */
  static List<String> show(History h, List<Certificate> certs) {
    return certs.stream().map(c -> c.anomaly() + " txns="
        + Arrays.stream(c.txns()).mapToObj(h::showTxn).toList() + " keys="
        + Arrays.stream(c.keys()).mapToObj(h::showKey).toList() + " ops="
        + Arrays.stream(c.ops()).mapToObj(o -> op(h, o)).toList() + " edges="
        + c.edges().stream().map(e -> CertificateSummary.edge(h, e)).toList()
        + " " + CertificateSummary.of(h, c)).toList();
  }

  private static String op(History h, int o) {
    int t = 0;
    while (h.endOp(t) <= o) {
      t++;
    }
    return h.showTxn(t) + "#" + (o - h.firstOp(t));
  }
}
