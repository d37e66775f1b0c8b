package io.isoverify.cli;

import io.isoverify.report.ReportFiles;
import io.isoverify.report.ReportFilesTest;
import io.isoverify.report.SchemaSubset;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.cli.VerifyCommand;
import io.isoverify.spark.engine.SparkLog;
import io.isoverify.spark.engine.TestSpark;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/verify --engine spark --out: the same report files as the in-process run on the same
 * file (a lost update and a write skew; T5 reads three keys, so the history is not one of
 * mini-transactions and takes the general path: EngineContractTest holds both engines to the
 * same results on the mini-transaction path), up to timings and the re-check line, and Spark's
 * log named on stderr.
 */
class SparkReportFilesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  static Path input;
  static Run spark;
  static Run local;

  record Run(int code, String out, String err, Path folder) {}

  @BeforeAll
  static void runBoth() throws Exception {
    input = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(HistoryDsl.parse("""
        a: [r x init; w x 1] [r y init; r z init; w y 1]
        b: [r x init; w x 2] [r y init; r z init; w z 1]
        c: [r x 2; r y init; r z init]
        """), input);
    TestSpark.session();
    spark = verify("spark");
    local = verify("inprocess");
  }

  private static Run verify(String engine) {
    Path folder = dir.resolve(engine);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = VerifyCommand.run(new String[] {"--engine", engine, "--level", "SER", "--level", "SI",
        "--out", folder.toString(), input.toString()},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), folder);
  }

  @Test
  void reportJsonIsValidAndEqualsTheInProcessOneUpToTimings() throws Exception {
    assertEquals(1, spark.code(), spark.err());
    JsonNode s = JSON.readTree(spark.folder().resolve(ReportFiles.JSON).toFile());
    JsonNode l = JSON.readTree(local.folder().resolve(ReportFiles.JSON).toFile());
    assertEquals(List.of(), SchemaSubset.validate(ReportFilesTest.schema(), s));
    assertEquals(withoutTimings(l), withoutTimings(s));
    JsonNode ser = s.get("levels").get(0);
    // As in process: SER shows the write skew (its search stops at the first cycle), SI the lost update.
    assertEquals("{\"G2-item\":1}", ser.get("anomaly_counts").toString(), s.toString());
    assertEquals("[[2,4]]", transactions(ser), "the write skew T2, T4");
    JsonNode si = s.get("levels").get(1);
    assertEquals("{\"G-single\":1}", si.get("anomaly_counts").toString());
    assertEquals("[[1,3]]", transactions(si), "the lost update T1, T3");
    assertEquals("[{\"transaction\":1,\"kind\":\"r\",\"key\":\"x\",\"value\":\"init\"},"
        + "{\"transaction\":1,\"kind\":\"w\",\"key\":\"x\",\"value\":\"1\"},"
        + "{\"transaction\":3,\"kind\":\"r\",\"key\":\"x\",\"value\":\"init\"},"
        + "{\"transaction\":3,\"kind\":\"w\",\"key\":\"x\",\"value\":\"2\"}]",
        si.get("anomalies").get(0).get("operations").toString());
    assertTrue(s.get("recheck").asText().startsWith("2 cycle certificate(s) re-checked by the independent checker"),
        s.get("recheck").asText());
    assertTrue(s.get("phases_ms").has("excerpt"), s.toString());
  }

  @Test
  void textReportsEqualTheInProcessOnesUpToTimings() throws Exception {
    assertEquals(withoutTimings(local.out()), withoutTimings(spark.out()));
    assertEquals(withoutTimings(Files.readString(local.folder().resolve(ReportFiles.TEXT))),
        withoutTimings(Files.readString(spark.folder().resolve(ReportFiles.TEXT))));
    assertEquals(files(local.folder()), files(spark.folder()));
  }

  @Test
  void sparkLogFileIsNamedOnStderr() {
    Path log = SparkLog.file();
    assertEquals("spark: Spark's own log (warnings and errors) goes to " + log,
        spark.err().lines().findFirst().orElse(""));
    assertTrue(spark.err().lines().allMatch(line -> line.startsWith("spark: ") || line.startsWith("verify: ")),
        spark.err());
    assertTrue(Files.isRegularFile(log), log + " exists");
  }

  private static String transactions(JsonNode level) {
    StringBuilder s = new StringBuilder("[");
    for (JsonNode a : level.get("anomalies")) {
      s.append(s.length() > 1 ? "," : "").append(a.get("transactions"));
    }
    return s.append(']').toString();
  }

  private static JsonNode withoutTimings(JsonNode report) {
    ObjectNode r = report.deepCopy();
    r.remove(List.of("phases_ms", "recheck"));
    r.get("levels").forEach(level -> ((ObjectNode) level).remove("elapsed_ms"));
    return r;
  }

  /** The text without "(0.12 s)" timings and the Re-check line, which say how each engine ran. */
  private static String withoutTimings(String text) {
    return text.replaceAll("\\(\\d+\\.\\d+ s\\)", "(T s)").replaceAll("(?m)^Re-check: .*\\n", "");
  }

  private static List<String> files(Path folder) throws Exception {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
