package io.isoverify.cli;

import io.isoverify.datasets.postgres.PostgresExtension;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.io.JsonlHistoryReader;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.testing.RepeatedValues;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;


/** The collect command against a real PostgreSQL: the file it writes, and its failures. */
class CollectCommandTest {
  @RegisterExtension
  static final PostgresExtension POSTGRES = new PostgresExtension();

  @TempDir
  Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int collect(String... args) {
    return CollectCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
  }

  @Test
  void writesTheCollectedHistoryAsParquet() throws Exception {
    Path file = dir.resolve("rr.parquet");
    int code = collect("--jdbc", POSTGRES.cluster().jdbcUrl(), "--isolation", "repeatable-read",
        "--sessions", "3", "--txns", "30", "--ops", "4", "--keys", "20", "--seed", "5",
        file.toString());

    assertEquals(0, code, err.toString());
    assertTrue(out.toString().startsWith("ran "), out.toString());
    assertTrue(out.toString().contains(" committed, ") && out.toString().contains(
        " at repeatable-read in "), out.toString());
    History h = ParquetHistoryReader.read(file);
    assertEquals(3, h.sessionCount());
    long committed = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      if (h.isCommitted(t)) {
        committed++;
        assertEquals(4, h.endOp(t) - h.firstOp(t), h.showTxn(t));
      }
    }
    assertEquals(30, committed);
    assertTrue(h.hasTimestamps());
  }

  /** list-append through the command: a Parquet file whose list reads come back whole. */
  @Test
  void collectsAListAppendHistory() throws Exception {
    Path file = dir.resolve("la.parquet");
    int code = collect("--jdbc", POSTGRES.cluster().jdbcUrl(), "--workload", "list-append",
        "--isolation", "serializable", "--sessions", "3", "--txns", "40", "--keys", "3",
        "--seed", "2", file.toString());

    assertEquals(0, code, err.toString());
    History h = ParquetHistoryReader.read(file);
    int lists = 0;
    int longest = 0;
    for (int o = 0; o < h.opCount(); o++) {
      if (h.readList(o) != null) {
        lists++;
        longest = Math.max(longest, h.readList(o).length);
      }
    }
    assertTrue(lists > 10 && longest > 2, lists + " list reads, longest " + longest);
  }

  /**
   * pred-rw through the command: a Parquet file with predicate reads, row inserts with their
   * fields and deletes, read back as written (the predicate reads' rows follow them).
   */
  @Test
  void collectsPredicateReadsInsertsAndDeletes() throws Exception {
    Path file = dir.resolve("pred.parquet");
    int code = collect("--jdbc", POSTGRES.cluster().jdbcUrl(), "--workload", "pred-rw",
        "--isolation", "serializable", "--sessions", "3", "--txns", "60", "--keys", "16",
        "--seed", "3", file.toString());

    assertEquals(0, code, err.toString());
    History h = ParquetHistoryReader.read(file);
    int[] kinds = new int[OpKind.values().length];
    for (int o = 0; o < h.opCount(); o++) {
      kinds[h.opKind(o).ordinal()]++;
      if (h.opKind(o) == OpKind.INSERT) {
        assertEquals(2, h.writtenFields(o).field().length, h.showTxn(h.txnOfOp(o)));
      }
      if (h.opKind(o) == OpKind.PREDICATE_READ) {
        // a group's read or a delete by one identifier: one value of the field
        assertEquals(h.predicates().get(o).low(), h.predicates().get(o).high());
      }
    }
    assertTrue(kinds[OpKind.PREDICATE_READ.ordinal()] > 20 && kinds[OpKind.INSERT.ordinal()] > 5
        && kinds[OpKind.DELETE.ordinal()] > 0, java.util.Arrays.toString(kinds));
  }

  /** --repeated-values: some committed writes install a value their key had before. */
  @Test
  void collectsRepeatedValues() throws Exception {
    Path file = dir.resolve("rep.jsonl");
    int code = collect("--jdbc", POSTGRES.cluster().jdbcUrl(), "--repeated-values", "0.5",
        "--sessions", "3", "--txns", "60", "--ops", "4", "--keys", "5", "--seed", "4",
        file.toString());

    assertEquals(0, code, err.toString());
    int repeated = RepeatedValues.repeatedWrites(JsonlHistoryReader.read(file), false);
    assertTrue(repeated > 10, repeated + " repeated writes");
  }

  @Test
  void lightweightTransactionsAreAUsageError() {
    int code = collect("--jdbc", POSTGRES.cluster().jdbcUrl(), "--workload", "lwt",
        dir.resolve("x.parquet").toString());

    assertEquals(2, code);
    assertTrue(err.toString().contains("the PostgreSQL collector runs read-write registers,"
        + " list-append, mini-transactions and predicate reads and updates of rows, not"
        + " lightweight transactions"), err.toString());
    assertFalse(Files.exists(dir.resolve("x.parquet")));
  }

  @Test
  void anUnknownIsolationLevelIsAUsageError() {
    int code = collect("--jdbc", POSTGRES.cluster().jdbcUrl(), "--isolation", "snapshot",
        dir.resolve("x.parquet").toString());

    assertEquals(2, code);
    assertTrue(err.toString().contains("unknown isolation level snapshot; known: serializable,"
        + " repeatable-read, read-committed"), err.toString());
    assertFalse(Files.exists(dir.resolve("x.parquet")));
  }

  @Test
  void aDatabaseFailureIsOneLineAndLeavesNoFile() {
    Path file = dir.resolve("missing.jsonl");
    int code = collect("--jdbc", POSTGRES.cluster().missingDatabaseUrl(), "--txns", "10", file.toString());

    assertEquals(CollectCommand.DATABASE_FAILED, code);
    String message = err.toString().strip();
    assertTrue(message.startsWith("error: preparing table kv: ") && message.endsWith(
        "(SQLState 3D000)") && !message.contains("\n"), message);
    assertFalse(Files.exists(file));
  }
}
