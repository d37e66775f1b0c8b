package io.isoverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.cli.VerifyCommand;
import io.isoverify.spark.engine.TestSpark;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/verify --engine spark: the in-process command's verdict and certificate lines, progress only on stderr. */
class SparkEngineCommandTest {
  @TempDir Path dir;

  record Run(int code, String out, String err) {}

  private static Run verify(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = VerifyCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void sameVerdictLinesAsInProcessAndNothingFromSparkOnTheTerminal() throws Exception {
    Path h = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(HistoryDsl.parse("""
        a: [w x 1]! [r y init]
        b: [r x 1; w y 2]
        """), h);
    TestSpark.session();
    Run spark = verify("--engine", "spark", "--level", "SER", "--level", "SI", h.toString());
    Run local = verify("--engine", "inprocess", "--level", "SER", "--level", "SI", h.toString());
    assertEquals(1, spark.code(), spark.err());
    assertEquals(local.code(), spark.code());
    assertEquals(lines(local.out()), lines(spark.out()));
    assertTrue(spark.out().contains("SER   VIOLATED  1 anomaly (AbortedRead 1)"), spark.out());
    assertTrue(spark.err().lines().allMatch(l -> l.startsWith("spark: ")),
        "only progress lines on stderr, no Spark logging: " + spark.err());
  }

  @Test
  void reportFilesOfBadInputAreNotWritten() throws Exception {
    Path h = dir.resolve("h.parquet");
    java.nio.file.Files.writeString(h, "not parquet");
    Path out = dir.resolve("out");
    Run r = verify("--engine", "spark", "--out", out.toString(), h.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("error: " + h + ": "), r.err());
    assertTrue(!java.nio.file.Files.exists(out), "nothing is written to --out");
  }

  /** Verdict and certificate lines, without times and numbering. */
  private static List<String> lines(String text) {
    return text.lines().filter(l -> l.startsWith("SER ") || l.startsWith("SI ") || l.startsWith("      ["))
        .map(l -> l.replaceAll(" \\(\\d+\\.\\d+ s\\)$", "").replaceAll("^      \\[\\d+\\] ", "      "))
        .toList();
  }
}
