package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CobraLogReaderTest {
  private static final long INIT = CobraLogReader.INIT_ID;
  private static final long NULL = CobraLogReader.NULL_ID;
  private static final long SHARED = CobraLogReader.UNIVERSAL_ID;

  @TempDir
  Path dir;

  @Test
  void readsNameTheirWriteByWriteIdAndInitialReadsAreInitial() throws Exception {
    LogBytes.bigEndian()
        .tag('S').i64(1).tag('W').i64(100, 7, 55).tag('C').i64(1)
        .tag('S').i64(2).tag('R').i64(1, 100, 7, 55).tag('R').i64(INIT, INIT, 8, 999)
        .tag('W').i64(101, 8, 1).tag('C').i64(2)
        .tag('S').i64(3).tag('R').i64(NULL, NULL, 9, 0)
        .writeTo(dir.resolve("T0.log"));
    LogBytes.bigEndian().tag('S').i64(10).tag('R').i64(2, 101, 8, 1).tag('C').i64(10)
        .writeTo(dir.resolve("T12.log"));
    Files.writeString(dir.resolve("T0.debug"), "[DEBUG] not part of the history");
    Files.writeString(dir.resolve("T12.error"), "[ERROR] neither");

    History h = CobraLogReader.read(dir);

    assertEquals(List.of(
        "T0 T1 committed w(7,100)",
        "T0 T2 committed r(7,100) r(8,init) w(8,101)",
        "T0 T3 unknown r(9,init)",
        "T12 T10 committed r(8,101)"), HistoryText.lines(h));
  }

  @Test
  void withoutUniqueWriteIdsTheValueHashIsTheIdentity() throws Exception {
    LogBytes.bigEndian()
        .tag('S').i64(1).tag('W').i64(SHARED, 7, 55).tag('C').i64(1)
        .tag('S').i64(2).tag('R').i64(SHARED, SHARED, 7, 55).tag('C').i64(2)
        .writeTo(dir.resolve("T0.log"));

    assertEquals(List.of("T0 T1 committed w(7,55)", "T0 T2 committed r(7,55)"),
        HistoryText.lines(CobraLogReader.read(dir)));
  }

  @Test
  void mixingUniqueAndSharedWriteIdsIsRefused() throws Exception {
    LogBytes.bigEndian()
        .tag('S').i64(1).tag('W').i64(100, 7, 55).tag('W').i64(SHARED, 8, 55).tag('C').i64(1)
        .writeTo(dir.resolve("T0.log"));

    assertMessage(dir.resolve("T0.log") + ": byte 34: the history mixes unique write ids with "
        + "the shared id 0xabddefee, so reads cannot be matched to writes");
  }

  @Test
  void truncatedRecordNamesTheLogAndOffset() throws Exception {
    LogBytes.bigEndian().tag('S').i64(1).tag('W').i64(100, 7)
        .writeTo(dir.resolve("T3.log"));

    assertMessage(dir.resolve("T3.log") + ": byte 9: the file ends inside a record: value at "
        + "byte 26 needs 8 more byte(s)");
  }

  @Test
  void unknownTagIsRefused() throws Exception {
    LogBytes.bigEndian().tag('S').i64(1).tag('X').i64(1).writeTo(dir.resolve("T0.log"));

    assertMessage(dir.resolve("T0.log") + ": byte 9: unknown record tag 'X' (a cobra log has "
        + "only S, W, R and C records)");
  }

  @Test
  void operationOutsideATransactionIsRefused() throws Exception {
    LogBytes.bigEndian().tag('R').i64(1, 2, 3, 4).writeTo(dir.resolve("T0.log"));

    assertMessage(dir.resolve("T0.log") + ": byte 0: a read outside any transaction (no S "
        + "record before it)");
  }

  @Test
  void commitOfAnotherTransactionIsRefused() throws Exception {
    LogBytes.bigEndian().tag('S').i64(1).tag('C').i64(2).writeTo(dir.resolve("T0.log"));

    assertMessage(dir.resolve("T0.log") + ": byte 9: commit of transaction 2 while transaction "
        + "1 is open");
  }

  @Test
  void garbageCollectionReadIsRefused() throws Exception {
    LogBytes.bigEndian().tag('S').i64(1).tag('R').i64(INIT, 0x23332333L, 3, 4)
        .writeTo(dir.resolve("T0.log"));

    assertMessage(dir.resolve("T0.log") + ": byte 9: a read names writer 0xbebeebee and write "
        + "id 0x23332333: only a read of the initial state names 0xbebeebee or 0xdeadbeef, and "
        + "cobra's garbage-collection reads are not supported");
  }

  @Test
  void builderMessagesNameTheLogInsideTheFolder() throws Exception {
    LogBytes.bigEndian().tag('S').i64(1).tag('W').i64(100, 7, 55).tag('C').i64(1)
        .writeTo(dir.resolve("T0.log"));
    LogBytes.bigEndian().tag('S').i64(1).tag('W').i64(101, 7, 56).tag('C').i64(1)
        .writeTo(dir.resolve("T1.log"));

    assertMessage(dir + ": T1.log byte 9: the operations of transaction 1 disagree on the "
        + "session: T1 here but T0 at T0.log byte 9");
  }

  @Test
  void folderWithoutLogsIsRefused() throws IOException {
    Files.writeString(dir.resolve("T0.debug"), "x");

    assertMessage(dir + ": the folder holds no cobra logs (T<n>.log)");
  }

  private void assertMessage(String expected) {
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> CobraLogReader.read(dir));
    assertEquals(expected, e.getMessage());
  }
}
