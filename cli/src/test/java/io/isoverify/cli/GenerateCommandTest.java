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

  /**
   * --repeated-values: about that fraction of a key's later writes repeat its first value (so
   * reads of it have several candidate writers); the database still ran the history under
   * SER, and the verifier, choosing among the candidates, says it holds. With --inject it is
   * a usage error.
   */
  @Test
  void repeatedValuesRepeatWritesAndTheHistoryStillHolds() throws Exception {
    Path file = dir.resolve("repeated.parquet");
    assertEquals(0, generate("--txns", "400", "--sessions", "4", "--keys", "20", "--ops", "2-6",
        "--isolation", "SER", "--repeated-values", "0.3", "--seed", "5", file.toString()),
        err::toString);
    History h = ParquetHistoryReader.read(file);
    int writes = 0;
    for (int o = 0; o < h.opCount(); o++) {
      writes += h.opKind(o) == io.isoverify.history.OpKind.WRITE ? 1 : 0;
    }
    int repeated = io.isoverify.history.testing.RepeatedValues.repeatedWrites(h, false);
    assertTrue(repeated > writes / 10 && repeated < writes / 2, repeated + " of " + writes);
    assertHoldsAtSerAndSi(file);

    assertEquals(2, generate("--txns", "50", "--repeated-values", "0.1", "--inject",
        "WriteSkew", dir.resolve("no.jsonl").toString()));
    assertTrue(err.toString().contains("no repeated values with an injection"), err::toString);
  }

  /**
   * --value-space: every written value lies in 1..N, the small ones most often (Zipf), so a
   * value is written by many transactions; the SER history still holds at SER and SI. With
   * --repeated-values too it is a usage error.
   */
  @Test
  void aValueSpaceDrawsEveryWrittenValueFromIt() throws Exception {
    Path file = dir.resolve("space.jsonl");
    assertEquals(0, generate("--txns", "400", "--sessions", "4", "--keys", "20", "--ops", "2-6",
        "--isolation", "SER", "--value-space", "10", "--seed", "6", file.toString()),
        err::toString);
    History h = io.isoverify.history.io.JsonlHistoryReader.read(file);
    int[] byValue = new int[11];
    for (int o = 0; o < h.opCount(); o++) {
      if (h.opKind(o) == io.isoverify.history.OpKind.WRITE) {
        long v = h.values().longValue(h.opValue(o));
        assertTrue(v >= 1 && v <= 10, () -> "value " + v);
        byValue[(int) v]++;
      }
    }
    assertTrue(byValue[1] > byValue[10] * 3, java.util.Arrays.toString(byValue));
    assertHoldsAtSerAndSi(file);

    assertEquals(2, generate("--txns", "50", "--repeated-values", "0.1", "--value-space", "5",
        dir.resolve("no.jsonl").toString()));
    assertTrue(err.toString().contains("exclude each other"), err::toString);
    assertEquals(2, generate("--txns", "50", "--workload", "pred-rw", "--value-space", "5",
        dir.resolve("rows.jsonl").toString()));
    assertTrue(err.toString().contains("the pred-rw workload has none (predicate reads and"
        + " updates of rows)"), err::toString);
    assertFalse(java.nio.file.Files.exists(dir.resolve("rows.jsonl")));
  }

  /** bin/verify in process says SER and SI hold (exit 0). */
  private static void assertHoldsAtSerAndSi(Path file) {
    java.io.ByteArrayOutputStream verdict = new java.io.ByteArrayOutputStream();
    java.io.PrintStream print = new java.io.PrintStream(verdict, true);
    assertEquals(0, VerifyCommand.run(new String[] {"--engine", "inprocess", "--level", "SER",
        "--level", "SI", file.toString()}, print, print), verdict::toString);
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
    assertTrue(label.endsWith(",\"violates\":[\"SER\",\"SSER\"],\"names\":[\"WriteSkew\"]}\n"),
        label);
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

  /**
   * The list-append, mini-transaction and lightweight-transaction workloads: the same seed
   * gives the same Parquet bytes; the file reads back with its read lists; each takes an
   * injection of its own family, labelled.
   */
  @Test
  void newWorkloadsWriteTheSameParquetBytesAndTakeTheirInjections() throws Exception {
    for (String[] w : new String[][] {{"list-append", "G2-item"}, {"mt", "NonMonotonicRead"},
        {"lwt", "RealtimeViolation"}}) {
      Path file = dir.resolve(w[0] + ".parquet");
      Path again = dir.resolve(w[0] + "-again.parquet");
      String[] args = {"--workload", w[0], "--txns", "300", "--sessions", "5", "--keys", "20",
          "--isolation", "SI", "--seed", "4", "--inject", w[1]};
      assertEquals(0, generate(concat(args, file.toString())), err::toString);
      assertEquals(0, generate(concat(args, again.toString())), err::toString);
      assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(again), w[0]);
      History h = ParquetHistoryReader.read(file);
      assertEquals(w[0].equals("list-append") ? 304 : 303, h.txnCount(), w[0]);
      assertEquals(w[0].equals("list-append"), !h.readLists().isEmpty(), w[0]);
      String label = Files.readString(dir.resolve(w[0] + ".parquet.injection.json"));
      assertTrue(label.contains("\"anomaly\":\"" + w[1] + "\""), label);
    }
  }

  @Test
  void anInjectionOfAnotherWorkloadFamilyIsAUsageError() {
    Path file = dir.resolve("h.jsonl");
    assertEquals(2, generate("--workload", "general", "--inject", "incompatible-order",
        file.toString()));
    assertTrue(err.toString().contains("error: cannot inject INCOMPATIBLE_ORDER into --workload"
        + " general (read-write registers); it fits --workload list-append; general takes"
        + " THIN_AIR_READ, "), err::toString);
    assertEquals(1, err.toString().lines().filter(l -> l.startsWith("error:")).count());
    assertFalse(Files.exists(file));
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
