package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetTestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs the Spark stages treat differently from the in-process reader, with the same
 * findings: string session, key and value columns with transaction ids far apart (the
 * sparse transaction index), and transactions whose rows are split between part files (so
 * between tasks: several stretches of one transaction meet in the shuffle); and the
 * duplicate-write refusal, whose names come from the Parquet rows.
 */
class SparkStagesEdgeCaseTest {
  private static final String STRINGS = """
      message history {
        required binary session (STRING); required int64 txn; required int32 txn_pos;
        required int32 op_pos; required binary kind (STRING); optional binary key (STRING);
        optional binary value (STRING); required binary outcome (STRING);
      }""";
  /** Every non-cycle anomaly but the future read, on string keys and values. */
  private static final String[] ROWS = {
      "session=a txn=1000000000007 txn_pos=0 op_pos=0 kind=w key=x value=x1 outcome=committed",
      "session=a txn=1000000000007 txn_pos=0 op_pos=1 kind=w key=x value=x2 outcome=committed",
      "session=a txn=1000000000007 txn_pos=0 op_pos=2 kind=w key=y value=y1 outcome=committed",
      "session=b txn=3 txn_pos=0 op_pos=0 kind=r key=x value=x1 outcome=committed",
      "session=b txn=3 txn_pos=0 op_pos=1 kind=r key=z value=ghost outcome=committed",
      "session=a txn=42 txn_pos=1 op_pos=0 kind=w key=z value=z1 outcome=aborted",
      "session=c txn=9 txn_pos=0 op_pos=0 kind=r key=z value=z1 outcome=committed",
      "session=c txn=9 txn_pos=0 op_pos=1 kind=r key=y value=y1 outcome=committed",
      "session=c txn=9 txn_pos=0 op_pos=2 kind=r key=y outcome=committed",
      "session=c txn=10 txn_pos=1 op_pos=0 kind=w key=x value=x3 outcome=committed",
      "session=c txn=10 txn_pos=1 op_pos=1 kind=r key=x value=x2 outcome=committed",
      "session=b txn=11 txn_pos=1 op_pos=0 kind=w key=y value=y2 outcome=committed",
      "session=b txn=11 txn_pos=1 op_pos=1 kind=w key=y value=y3 outcome=committed",
      "session=b txn=11 txn_pos=1 op_pos=2 kind=r key=y value=y2 outcome=committed",
      "session=d txn=12 txn_pos=0 op_pos=0 kind=r key=x value=x2 outcome=unknown",
      "session=d txn=12 txn_pos=0 op_pos=1 kind=w key=w value=w1 outcome=unknown",
      "session=d txn=12 txn_pos=0 op_pos=2 kind=r key=q value=nobody outcome=unknown",
      "session=e txn=13 txn_pos=0 op_pos=0 kind=r key=w value=w1 outcome=committed",
  };

  /** What {@link #ROWS} hold. */
  private static final Map<Anomaly, Long> FOUND = Map.of(Anomaly.INTERMEDIATE_READ, 1L,
      Anomaly.THIN_AIR_READ, 2L, Anomaly.ABORTED_READ, 1L, Anomaly.NON_REPEATABLE_READ, 1L,
      Anomaly.NOT_MY_OWN_WRITE, 1L, Anomaly.NOT_MY_LAST_WRITE, 1L);

  @TempDir Path dir;

  @Test
  void stringColumnsAndSparseTransactionIds() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("s.parquet"), STRINGS, ROWS);
    SparkRun run = check(f);
    NonCycleFindings expected = sameAsInProcess(f, run);
    assertEquals(FOUND, expected.counts(),
        "the unknown T12 counts (T13 read its write): its thin-air read too");
  }

  /**
   * The same history with 32-bit integer sessions, keys and values, and with binary columns
   * that are not annotated as strings: the stages read their cells by type (KeyRows,
   * OpRowFields), and find what the in-process reader finds.
   */
  @Test
  void integerAndUnannotatedBinaryColumns() throws Exception {
    Map<String, String> numbers = new java.util.HashMap<>();
    String[] ints = new String[ROWS.length];
    for (int i = 0; i < ROWS.length; i++) {
      StringBuilder row = new StringBuilder();
      for (String cell : ROWS[i].split(" ")) {
        String[] kv = cell.split("=");
        boolean coded = Set.of("session", "key", "value").contains(kv[0]);
        String v = coded ? numbers.computeIfAbsent(kv[1], x -> String.valueOf(numbers.size() + 7))
            : kv[1];
        row.append(row.length() == 0 ? "" : " ").append(kv[0]).append('=').append(v);
      }
      ints[i] = row.toString();
    }
    Path f = ParquetTestFiles.write(dir.resolve("i.parquet"), STRINGS
        .replace("binary session (STRING)", "int32 session")
        .replace("binary key (STRING)", "int32 key")
        .replace("binary value (STRING)", "int32 value"), ints);
    Path b = ParquetTestFiles.write(dir.resolve("b.parquet"), STRINGS
        .replace("binary session (STRING)", "binary session")
        .replace("binary key (STRING)", "binary key")
        .replace("binary value (STRING)", "binary value"), ROWS);
    for (Path p : List.of(f, b)) {
      assertEquals(FOUND, sameAsInProcess(p, check(p)).counts(), p.toString());
    }
  }

  @Test
  void transactionsSplitBetweenPartFiles() throws Exception {
    Path whole = ParquetTestFiles.write(dir.resolve("whole.parquet"), STRINGS, ROWS);
    Path parts = Files.createDirectory(dir.resolve("parts"));
    // part 0 ends and part 1 starts in the middle of T1000000000007, T9 and T11
    int[] cuts = {0, 1, 7, 12, ROWS.length};
    for (int p = 0; p + 1 < cuts.length; p++) {
      ParquetTestFiles.write(parts.resolve("part-" + p + ".parquet"), STRINGS,
          Arrays.copyOfRange(ROWS, cuts[p], cuts[p + 1]));
    }
    SparkRun run = check(parts);
    History h = ParquetHistoryReader.read(whole);
    NonCycleFindings expected = NonCycleChecks.findings(h, 100);
    LevelReport l = run.levels().get(0);
    assertEquals(h.txnCount(), run.transactions());
    assertEquals(h.opCount(), run.operations());
    assertEquals(expected.counts(), l.counts());
    assertEquals(SparkEngineDifferentialTest.show(h, expected.examples()),
        SparkEngineDifferentialTest.show(run.excerpt().history(), l.certificates()));
  }

  @Test
  void theLowestDuplicateAppendIsRefusedInTheSameWords() throws Exception {
    String[] rows = Arrays.copyOf(ROWS, ROWS.length + 2);
    rows[ROWS.length] = "session=f txn=20 txn_pos=0 op_pos=0 kind=w key=y value=y3 outcome=aborted";
    rows[ROWS.length + 1] = "session=f txn=20 txn_pos=0 op_pos=1 kind=app key=x value=x1 outcome=aborted";
    Path f = ParquetTestFiles.write(dir.resolve("d.parquet"), STRINGS, rows);
    History h = ParquetHistoryReader.read(f);
    String expected = new InProcessVerifier(VerifierOptions.defaults())
        .verify(h, Set.of(Level.SER)).get(Level.SER).reason();
    LevelReport l = check(f).levels().get(0);
    assertEquals(Verdict.UNKNOWN, l.verdict());
    assertEquals(expected, l.reason());
  }

  private SparkRun check(Path f) throws Exception {
    return new SparkEngine(TestSpark.session(), 100, ProgressListener.NONE).check(f.toString(), f.toString(), List.of(Level.SER));
  }

  private static NonCycleFindings sameAsInProcess(Path f, SparkRun run) throws Exception {
    History h = ParquetHistoryReader.read(f);
    NonCycleFindings expected = NonCycleChecks.findings(h, 100);
    LevelReport l = run.levels().get(0);
    assertEquals(Verdict.VIOLATED, l.verdict());
    assertEquals(expected.counts(), l.counts());
    assertEquals(SparkEngineDifferentialTest.show(h, expected.examples()),
        SparkEngineDifferentialTest.show(run.excerpt().history(), l.certificates()));
    assertEquals(Stream.of(h.keys().size(), h.sessionCount()).toList(),
        Stream.of((int) run.keys(), (int) run.sessions()).toList());
    return expected;
  }
}
