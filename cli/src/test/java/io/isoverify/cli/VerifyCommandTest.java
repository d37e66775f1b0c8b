package io.isoverify.cli;

import static io.isoverify.cli.CliRun.verify;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command's exit codes and messages, through its in-JVM entry point. */
class VerifyCommandTest {
  @TempDir Path dir;

  private Path jsonl(String name, String... lines) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, String.join("\n", lines) + "\n");
    return p;
  }

  @Test
  void violationExitsOneAndWritesTheReports() throws IOException {
    Path h = jsonl("aborted.jsonl",
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"outcome\":\"aborted\",\"ops\":[[\"w\",\"x\",1]]}",
        "{\"session\":\"b\",\"txn\":2,\"pos\":0,\"ops\":[[\"r\",\"x\",1]]}");
    Path out = dir.resolve("out");
    CliRun r = verify("--level", "SER", "--level", "SI", "--out", out.toString(), h.toString());
    assertEquals(1, r.code(), r.err());
    assertTrue(r.out().contains("SER   VIOLATED  1 anomaly (AbortedRead 1)"), r.out());
    assertTrue(r.out().contains("SI    VIOLATED"), r.out());
    assertTrue(r.out().contains("[1] AbortedRead breaks SER, SI: T2 read x = 1, written by T1, which aborted"), r.out());
    String json = Files.readString(out.resolve("report.json"));
    assertTrue(json.contains("\"schema\" : \"isoverify-report/1\""), json);
    assertTrue(json.contains("\"verdict\" : \"VIOLATED\""), json);
    assertTrue(Files.size(out.resolve("anomalies.parquet")) > 0);
    try (var files = Files.list(out)) {
      assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temp files left");
    }
  }

  @Test
  void everyLevelHoldingExitsZeroWithWitnesses() throws IOException {
    Path h = jsonl("serial.jsonl",
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"start\":1,\"end\":2,\"ops\":[[\"r\",\"x\",null],[\"w\",\"x\",1]]}",
        "{\"session\":\"b\",\"txn\":2,\"pos\":0,\"start\":3,\"end\":4,\"ops\":[[\"r\",\"x\",1],[\"w\",\"x\",2]]}");
    CliRun r = verify("--level", "SER", "--level", "SI", "--level", "SSER", h.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("SER   HOLDS     witness: a serial order of 2 transactions, re-checked"), r.out());
    assertTrue(r.out().contains("SI    HOLDS     witness: a commit order and start points of 2 transactions"), r.out());
    assertTrue(r.out().contains("SSER  HOLDS"), r.out());
  }

  @Test
  void staleReadIsSerializableButNotStrictlySo() throws IOException {
    Path h = jsonl("stale.jsonl",
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"start\":1,\"end\":2,\"ops\":[[\"w\",\"x\",1]]}",
        "{\"session\":\"b\",\"txn\":2,\"pos\":0,\"start\":3,\"end\":4,\"ops\":[[\"r\",\"x\",null]]}");
    CliRun r = verify("--level", "SER", "--level", "SSER", h.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("SER   HOLDS"), r.out());
    assertTrue(r.out().contains("SSER  VIOLATED"), r.out());
    assertTrue(r.out().contains("T1 -RT-> T2"), r.out());
  }

  @Test
  void countsEveryAnomalyWhileShowingFew() throws IOException {
    String[] lines = new String[300];
    for (int i = 0; i < 150; i++) {
      lines[2 * i] = "{\"session\":\"w" + i + "\",\"txn\":" + (2 * i + 1)
          + ",\"pos\":0,\"outcome\":\"aborted\",\"ops\":[[\"w\",\"x\"," + i + "]]}";
      lines[2 * i + 1] = "{\"session\":\"r" + i + "\",\"txn\":" + (2 * i + 2)
          + ",\"pos\":0,\"ops\":[[\"r\",\"x\"," + i + "]]}";
    }
    CliRun r = verify(jsonl("many.jsonl", lines).toString());
    assertEquals(1, r.code(), r.err());
    assertTrue(r.out().contains("SER   VIOLATED  150 anomalies (AbortedRead 150)"), r.out());
  }

  @Test
  void repeatedWrittenValuesAreCheckedAndDuplicateAppendsRefusedAsUnknown() throws IOException {
    Path h = jsonl("dup.jsonl",
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"ops\":[[\"w\",\"x\",5]]}",
        "{\"session\":\"b\",\"txn\":2,\"pos\":0,\"ops\":[[\"w\",\"x\",5]]}",
        "{\"session\":\"c\",\"txn\":3,\"pos\":0,\"ops\":[[\"r\",\"x\",5]]}");
    CliRun r = verify(h.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("SER   HOLDS"), r.out());
    Path a = jsonl("app.jsonl",
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"ops\":[[\"app\",\"x\",5]]}",
        "{\"session\":\"b\",\"txn\":2,\"pos\":0,\"ops\":[[\"app\",\"x\",5]]}");
    CliRun refused = verify(a.toString());
    assertEquals(3, refused.code());
    assertTrue(refused.out().contains("SER   UNKNOWN   key x has the element 5 put by both T1 and"
        + " T2, at least once by an append"), refused.out());
  }

  @Test
  void malformedInputExitsTwoWithOneMessageAndNoReport() throws IOException {
    Path h = jsonl("bad.jsonl",
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"ops\":[[\"w\",\"x\",1]]}",
        "{\"session\":\"a\",\"txn\":2,\"pos\":0,\"ops\":[[\"w\",\"x\",2]]}");
    Path out = dir.resolve("out");
    CliRun r = verify("--out", out.toString(), h.toString());
    assertEquals(2, r.code());
    assertEquals("error: " + h + ": transaction 2: two transactions are at position 0 of session a: 1 and 2\n", r.err());
    assertEquals("", r.out());
    assertFalse(Files.exists(out), "nothing is written for bad input");
  }

  @Test
  void missingFileAndBadUsageExitTwo() {
    CliRun missing = verify(dir.resolve("nope.parquet").toString());
    assertEquals(2, missing.code());
    assertTrue(missing.err().contains("nope.parquet: no such file or folder"), missing.err());
    CliRun badLevel = verify("--level", "RC", dir.toString());
    assertEquals(2, badLevel.code());
    assertTrue(badLevel.err().contains("--level"), badLevel.err());
    CliRun noHistory = verify();
    assertEquals(2, noHistory.code());
    CliRun badFormat = verify("--format", "csv", dir.toString());
    assertEquals(2, badFormat.code());
    assertEquals("error: --format: unknown history format \"csv\"; known: parquet, jsonl, cobra, dbcop, text, elle, vbox\n",
        badFormat.err());
  }
}
