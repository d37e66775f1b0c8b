package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.InvalidHistoryException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DbcopBincodeReaderTest {
  @TempDir
  Path dir;

  /**
   * Header of a history with the given session count, then that count: 40 bytes of fields,
   * three strings of 8 + 4, 8 + 25 and 8 + 25 bytes, so the session count is at byte 118 and
   * the first session's transaction count at byte 126.
   */
  private static LogBytes header(long sessions) {
    return LogBytes.littleEndian().i64(0, sessions, 10, 2, 2)
        .string("test").string("2024-01-01T00:00:00+00:00").string("2024-01-01T00:00:01+00:00")
        .i64(sessions);
  }

  private static LogBytes event(LogBytes b, boolean write, long key, long value, boolean ok) {
    return b.bool(write).i64(key).i64(value).bool(ok);
  }

  @Test
  void readsOfZeroAreInitialFailedEventsAreLeftOutUncommittedAreAborted() throws Exception {
    LogBytes b = header(2).i64(2);
    event(b.i64(2), true, 1, 5, true);
    event(b, false, 2, 0, true).bool(true);
    event(b.i64(2), false, 1, 5, true);
    event(b, true, 3, 7, false).bool(false);
    b.i64(2);
    event(b.i64(1), false, 1, 5, true).bool(true);
    event(b.i64(1), true, 4, 9, false).bool(true);
    Path file = b.writeTo(dir.resolve("history.bincode"));

    assertEquals(List.of(
        "0 T1 committed w(1,5) r(2,init)",
        "0 T2 aborted r(1,5)",
        "1 T3 committed r(1,5)"), HistoryText.lines(DbcopBincodeReader.read(file)));
    assertEquals(HistoryText.lines(DbcopBincodeReader.read(file)),
        HistoryText.lines(DbcopBincodeReader.read(dir)), "a folder reads its history.bincode");
  }

  @Test
  void truncatedFileNamesTheRecordAndOffset() throws Exception {
    LogBytes b = header(1).i64(1);
    event(b.i64(1), true, 1, 5, true).bool(true);
    Path file = b.writeTruncated(dir.resolve("history.bincode"), 3);

    assertMessage(file, file + ": byte 142: the file ends inside a record: event's value at "
        + "byte 151 needs 1 more byte(s)");
  }

  @Test
  void aBooleanOtherThanZeroOrOneIsRefused() throws Exception {
    LogBytes b = header(1).i64(1);
    event(b.i64(1), true, 1, 5, true).u8(7);
    Path file = b.writeTo(dir.resolve("history.bincode"));

    assertMessage(file, file + ": byte 160: committed flag of transaction 1 must be a boolean "
        + "(0 or 1), not 7");
  }

  @Test
  void aWriteOfZeroIsRefused() throws Exception {
    LogBytes b = header(1).i64(1);
    event(b.i64(1), true, 4, 0, true).bool(true);
    Path file = b.writeTo(dir.resolve("history.bincode"));

    assertMessage(file, file + ": byte 142: writes 0 to key 4, the value of dbcop's implicit "
        + "initial transaction, so its reads could not be told from reads of the initial state");
  }

  @Test
  void aNegativeCountIsRefused() throws Exception {
    Path file = header(1).i64(-3).writeTo(dir.resolve("history.bincode"));

    assertMessage(file, file + ": byte 126: transaction count of session 0 is -3, which cannot "
        + "be right");
  }

  @Test
  void bytesAfterTheLastSessionAreRefused() throws Exception {
    LogBytes b = header(1).i64(1);
    event(b.i64(1), true, 1, 5, true).bool(true).u8(0);
    Path file = b.writeTo(dir.resolve("history.bincode"));

    assertMessage(file, file + ": byte 161: unexpected bytes after the last session");
  }

  private static void assertMessage(Path file, String expected) {
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> DbcopBincodeReader.read(file));
    assertEquals(expected, e.getMessage());
  }
}
