package io.isoverify.cli;

import static io.isoverify.cli.CliRun.verify;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.cli.VerifyCommand;
import io.isoverify.spark.engine.SparkLog;
import io.isoverify.spark.engine.TestSpark;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/verify --engine spark: the in-process command's verdict and certificate lines, progress only on stderr. */
class SparkEngineCommandTest {
  @TempDir Path dir;

  @Test
  void sameVerdictLinesAsInProcessAndNothingFromSparkOnTheTerminal() throws Exception {
    Path h = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(HistoryDsl.parse("""
        a: [w x 1]! [r y init]
        b: [r x 1; w y 2]
        """), h);
    TestSpark.session();
    CliRun spark = verify("--engine", "spark", "--level", "SER", "--level", "SI", h.toString());
    CliRun local = verify("--engine", "inprocess", "--level", "SER", "--level", "SI", h.toString());
    assertEquals(1, spark.code(), spark.err());
    assertEquals(local.code(), spark.code());
    assertEquals(lines(local.out()), lines(spark.out()));
    assertTrue(spark.out().contains("SER   VIOLATED  1 anomaly (AbortedRead 1)"), spark.out());
    // the log file's name, then at most the progress lines of phases over two seconds
    assertTrue(spark.err().lines().allMatch(l -> l.startsWith("spark: ") || l.startsWith("verify: ")),
        "only progress lines on stderr, no Spark logging: " + spark.err());
  }

  @Test
  void aFolderOfPartitionsIsOneHistoryOnBothEngines() throws Exception {
    Path parts = dir.resolve("parts");
    CliRun g = CliRun.runWriters((out, err) -> GenerateCommand.run(out, err, "--txns", "300",
        "--sessions", "4", "--keys", "40", "--partitions", "3", "--fence-every", "5",
        "--inject", "LOST_UPDATE", "--seed", "2", parts.toString()));
    assertEquals(0, g.code(), g.err());
    TestSpark.session();
    CliRun spark = verify("--engine", "spark", parts.toString());
    CliRun local = verify("--engine", "inprocess", parts.toString());
    assertEquals(1, local.code(), local.out() + local.err());
    assertEquals(local.code(), spark.code(), spark.err());
    assertEquals(lines(local.out()).get(0), lines(spark.out()).get(0));
  }

  @Test
  void reportFilesOfBadInputAreNotWritten() throws Exception {
    Path h = dir.resolve("h.parquet");
    java.nio.file.Files.writeString(h, "not parquet");
    Path out = dir.resolve("out");
    CliRun r = verify("--engine", "spark", "--out", out.toString(), h.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("error: " + h + ": "), r.err());
    assertTrue(!java.nio.file.Files.exists(out), "nothing is written to --out");
  }

  @Test
  void aFolderWithoutPartFilesIsOneLine() throws Exception {
    Path empty = java.nio.file.Files.createDirectories(dir.resolve("empty"));
    java.nio.file.Files.writeString(empty.resolve("_SUCCESS"), "");
    TestSpark.session();
    CliRun r = verify("--engine", "spark", empty.toString());
    assertEquals(new CliRun(2, "", "error: " + empty + ": cannot tell the history format: the "
        + "folder holds no Parquet part files (*.parquet), history.bincode (dbcop), T<n>.log "
        + "(cobra) or <n>.log (vbox) files\n"), r);
  }

  /** Verdict and certificate lines, without times and numbering. */
  private static List<String> lines(String text) {
    return text.lines().filter(l -> l.startsWith("SER ") || l.startsWith("SI ") || l.startsWith("      ["))
        .map(l -> l.replaceAll(" \\(\\d+\\.\\d+ s\\)$", "").replaceAll("^      \\[\\d+\\] ", "      "))
        .toList();
  }
}
