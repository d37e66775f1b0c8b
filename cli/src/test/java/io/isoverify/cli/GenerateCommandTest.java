package io.isoverify.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.io.JsonlHistoryReader;
import io.isoverify.history.io.ParquetHistoryReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateCommandTest {
  @TempDir
  Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int generate(String... args) {
    return GenerateCommand.run(new PrintWriter(out), new PrintWriter(err), args);
  }

  @Test
  void writesTheSameJsonlBytesForTheSameSeed() throws Exception {
    String[] args = {"--workload", "general", "--sessions", "4", "--txns", "300", "--ops",
        "2-6", "--keys", "50", "--distribution", "hotspot", "--isolation", "SI", "--seed", "9",
        "--unknown-rate", "0.1"};
    Path a = dir.resolve("a.jsonl");
    Path b = dir.resolve("b.jsonl");
    assertEquals(0, generate(concat(args, a.toString())), err::toString);
    assertEquals(0, generate(concat(args, b.toString())), err::toString);
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    History h = JsonlHistoryReader.read(a);
    assertEquals(300, h.txnCount());
    assertEquals(4, h.sessionCount());
    assertTrue(out.toString().startsWith("wrote 300 transactions ("), out::toString);
  }

  @Test
  void injectionIsReportedAndLabelledBesideTheOutput() throws Exception {
    Path file = dir.resolve("h.jsonl");
    assertEquals(0, generate("--txns", "100", "--sessions", "3", "--keys", "20",
        "--inject", "WriteSkew", "--isolation", "SSER", file.toString()), err::toString);
    String label = Files.readString(dir.resolve("h.jsonl.injection.json"));
    assertTrue(label.startsWith("{\"anomaly\":\"WriteSkew\",\"name\":\"WRITE_SKEW\",\"txns\":["),
        label);
    assertTrue(label.contains("\"keys\":[20,21]"), label);
    assertEquals(102, JsonlHistoryReader.read(file).txnCount());
    assertTrue(out.toString().contains("injected WriteSkew: transactions ["), out::toString);
  }

  @Test
  void writesTheSameParquetBytesForTheSameSeedAndTheyReadBack() throws Exception {
    Path file = dir.resolve("h.parquet");
    Path again = dir.resolve("again.parquet");
    String[] args = {"--workload", "tpcc", "--txns", "200", "--sessions", "5", "--keys", "100",
        "--isolation", "SER", "--seed", "3"};
    assertEquals(0, generate(concat(args, file.toString())), err::toString);
    assertEquals(0, generate(concat(args, again.toString())), err::toString);
    assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(again));
    History h = ParquetHistoryReader.read(file);
    assertEquals(200, h.txnCount());
    assertTrue(h.hasTimestamps());
  }

  @Test
  void badOptionsGiveAUsageErrorNamingTheProblem() {
    assertEquals(2, generate("--txns", "10", dir.resolve("h.csv").toString()));
    assertTrue(err.toString().contains("unknown output format"), err::toString);
    assertEquals(2, generate("--ops", "9-3", dir.resolve("h.jsonl").toString()));
    assertTrue(err.toString().contains("--ops must be N or MIN-MAX"), err::toString);
    assertEquals(2, generate("--inject", "FutureRead", dir.resolve("h.jsonl").toString()));
    assertTrue(err.toString().contains("cannot inject FutureRead; injectable: THIN_AIR_READ"),
        err::toString);
    assertEquals(2, generate("--isolation", "PL3", dir.resolve("h.jsonl").toString()));
    assertTrue(err.toString().contains("unknown isolation level PL3"), err::toString);
    assertFalse(Files.exists(dir.resolve("h.jsonl")));
  }

  @Test
  void anUnwritableOutputIsOneLineWithoutAStackTrace() {
    Path file = dir.resolve("missing").resolve("h.jsonl");
    assertEquals(2, generate("--txns", "10", file.toString()));
    assertTrue(err.toString().contains(file + ": cannot create the output file"), err::toString);
    assertFalse(err.toString().contains("\tat "), err::toString);
  }

  private static String[] concat(String[] args, String last) {
    String[] all = java.util.Arrays.copyOf(args, args.length + 1);
    all[args.length] = last;
    return all;
  }
}
