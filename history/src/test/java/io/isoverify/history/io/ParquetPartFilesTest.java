package io.isoverify.history.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.formats.HistoryFormat;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder of Parquet part files is one history; problems name the part file and its row. */
class ParquetPartFilesTest {
  @TempDir
  Path tmp;

  @Test
  void aFolderOfPartsReadsAsTheWholeHistory() throws Exception {
    Path whole = tmp.resolve("whole.parquet");
    write(whole, 0, 6);
    Path parts = tmp.resolve("parts");
    java.nio.file.Files.createDirectories(parts);
    write(parts.resolve("part-00000.parquet"), 0, 2);
    write(parts.resolve("part-00001.parquet"), 2, 4);
    write(parts.resolve("part-00002.parquet"), 4, 6);
    assertEquals(HistoryFormat.PARQUET, HistoryFormat.detect(parts));
    History a = ParquetHistoryReader.read(whole);
    History b = HistoryFormat.readDetected(parts);
    assertEquals(a.txnCount(), b.txnCount());
    assertEquals(a.opCount(), b.opCount());
    for (int t = 0; t < a.txnCount(); t++) {
      assertEquals(a.txnId(t), b.txnId(t));
      assertEquals(a.sessionName(a.session(t)), b.sessionName(b.session(t)));
      assertEquals(a.positionInSession(t), b.positionInSession(t));
      assertEquals(a.showValue(a.opValue(a.firstOp(t))), b.showValue(b.opValue(b.firstOp(t))));
    }
  }

  @Test
  void aRowProblemNamesThePartFileAndItsRow() throws Exception {
    Path parts = tmp.resolve("parts");
    java.nio.file.Files.createDirectories(parts);
    write(parts.resolve("part-00000.parquet"), 0, 2);
    write(parts.resolve("part-00001.parquet"), 1, 2); // transaction 1 again
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> ParquetHistoryReader.read(parts));
    assertEquals(parts + ": transaction 1: operation position 0 is repeated, at"
        + " part-00000.parquet row 2 and part-00001.parquet row 1", e.getMessage());
  }

  /** Transactions from..to-1 of one session, one write each; ids = positions. */
  private static void write(Path file, int from, int to) throws Exception {
    try (ParquetHistorySink s = new ParquetHistorySink(file)) {
      for (int i = from; i < to; i++) {
        s.begin(1, i, i, Outcome.COMMITTED, Long.MIN_VALUE, Long.MIN_VALUE);
        s.op(OpKind.WRITE, i % 3, 100 + i);
        s.end();
      }
    }
  }
}
