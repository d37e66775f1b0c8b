package io.isoverify.history.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks {@link HistoryBuilder} makes on how rows fit together, each reached through a
 * Parquet file as a user would, with its whole message (file, row or transaction, problem).
 * Rows are written in the text form of {@link ParquetTestFiles}.
 */
class ParquetBuilderChecksTest {
  @TempDir
  Path dir;

  @Test
  void operationsOfATransactionDisagreeOnTheSession() throws Exception {
    assertInvalid("row 2: the operations of transaction 1 disagree on the session: 2 here but "
        + "1 at row 1",
        row(1, 1, 0, 0, "w", 1, 1, "committed", ""),
        row(2, 1, 0, 1, "w", 2, 2, "committed", ""));
  }

  @Test
  void operationsOfATransactionDisagreeOnTheOutcome() throws Exception {
    assertInvalid("row 2: the operations of transaction 1 disagree on the outcome: aborted here "
        + "but committed at row 1",
        row(1, 1, 0, 0, "w", 1, 1, "committed", ""),
        row(1, 1, 0, 1, "w", 2, 2, "aborted", ""));
  }

  @Test
  void operationsOfATransactionDisagreeOnItsPosition() throws Exception {
    assertInvalid("row 2: the operations of transaction 1 disagree on its position in the "
        + "session: 1 here but 0 at row 1",
        row(1, 1, 0, 0, "w", 1, 1, "committed", ""),
        row(1, 1, 1, 1, "w", 2, 2, "committed", ""));
  }

  @Test
  void operationsOfATransactionDisagreeOnTheTimestamps() throws Exception {
    assertInvalid("row 2: the operations of transaction 1 disagree on the timestamps: [15, 20] "
        + "here but [10, 20] at row 1",
        row(1, 1, 0, 0, "w", 1, 1, "committed", "start_ts=10 end_ts=20"),
        row(1, 1, 0, 1, "w", 2, 2, "committed", "start_ts=15 end_ts=20"));
  }

  @Test
  void disagreementIsFoundWhenTheRowsOfATransactionAreApart() throws Exception {
    assertInvalid("row 3: the operations of transaction 1 disagree on the outcome: unknown here "
        + "but committed at row 1",
        row(1, 1, 0, 0, "w", 1, 1, "committed", ""),
        row(1, 2, 1, 0, "w", 1, 2, "committed", ""),
        row(1, 1, 0, 1, "r", 1, 1, "unknown", ""));
  }

  @Test
  void aTransactionIdUsedInTwoSessions() throws Exception {
    assertInvalid("row 2: transaction id 1 is used in two sessions: 2 here and 1 at row 1",
        row(1, 1, 0, 0, "w", 1, 1, "committed", ""),
        row(2, 1, 5, 0, "w", 2, 2, "committed", ""));
  }

  @Test
  void twoTransactionsAtTheSamePositionOfASession() throws Exception {
    assertInvalid("transaction 2: two transactions are at position 0 of session 1: 1 and 2",
        row(1, 1, 0, 0, "w", 1, 1, "committed", ""),
        row(1, 2, 0, 0, "w", 2, 2, "committed", ""));
  }

  @Test
  void aGapInOperationPositions() throws Exception {
    assertInvalid("transaction 1: operation positions have a gap: the transaction has 2 "
        + "operations but row 2 is at position 2",
        row(1, 1, 0, 0, "w", 1, 1, "committed", ""),
        row(1, 1, 0, 2, "w", 2, 2, "committed", ""));
  }

  @Test
  void aRepeatedOperationPosition() throws Exception {
    assertInvalid("transaction 1: operation position 0 is repeated, at row 1 and row 2",
        row(1, 1, 0, 0, "w", 1, 1, "committed", ""),
        row(1, 1, 0, 0, "w", 2, 2, "committed", ""));
  }

  @Test
  void aTransactionThatEndsBeforeItStarts() throws Exception {
    assertInvalid("transaction 1: ends (10) before it starts (20)",
        row(1, 1, 0, 0, "w", 1, 1, "committed", "start_ts=20 end_ts=10"));
  }

  @Test
  void aTransactionWithAStartButNoEnd() throws Exception {
    assertInvalid("transaction 1: has a start timestamp or an end timestamp but not both",
        row(1, 1, 0, 0, "w", 1, 1, "committed", "start_ts=20"));
  }

  @Test
  void timestampsGoingBackWithinASession() throws Exception {
    assertInvalid("transaction 2: timestamps go back in session 1: [5, 30] follows transaction "
        + "1 at [10, 20]",
        row(1, 1, 0, 0, "w", 1, 1, "committed", "start_ts=10 end_ts=20"),
        row(1, 2, 1, 0, "w", 1, 2, "committed", "start_ts=5 end_ts=30"));
  }

  @Test
  void rowsInAnyOrderGiveTheHistoryInSessionAndProgramOrder() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC,
        row(2, 20, 0, 1, "r", 1, 1, "committed", ""),
        row(1, 11, 7, 0, "w", 1, 2, "aborted", ""),
        row(1, 10, 3, 0, "w", 1, 1, "committed", ""),
        row(2, 20, 0, 0, "w", 2, 9, "committed", ""));
    History h = ParquetHistoryReader.read(f);
    assertEquals(3, h.txnCount());
    assertEquals(2, h.sessionCount());
    long[] order = {h.txnId(0), h.txnId(1), h.txnId(2)};
    assertEquals("[20, 10, 11]", java.util.Arrays.toString(order),
        "session 2 was seen first, so it is session 0; then positions 3 < 7");
    assertEquals("w", h.opKind(h.firstOp(0)).code());
    assertEquals("r", h.opKind(h.firstOp(0) + 1).code());
  }

  /** One row in the text form, with {@code extra} cells appended (e.g. timestamps). */
  private static String row(long session, long txn, int txnPos, int opPos, String kind,
      long key, long value, String outcome, String extra) {
    return "session=" + session + " txn=" + txn + " txn_pos=" + txnPos + " op_pos=" + opPos
        + " kind=" + kind + " key=" + key + " value=" + value + " outcome=" + outcome + " "
        + extra;
  }

  private void assertInvalid(String problem, String... rows) throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("bad.parquet"), ParquetTestFiles.BASIC, rows);
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> ParquetHistoryReader.read(f));
    assertEquals(f + ": " + problem, e.getMessage());
  }
}
