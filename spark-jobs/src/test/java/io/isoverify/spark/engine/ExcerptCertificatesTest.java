package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.checker.CycleCheck;
import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.HistoryDsl;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark run's certificates restated on the excerpt: cycles with values and operations, as
 * the in-process engine states them, accepted by the independent checker; non-cycle ones by
 * name on the excerpt's ids; the excerpt holds only the transactions mentioned.
 */
class ExcerptCertificatesTest {
  @TempDir Path dir;

  @Test
  void cycleCertificatesCarryOperationsAndPassTheIndependentCheck() throws Exception {
    // A lost update (T1, T3) of T5's x = 5 and a write skew (T2, T4); T6 is in no certificate,
    // T5 only as the writer of the value an RW edge reads. T6 reads three keys, so the
    // history takes the general path, whose SER search shows the write skew.
    History h = HistoryDsl.parse("""
        a: [r x 5; w x 10] [r y init; r z init; w y 7]
        b: [r x 5; w x 20] [r y init; r z init; w z 7]
        c: [w x 5] [r q init; r y init; r z init]
        """);
    Path file = dir.resolve("cycles.parquet");
    ParquetHistoryWriter.write(h, file);
    SparkRun run = new SparkEngine(TestSpark.session(), 100, ProgressListener.NONE).check(file.toString(), file.toString(),
        List.of(Level.SER, Level.SI));
    Excerpt x = run.excerpt();
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L), ids(x.history()));
    Map<Level, LevelResult> inProcess = new InProcessVerifier(VerifierOptions.defaults())
        .verify(h, EnumSet.of(Level.SER, Level.SI));
    for (LevelReport l : x.levels()) {
      List<Certificate> expected = inProcess.get(l.level()).certificates();
      assertEquals(expected.size(), l.certificates().size(), l.level().name());
      for (int i = 0; i < expected.size(); i++) {
        Certificate c = l.certificates().get(i);
        String said = CertificateSummary.of(x.history(), c);
        assertTrue(c.ops().length > 0, said);
        assertTrue(CycleCheck.check(x.history(), l.level(), c.edges()).valid(), said);
        assertEquals(CertificateSummary.of(h, expected.get(i)), said);
        assertEquals(expected.get(i).edges().size(), c.edges().size());
        assertEquals(Arrays.toString(txnIds(h, expected.get(i).txns())),
            Arrays.toString(txnIds(x.history(), c.txns())));
      }
    }
    assertTrue(x.recheck().startsWith("2 cycle certificate(s) re-checked by the independent checker on the 5 "),
        x.recheck());
  }

  @Test
  void nonCycleCertificatesAreRestatedByName() throws Exception {
    History h = HistoryDsl.parse("""
        a: [w k 5] [w k 6]!
        b: [r k 5] [r k 6]
        """);
    Path file = dir.resolve("aborted.parquet");
    ParquetHistoryWriter.write(h, file);
    SparkRun run = new SparkEngine(TestSpark.session(), 100, ProgressListener.NONE).check(file.toString(), file.toString(),
        List.of(Level.SER));
    Excerpt x = run.excerpt();
    Certificate c = x.levels().get(0).certificates().get(0);
    assertEquals("[4, 2]", Arrays.toString(txnIds(x.history(), c.txns())));
    Certificate expected = NonCycleChecks.check(h).get(0);
    assertEquals(CertificateSummary.of(h, expected), CertificateSummary.of(x.history(), c));
    assertEquals(ops(h, expected.ops()), ops(x.history(), c.ops()));
  }

  @Test
  void aRunWithoutCertificatesHasNoExcerpt() throws Exception {
    Path file = dir.resolve("fine.parquet");
    ParquetHistoryWriter.write(HistoryDsl.parse("a: [w x 1]\nb: [r x 1]"), file);
    Excerpt x = new SparkEngine(TestSpark.session(), 100, ProgressListener.NONE).check(file.toString(), file.toString(),
        List.of(Level.SER)).excerpt();
    assertNull(x.history());
    assertEquals("no certificates to re-check", x.recheck());
  }

  private static List<Long> ids(History h) {
    return java.util.stream.IntStream.range(0, h.txnCount()).mapToObj(h::txnId).toList();
  }

  /** Operations by what they are: "T4 r k 6". */
  private static List<String> ops(History h, int[] ops) {
    List<String> out = new java.util.ArrayList<>();
    for (int o : ops) {
      int t = 0;
      while (h.endOp(t) <= o) {
        t++;
      }
      out.add(h.showTxn(t) + " " + h.opKind(o).code() + " " + h.showKey(h.opKey(o)) + " "
          + h.showValue(h.opValue(o)));
    }
    return out;
  }

  private static long[] txnIds(History h, int[] txns) {
    return Arrays.stream(txns).mapToLong(t -> t < 0 ? -1 : h.txnId(t)).toArray();
  }
}
