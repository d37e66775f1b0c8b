package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.WrittenFields;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VboxLogReaderTest {
  private static final long F1 = 1111;
  private static final long F2 = 2222;

  @TempDir
  Path dir;

  /** A record with its statement id and client times. */
  private static LogBytes rec(LogBytes b, char tag, long oid, long start, long end) {
    return b.tag(tag).u32(oid).i64(start, end);
  }

  private static LogBytes write(LogBytes b, long oid, long key, long field, long value) {
    return rec(b, 'W', oid, 0, 0).i64(key, field).u32(value);
  }

  private static LogBytes read(LogBytes b, long oid, long key, long fromTid, long fromOid) {
    return rec(b, 'R', oid, 0, 0).i64(key).u32(fromTid, fromOid);
  }

  private static LogBytes predicate(LogBytes b, long oid, long field, long low, long high,
      long[] keys, long[] tids, long[] oids) {
    rec(b, 'P', oid, 0, 0).i64(field).u32(low, high, keys.length).i64(keys);
    return b.u32(tids).u32(oids);
  }

  /** The value code a write of statement {@code oid} in transaction {@code tid} shows as. */
  private static String v(long tid, long oid) {
    return Long.toString(tid << 32 | oid);
  }

  @Test
  void convertsWritesReadsAndPredicateReads() throws Exception {
    LogBytes one = LogBytes.littleEndian();
    rec(one, 'T', 1, 100, 200);
    rec(one, 'S', 2, 100, 110);
    write(one, 3, 10, F1, 1);
    write(one, 3, 10, F2, 2);
    write(one, 4, 11, F1, 5);
    rec(one, 'C', 5, 190, 200).writeTo(dir.resolve("1.log"));
    LogBytes two = LogBytes.littleEndian();
    rec(two, 'T', 2, 300, 400);
    rec(two, 'S', 6, 300, 310);
    read(two, 7, 10, 1, 3);
    read(two, 8, 12, 0, 0);
    read(two, 9, 10, 1, 3);
    read(two, 9, 11, 1, 4);
    predicate(two, 9, F1, 0, 9, new long[] {10, 11}, new long[] {1, 1}, new long[] {1, 1});
    write(two, 10, 11, F1, 50);
    predicate(two, 10, F1, 40, 60, new long[] {11}, new long[] {2}, new long[] {2});
    rec(two, 'A', 11, 390, 400).writeTo(dir.resolve("2.log"));
    LogBytes three = LogBytes.littleEndian();
    rec(three, 'T', 3, 500, 600);
    rec(three, 'S', 12, 500, 510);
    write(three, 13, 12, F1, 7).writeTo(dir.resolve("10.log"));

    assertEquals(List.of(
        "1 T1 committed [100,200] w(10," + v(1, 3) + ") w(11," + v(1, 4) + ")",
        "2 T2 aborted [300,400] r(10," + v(1, 3) + ") r(12,init) pr(1111,0,9,2) r(10,"
            + v(1, 3) + ") r(11," + v(1, 4) + ") pr(1111,40,60,1) w(11," + v(2, 10) + ")",
        "10 T3 unknown [500,600] w(12," + v(3, 13) + ")"),
        HistoryText.lines(VboxLogReader.read(dir)));
  }

  @Test
  void writesKeepTheFieldsTheySetAndAPredicateUpdateComesBeforeItsWrites() throws Exception {
    LogBytes one = LogBytes.littleEndian();
    rec(one, 'T', 1, 100, 200);
    write(one, 3, 10, F1, 1);
    write(one, 3, 10, F2, 2);
    write(one, 4, 10, F2, 5);
    write(one, 5, 10, F1, 7);
    write(one, 5, 11, F1, 7);
    predicate(one, 5, F2, 0, 9, new long[] {10, 11}, new long[] {1, 1}, new long[] {1, 1});
    rec(one, 'C', 6, 190, 200).writeTo(dir.resolve("1.log"));
    History h = VboxLogReader.read(dir);
    assertEquals(List.of("1 T1 committed [100,200] w(10," + v(1, 3) + ") w(10," + v(1, 4)
        + ") pr(2222,0,9,2) w(10," + v(1, 5) + ") w(11," + v(1, 5) + ")"), HistoryText.lines(h));
    assertEquals(new WrittenFields(new long[] {F1, F2}, new long[] {1, 2}), h.writtenFields(0));
    assertEquals(new WrittenFields(new long[] {F2}, new long[] {5}), h.writtenFields(1));
    assertEquals(new WrittenFields(new long[] {F1}, new long[] {7}), h.writtenFields(4));
  }

  @Test
  void predicateMatchesWithoutReadRecordsReadTheirWritersLastWrite() throws Exception {
    LogBytes one = LogBytes.littleEndian();
    rec(one, 'T', 1, 100, 200);
    write(one, 3, 10, F1, 1);
    write(one, 4, 10, F1, 2);
    rec(one, 'C', 5, 190, 200).writeTo(dir.resolve("1.log"));
    LogBytes two = LogBytes.littleEndian();
    rec(two, 'T', 2, 300, 400);
    predicate(two, 9, F1, 0, 9, new long[] {10, 12}, new long[] {1, 0}, new long[] {1, 0});
    rec(two, 'C', 11, 390, 400).writeTo(dir.resolve("2.log"));

    assertEquals(List.of(
        "1 T1 committed [100,200] w(10," + v(1, 3) + ") w(10," + v(1, 4) + ")",
        "2 T2 committed [300,400] pr(1111,0,9,2) r(10," + v(1, 4) + ") r(12,init)"),
        HistoryText.lines(VboxLogReader.read(dir)));
  }

  @Test
  void aPredicateMatchNamingAWriterThatNeverWroteTheRowIsRefused() throws Exception {
    LogBytes b = LogBytes.littleEndian();
    rec(b, 'T', 2, 300, 400);
    predicate(b, 9, F1, 0, 9, new long[] {10}, new long[] {7}, new long[] {7})
        .writeTo(dir.resolve("0.log"));

    assertMessage(dir.resolve("0.log") + ": byte 21: the predicate read names transaction 7 as "
        + "the writer of key 10, but no log has that transaction write it");
  }

  @Test
  void aLogOfOverlappingTransactionsGivesEachItsOwnSession() throws Exception {
    LogBytes loader = LogBytes.littleEndian();
    rec(loader, 'T', 1, 0, 100);
    write(loader, 2, 1, F1, 1);
    rec(loader, 'C', 3, 90, 100);
    rec(loader, 'T', 4, 50, 150);
    write(loader, 5, 2, F1, 1);
    rec(loader, 'C', 6, 140, 150).writeTo(dir.resolve("-1.log"));

    assertEquals(List.of(
        "-1/1 T1 committed [0,100] w(1," + v(1, 2) + ")",
        "-1/4 T4 committed [50,150] w(2," + v(4, 5) + ")"),
        HistoryText.lines(VboxLogReader.read(dir)));
  }

  @Test
  void unknownTagIsRefused() throws Exception {
    LogBytes b = LogBytes.littleEndian();
    rec(b, 'T', 1, 0, 100);
    b.tag('Q').writeTo(dir.resolve("0.log"));

    assertMessage(dir.resolve("0.log") + ": byte 21: unknown record tag 'Q' (a vbox log has "
        + "only T, S, W, R, P, C and A records)");
  }

  @Test
  void truncatedPredicateNamesTheLogAndOffset() throws Exception {
    LogBytes b = LogBytes.littleEndian();
    rec(b, 'T', 1, 0, 100);
    predicate(b, 2, F1, 0, 9, new long[] {10, 11}, new long[] {1, 1}, new long[] {1, 1})
        .writeTruncated(dir.resolve("0.log"), 6);

    assertMessage(dir.resolve("0.log") + ": byte 21: the file ends inside a record: predicate "
        + "matches at byte 88 needs 6 more byte(s)");
  }

  @Test
  void predicateWhoseReadRecordsDoNotMatchIsRefused() throws Exception {
    LogBytes b = LogBytes.littleEndian();
    rec(b, 'T', 1, 0, 100);
    read(b, 2, 10, 0, 0);
    predicate(b, 2, F1, 0, 9, new long[] {10, 11}, new long[] {0, 0}, new long[] {0, 0})
        .writeTo(dir.resolve("0.log"));

    assertMessage(dir.resolve("0.log") + ": byte 58: the predicate read matches 2 rows but 1 "
        + "read records of its statement 2 precede it");
  }

  @Test
  void recordOutsideATransactionIsRefused() throws Exception {
    write(LogBytes.littleEndian(), 2, 10, F1, 1).writeTo(dir.resolve("0.log"));

    assertMessage(dir.resolve("0.log") + ": byte 0: a write record outside any transaction (no "
        + "T record before it)");
  }

  private void assertMessage(String expected) {
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> VboxLogReader.read(dir));
    assertEquals(expected, e.getMessage());
  }
}
