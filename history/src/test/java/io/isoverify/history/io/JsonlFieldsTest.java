package io.isoverify.history.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.testing.HistoryDsl;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON Lines and Parquet forms carry a write's row fields and predicate reads (vbox)
 * both ways.
 */
class JsonlFieldsTest {
  @TempDir
  Path dir;

  @Test
  void rowFieldsAndPredicateReadsRoundTrip() throws Exception {
    History h = HistoryDsl.parse("s1: [i x 1 {1=5 2=7}; w y 2 {1=3}; d x 3]\n"
        + "s2: [p 1 0 9 1; r y 2]");
    Path file = dir.resolve("h.jsonl");
    JsonlHistoryWriter.write(h, file);
    assertTrue(Files.readString(file).contains("[\"ins\",\"x\",1,{\"1\":5,\"2\":7}]"),
        Files.readString(file));
    History back = JsonlHistoryReader.read(file);
    assertEquals(h.writtenFields(), back.writtenFields());
    assertEquals(new WrittenFields(new long[] {1, 2}, new long[] {5, 7}), back.writtenFields(0));
    assertEquals(h.predicates(), back.predicates());
  }

  @Test
  void rowFieldsRoundTripThroughParquetAndAFileWithoutTheColumnSaysSo() throws Exception {
    History h = HistoryDsl.parse("s1: [i x 1 {1=5 2=7}; w y 2 {1=3}; d x 3]\n"
        + "s2: [p 1 0 9 1; r y 2]");
    Path file = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(h, file);
    History back = ParquetHistoryReader.read(file);
    assertEquals(h.writtenFields(), back.writtenFields());
    assertEquals(h.predicates(), back.predicates());
    assertEquals(false, back.rowFieldsMissing());
  }

  @Test
  void aFieldThatIsNoIntegerIsRefusedWithItsLine() throws Exception {
    Path file = dir.resolve("bad.jsonl");
    Files.writeString(file, "{\"session\": 1, \"txn\": 1, \"pos\": 0, \"ops\": [[\"w\", 1, 2, {\"f\": 3}]]}\n");
    InvalidHistoryException e = org.junit.jupiter.api.Assertions.assertThrows(
        InvalidHistoryException.class, () -> JsonlHistoryReader.read(file));
    assertEquals(file + ": line 1: operation 0: field \"f\" is not an integer", e.getMessage());
  }
}
