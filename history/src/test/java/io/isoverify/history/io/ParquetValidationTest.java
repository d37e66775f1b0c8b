package io.isoverify.history.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Parquet reader itself rejects: files that are not whole Parquet files, schemas
 * that are not the history's, and rows that break the column rules. Each case asserts the
 * user's whole message: file, place, problem.
 */
class ParquetValidationTest {
  private static final String W = "session=1 txn=1 txn_pos=0 op_pos=0 kind=w key=1 value=1 "
      + "outcome=committed";

  @TempDir
  Path dir;

  @Test
  void aZeroByteFile() throws Exception {
    Path f = Files.createFile(dir.resolve("empty.parquet"));
    assertInvalid(f, "the file is empty (0 bytes), not a Parquet file");
  }

  @Test
  void aTextFile() throws Exception {
    Path f = Files.writeString(dir.resolve("h.parquet"), "{\"session\":1}\n");
    assertInvalid(f, "not a Parquet file: it does not start with the Parquet magic bytes PAR1");
  }

  @Test
  void aTruncatedFile() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("cut.parquet"), ParquetTestFiles.BASIC, W);
    long size = Files.size(f);
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
      ch.truncate(size / 2);
    }
    assertInvalid(f, "the Parquet file is truncated: its " + size / 2
        + " bytes do not end with the Parquet footer and magic bytes PAR1");
  }

  @Test
  void aCorruptFooter() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("footer.parquet"), ParquetTestFiles.BASIC, W);
    byte[] bytes = Files.readAllBytes(f);
    // The footer ends with its 4-byte length and the magic; garble the footer just before.
    for (int i = bytes.length - 40; i < bytes.length - 8; i++) {
      bytes[i] = (byte) 0xEE;
    }
    Files.write(f, bytes);
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> ParquetHistoryReader.read(f));
    assertTrue(e.getMessage().startsWith(f + ": the Parquet footer cannot be read: "),
        e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void aFileWithoutRows() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("none.parquet"), ParquetTestFiles.BASIC);
    assertInvalid(f, "the history is empty: it has no operations");
  }

  @Test
  void aMissingRequiredColumn() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC
        .replace("required int64 txn;", ""), "session=1 txn_pos=0 op_pos=0 kind=w key=1 "
        + "value=1 outcome=committed");
    assertInvalid(f, "column \"txn\": the required column is missing (expected INT64 or INT32)");
  }

  @Test
  void aMistypedColumn() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC
        .replace("required int64 txn;", "required binary txn (STRING);"), W);
    assertInvalid(f, "column \"txn\": expected INT64 or INT32, found BINARY (STRING)");
  }

  @Test
  void aKeyColumnOfDoubles() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC
        .replace("optional int64 key;", "optional double key;"), W);
    assertInvalid(f, "column \"key\": expected INT64, INT32 or STRING, found DOUBLE");
  }

  @Test
  void aReadListOfStringsBesideIntegerValues() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), withList("binary", "(STRING)"),
        W);
    assertInvalid(f, "column \"read_list\": expected a LIST of INT64 or INT32 (the value "
        + "column's kind), found a LIST of BINARY (STRING)");
  }

  @Test
  void aNullInARequiredColumnDeclaredNullable() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC
        .replace("required int64 txn;", "optional int64 txn;"), W,
        "session=1 txn_pos=1 op_pos=0 kind=r key=1 value=1 outcome=committed");
    assertInvalid(f, "row 2: txn is null, but the column is required");
  }

  @Test
  void aWriteWithoutAValue() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC,
        "session=1 txn=7 txn_pos=0 op_pos=0 kind=w key=1 outcome=committed");
    assertInvalid(f, "row 1: a w operation of transaction 7 has no value");
  }

  @Test
  void aReadWithoutAKey() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC, W,
        "session=1 txn=1 txn_pos=0 op_pos=1 kind=r value=1 outcome=committed");
    assertInvalid(f, "row 2: operation of transaction 1 has no key");
  }

  @Test
  void anUnknownKind() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC,
        W.replace("kind=w", "kind=write"));
    assertInvalid(f, "row 1: kind \"write\" is not one of r, w, pr, ins, del, app");
  }

  @Test
  void anUnknownOutcome() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC, W,
        W.replace("op_pos=0", "op_pos=1").replace("committed", "ok"));
    assertInvalid(f, "row 2: outcome \"ok\" is not one of committed, aborted, unknown");
  }

  @Test
  void aPositionBeyond32Bits() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC
        .replace("required int32 txn_pos;", "required int64 txn_pos;"),
        W.replace("txn_pos=0", "txn_pos=4294967296"));
    assertInvalid(f, "row 1: txn_pos 4294967296 does not fit in 32 bits");
  }

  @Test
  void rowsAreNumberedAcrossRowGroups() throws Exception {
    String[] rows = new String[6];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = W.replace("txn=1 txn_pos=0", "txn=" + i + " txn_pos=" + i);
    }
    rows[4] = rows[4].replace("kind=w", "kind=x");
    Path f = ParquetTestFiles.write(dir.resolve("groups.parquet"),
        b -> b.withRowGroupRowCountLimit(2), ParquetTestFiles.BASIC, rows);
    assertInvalid(f, "row 5: kind \"x\" is not one of r, w, pr, ins, del, app");
  }

  @Test
  void aReadListWithANullElement() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), withList("int64", ""), W,
        "session=2 txn=2 txn_pos=0 op_pos=0 kind=r key=1 value=1 outcome=committed "
            + "read_list=0|_|1");
    assertInvalid(f, "row 2: read_list has a null element");
  }

  @Test
  void aReadListOnAWrite() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), withList("int64", ""),
        W + " read_list=1");
    assertInvalid(f, "row 1: read_list is only for reads (r), not w");
  }

  @Test
  void aReadListWhoseLastElementIsNotTheValue() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), withList("int64", ""), W,
        "session=2 txn=2 txn_pos=0 op_pos=0 kind=r key=1 value=1 outcome=committed "
            + "read_list=1|2");
    assertInvalid(f, "row 2: value 1 differs from the last element of read_list (2)");
  }

  @Test
  void aPredicateReadWithAKey() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), withPredicates(),
        "session=1 txn=1 txn_pos=0 op_pos=0 kind=pr key=4 outcome=committed pred_field=1 "
            + "pred_low=0 pred_high=9 pred_matched=0");
    assertInvalid(f, "row 1: a predicate read (pr) has no key, but key is 4");
  }

  @Test
  void aPredicateReadMissingItsMatchCount() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), withPredicates(),
        "session=1 txn=1 txn_pos=0 op_pos=0 kind=pr outcome=committed pred_field=1 "
            + "pred_low=0 pred_high=9");
    assertInvalid(f, "row 1: a predicate read (pr) needs pred_field, pred_low, pred_high and "
        + "pred_matched, but pred_matched is null");
  }

  @Test
  void predicateColumnsOnAWrite() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), withPredicates(),
        W + " pred_low=3");
    assertInvalid(f, "row 1: pred_low is set, but the pred_ columns are only for predicate "
        + "reads (pr)");
  }

  @Test
  void corruptDataIsReportedAtTheRowWhereDecodingFailed() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), ParquetTestFiles.BASIC, W);
    byte[] bytes = Files.readAllBytes(f);
    // Overwrite the first column chunk (right after the leading magic) with garbage.
    for (int i = 4; i < 40; i++) {
      bytes[i] = (byte) 0xEE;
    }
    Files.write(f, bytes);
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> ParquetHistoryReader.read(f));
    assertTrue(e.getMessage().startsWith(f + ": row 1: row group 1 cannot be read: "),
        e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void int32ColumnsAndAbsentOptionalColumnsAreAccepted() throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), """
        message spark_schema {
          optional int32 session; optional int32 txn; optional int32 txn_pos;
          optional int32 op_pos; optional binary kind (STRING); optional int32 key;
          optional int32 value; optional binary outcome (STRING);
        }""",
        "session=3 txn=9 txn_pos=0 op_pos=1 kind=r key=2 outcome=aborted",
        "session=3 txn=9 txn_pos=0 op_pos=0 kind=w key=1 value=5 outcome=aborted");
    History h = ParquetHistoryReader.read(f);
    assertEquals(1, h.txnCount());
    assertEquals(2, h.opCount());
    assertEquals(9L, h.txnId(0));
    assertEquals(3L, h.sessions().decode(h.session(0)));
    assertEquals("w", h.opKind(0).code());
    assertEquals(5L, h.values().decode(h.opValue(0)));
    assertEquals(History.INITIAL, h.opValue(1));
    assertEquals(History.NO_TIME, h.startTs(0));
  }

  @Test
  void aMissingFile() {
    assertInvalid(dir.resolve("nowhere.parquet"), "no such file");
  }

  private static String withList(String elementType, String annotation) {
    return ParquetTestFiles.BASIC.replace("optional int64 end_ts;", "optional int64 end_ts; "
        + "optional group read_list (LIST) { repeated group list { optional " + elementType
        + " element " + annotation + "; } }");
  }

  private static String withPredicates() {
    return ParquetTestFiles.BASIC.replace("optional int64 end_ts;", "optional int64 end_ts; "
        + "optional int64 pred_field; optional int64 pred_low; optional int64 pred_high; "
        + "optional int32 pred_matched;");
  }

  private static void assertInvalid(Path f, String problem) {
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> ParquetHistoryReader.read(f));
    assertEquals(f + ": " + problem, e.getMessage());
  }
}
