package io.isoverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.OrderMarkers;
import io.isoverify.history.Outcome;
import io.isoverify.history.check.Level;
import io.isoverify.history.io.JsonlHistoryReader;
import io.isoverify.history.io.ParquetHistorySink;
import io.isoverify.history.io.ParquetHistoryWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's contract: re-auditing changes nothing, a partition that does not continue
 * the audited history is refused with the repository unchanged, what a killed run left is
 * undone, and the results table has the agreed columns.
 */
class AuditRepositoryTest {
  @TempDir
  Path tmp;

  @Test
  void reAuditingAPartitionChangesNothingAndSaysSo() throws Exception {
    Path repo = tmp.resolve("repo");
    Path p1 = partition("p1.parquet", 1, 0, 1);
    Audit.Outcome first = audit(repo, p1);
    assertEquals(0, first.exitCode(), first.lines().toString());
    Map<String, String> before = snapshot(repo);
    Audit.Outcome again = audit(repo, p1);
    assertFalse(again.changed());
    assertEquals(0, again.exitCode());
    assertTrue(again.lines().get(0).contains("already audited"), again.lines().toString());
    assertEquals(before, snapshot(repo));
  }

  @Test
  void aSessionThatRestartsIsRefusedNamingFileAndTransactionAndTheRepositoryIsUnchanged()
      throws Exception {
    Path repo = tmp.resolve("repo");
    audit(repo, partition("p1.parquet", 1, 0, 2));
    Map<String, String> before = snapshot(repo);
    Path restart = partition("p2.parquet", 10, 1, 1); // session 1 again at position 1
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> audit(repo, restart));
    assertTrue(e.getMessage().contains("p2.parquet") && e.getMessage().contains("transaction 10")
        && e.getMessage().contains("restarts or overlaps"), e.getMessage());
    assertEquals(before, snapshot(repo));
  }

  @Test
  void aTransactionIdAlreadyAuditedIsRefused() throws Exception {
    Path repo = tmp.resolve("repo");
    audit(repo, partition("p1.parquet", 1, 0, 2));
    Map<String, String> before = snapshot(repo);
    Path reused = partition("p2.parquet", 2, 5, 1); // id 2 was audited
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> audit(repo, reused));
    assertTrue(e.getMessage().contains("p2.parquet: transaction 2: the transaction id was"
        + " already audited"), e.getMessage());
    assertEquals(before, snapshot(repo));
  }

  @Test
  void aKeyReservedForOrderMarkersIsRefusedNamingFileAndTransaction() throws Exception {
    Path repo = tmp.resolve("repo");
    audit(repo, partition("p1.parquet", 1, 0, 2));
    Map<String, String> before = snapshot(repo);
    Path reserved = tmp.resolve("p2.parquet");
    try (ParquetHistorySink s = new ParquetHistorySink(reserved)) {
      s.begin(1, 3, 2, Outcome.COMMITTED, Long.MIN_VALUE, Long.MIN_VALUE);
      s.op(OpKind.WRITE, OrderMarkers.key(7), 3);
      s.end();
    }
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> audit(repo, reserved));
    assertTrue(e.getMessage().contains("p2.parquet: transaction 3: key " + OrderMarkers.key(7)
        + " is reserved for the audit's order markers"), e.getMessage());
    assertEquals(before, snapshot(repo));
  }

  @Test
  void anIdGivenInTwoPartitionsOfOneRunIsRefused() throws Exception {
    Path repo = tmp.resolve("repo");
    Path p1 = partition("p1.parquet", 1, 0, 2);
    Path p2 = partition("p2.parquet", 2, 5, 1); // id 2 is in p1 too
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> Audit.run(new Audit.Request(repo, List.of(p1, p2), Map.of(), List.of(),
            VerifierOptions.defaults())));
    assertTrue(e.getMessage().contains("p2.parquet: transaction 2: the transaction id is in an"
        + " earlier partition of this run"), e.getMessage());
  }

  @Test
  void sessionsNamedByTextAreFollowedFromRunToRun() throws Exception {
    Path repo = tmp.resolve("repo");
    audit(repo, textPartition("t1", 1, 0));
    Path restart = textPartition("t2", 2, 0); // session "s1" again at position 0
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> audit(repo, restart));
    assertTrue(e.getMessage().contains("t2.parquet: transaction 2: session s1 restarts or"
        + " overlaps what was audited: its position 0 is not after 0"), e.getMessage());
    assertEquals(0, audit(repo, textPartition("t3", 3, 1)).exitCode());
  }

  /** One transaction of the session named "s1" (a text column), written through JSONL. */
  private Path textPartition(String name, long id, int pos) throws Exception {
    Path jsonl = tmp.resolve(name + ".jsonl");
    Files.writeString(jsonl, "{\"session\": \"s1\", \"txn\": " + id + ", \"pos\": " + pos
        + ", \"outcome\": \"committed\", \"ops\": [[\"w\", 1, " + id + "]]}\n");
    Path p = tmp.resolve(name + ".parquet");
    ParquetHistoryWriter.write(JsonlHistoryReader.read(jsonl), p);
    return p;
  }

  @Test
  void whatAKilledRunLeftIsRemovedByTheNextRun() throws Exception {
    Path repo = tmp.resolve("repo");
    Path p1 = partition("p1.parquet", 1, 0, 1);
    audit(repo, p1);
    Map<String, String> before = snapshot(repo);
    // what a run killed before its manifest moved leaves behind
    Files.createDirectories(repo.resolve("state/.tmp-killed"));
    Files.writeString(repo.resolve("state/.tmp-killed/carried.parquet"), "half");
    Files.createDirectories(repo.resolve("state/killed"));
    Files.createDirectories(repo.resolve("runs/.tmp-killed"));
    Files.writeString(repo.resolve("runs/.tmp-killed/report.txt"), "half");
    Path date = Files.list(repo.resolve("results")).findFirst().orElseThrow();
    Files.writeString(date.resolve(".run-killed.parquet.tmp"), "half");
    Files.writeString(repo.resolve("MANIFEST.tmp"), "half");
    audit(repo, p1); // nothing to audit: only the recovery runs
    assertEquals(before, snapshot(repo));
  }

  @Test
  void theResultsTableHasOneRowPerRunAndLevel() throws Exception {
    Path repo = tmp.resolve("repo");
    Path p1 = partition("p1.parquet", 1, 0, 2);
    Audit.Outcome out = Audit.run(new Audit.Request(repo, List.of(p1),
        Map.of("dag", "nightly"), List.of(Level.SER, Level.SI), VerifierOptions.defaults()));
    Path file = repo.resolve(Manifest.read(repo).get("lastResults"));
    assertTrue(file.toString().contains("results/date=") && file.toString().endsWith(
        "run-" + out.runId() + ".parquet"), file.toString());
    List<Group> rows = ParquetTable.read(file);
    assertEquals(2, rows.size());
    Group g = rows.get(0);
    assertEquals(out.runId(), g.getString("run_id", 0));
    assertEquals("SER", g.getString("level", 0));
    assertEquals("HOLDS", g.getString("verdict", 0));
    assertEquals(2, g.getLong("transactions", 0));
    assertEquals(p1.toString(),
        g.getGroup("partitions", 0).getGroup("list", 0).getString("element", 0));
    Group tag = g.getGroup("tags", 0).getGroup("key_value", 0);
    assertEquals("dag=nightly", tag.getString("key", 0) + "=" + tag.getString("value", 0));
    assertEquals(0, g.getGroup("anomaly_counts", 0).getFieldRepetitionCount("key_value"));
    assertEquals("SI", rows.get(1).getString("level", 0));
  }

  private Audit.Outcome audit(Path repo, Path partition) throws Exception {
    return Audit.run(new Audit.Request(repo, List.of(partition), Map.of(), List.of(),
        VerifierOptions.defaults()));
  }

  /** {@code count} transactions of session 1 from id {@code firstId} and position {@code pos}. */
  private Path partition(String name, long firstId, int pos, int count) throws Exception {
    Path p = tmp.resolve(name);
    try (ParquetHistorySink s = new ParquetHistorySink(p)) {
      for (int i = 0; i < count; i++) {
        s.begin(1, firstId + i, pos + i, Outcome.COMMITTED, Long.MIN_VALUE, Long.MIN_VALUE);
        s.op(OpKind.WRITE, 1, firstId + i);
        s.end();
      }
    }
    return p;
  }

  /** Every file under {@code dir} (lock file aside) with a hash of its bytes. */
  private static Map<String, String> snapshot(Path dir) throws Exception {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.toList()) {
        if (Files.isRegularFile(p) && !p.getFileName().toString().equals(".lock")) {
          files.put(dir.relativize(p).toString(), HexFormat.of().formatHex(
              MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
        } else if (Files.isDirectory(p)) {
          files.put(dir.relativize(p) + "/", "");
        }
      }
    }
    return files;
  }
}
