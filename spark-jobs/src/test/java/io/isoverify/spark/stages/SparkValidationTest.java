package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.check.Level;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetTestFiles;
import io.isoverify.spark.engine.SparkEngine;
import io.isoverify.spark.engine.TestSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every malformed history gets the same message from the Spark engine as from the
 * in-process reader: the cases of history's ParquetValidationTest, and the cases that
 * concern several rows (transactions whose rows disagree, positions, timestamps).
 */
class SparkValidationTest {
  private static final String B = ParquetTestFiles.BASIC;
  private static final String W = "session=1 txn=1 txn_pos=0 op_pos=0 kind=w key=1 value=1 "
      + "outcome=committed";
  private static final String LIST = B.replace("optional int64 end_ts;", "optional int64 end_ts; "
      + "optional group read_list (LIST) { repeated group list { optional int64 element; } }");
  private static final String PRED = B.replace("optional int64 end_ts;", "optional int64 end_ts; "
      + "optional int64 pred_field; optional int64 pred_low; optional int64 pred_high; "
      + "optional int32 pred_matched;");

  private static final String FIELDS = PRED.replace("optional int32 pred_matched;",
      "optional int32 pred_matched; "
      + "optional group row_fields (LIST) { repeated group list { optional int64 element; } }");
  private static final String PR = "session=2 txn=2 txn_pos=0 op_pos=0 kind=pr outcome=committed "
      + "pred_field=1 pred_low=0 pred_high=9 pred_matched=0";

  @TempDir Path dir;

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("no rows", B, new String[] {}),
        Arguments.of("missing column", B.replace("required int64 txn;", ""),
            new String[] {"session=1 txn_pos=0 op_pos=0 kind=w key=1 value=1 outcome=committed"}),
        Arguments.of("mistyped column", B.replace("required int64 txn;", "required binary txn (STRING);"),
            new String[] {W.replace("txn=1", "txn=a")}),
        Arguments.of("null in a nullable required column", B.replace("required int64 txn;", "optional int64 txn;"),
            new String[] {W, "session=1 txn_pos=1 op_pos=0 kind=r key=1 value=1 outcome=committed"}),
        Arguments.of("write without value", B,
            new String[] {"session=1 txn=7 txn_pos=0 op_pos=0 kind=w key=1 outcome=committed"}),
        Arguments.of("read without key", B,
            new String[] {W, "session=1 txn=1 txn_pos=0 op_pos=1 kind=r value=1 outcome=committed"}),
        Arguments.of("unknown kind", B, new String[] {W.replace("kind=w", "kind=write")}),
        Arguments.of("unknown outcome", B,
            new String[] {W, W.replace("op_pos=0", "op_pos=1").replace("committed", "ok")}),
        Arguments.of("position beyond 32 bits", B.replace("required int32 txn_pos;", "required int64 txn_pos;"),
            new String[] {W.replace("txn_pos=0", "txn_pos=4294967296")}),
        Arguments.of("read list null element", LIST, new String[] {W,
            "session=2 txn=2 txn_pos=0 op_pos=0 kind=r key=1 value=1 outcome=committed read_list=0|_|1"}),
        Arguments.of("read list on a write", LIST, new String[] {W + " read_list=1"}),
        Arguments.of("read list last element", LIST, new String[] {W,
            "session=2 txn=2 txn_pos=0 op_pos=0 kind=r key=1 value=1 outcome=committed read_list=1|2"}),
        Arguments.of("predicate read with a key", PRED, new String[] {
            "session=1 txn=1 txn_pos=0 op_pos=0 kind=pr key=4 outcome=committed pred_field=1 pred_low=0 pred_high=9 pred_matched=0"}),
        Arguments.of("predicate read without match count", PRED, new String[] {
            "session=1 txn=1 txn_pos=0 op_pos=0 kind=pr outcome=committed pred_field=1 pred_low=0 pred_high=9"}),
        Arguments.of("predicate columns on a write", PRED, new String[] {W + " pred_low=3"}),
        Arguments.of("predicate match count beyond 32 bits",
            PRED.replace("optional int32 pred_matched;", "optional int64 pred_matched;"),
            new String[] {"session=1 txn=1 txn_pos=0 op_pos=0 kind=pr outcome=committed "
                + "pred_field=1 pred_low=0 pred_high=9 pred_matched=4294967296"}),
        Arguments.of("row fields odd", FIELDS, new String[] {W + " row_fields=1|2|3", PR}),
        Arguments.of("row fields null element", FIELDS, new String[] {W + " row_fields=1|_", PR}),
        Arguments.of("row fields on a read", FIELDS, new String[] {W + " row_fields=1|5",
            "session=2 txn=2 txn_pos=0 op_pos=0 kind=r key=1 value=1 outcome=committed row_fields=1|5"}),
        Arguments.of("row fields, the first bad one in file order", FIELDS, new String[] {
            W + " row_fields=1|_", PR, W.replace("txn=1", "txn=3").replace("session=1", "session=3")
                .replace("value=1", "value=3") + " row_fields=4"}),
        Arguments.of("row fields bad before a row with a bad kind", FIELDS, new String[] {
            W + " row_fields=1|2|3", W.replace("op_pos=0", "op_pos=1").replace("kind=w", "kind=x")}),
        Arguments.of("negative operation position", B, new String[] {W.replace("op_pos=0", "op_pos=-1")}),
        Arguments.of("rows disagree on the session", B,
            new String[] {W, W.replace("session=1", "session=2").replace("op_pos=0", "op_pos=1")}),
        Arguments.of("id used in two sessions", B, new String[] {W,
            W.replace("session=1", "session=2").replace("txn_pos=0", "txn_pos=3").replace("op_pos=0", "op_pos=1")}),
        Arguments.of("rows disagree on the position", B,
            new String[] {W, W.replace("txn_pos=0", "txn_pos=1").replace("op_pos=0", "op_pos=1")}),
        Arguments.of("rows disagree on the timestamps", B, new String[] {W + " start_ts=1 end_ts=5",
            W.replace("op_pos=0", "op_pos=1") + " start_ts=1 end_ts=6"}),
        Arguments.of("adjacent disagreement before a bad row", B, new String[] {W,
            W.replace("op_pos=0", "op_pos=1").replace("committed", "aborted"), W.replace("kind=w", "kind=x")}),
        Arguments.of("separated rows disagree on the outcome", B, new String[] {W,
            "session=2 txn=2 txn_pos=0 op_pos=0 kind=r key=1 value=1 outcome=committed",
            W.replace("op_pos=0", "op_pos=1").replace("committed", "unknown")}),
        Arguments.of("two transactions at one position", B,
            new String[] {W, W.replace("txn=1", "txn=2").replace("value=1", "value=2")}),
        Arguments.of("start without end", B, new String[] {W + " start_ts=4"}),
        Arguments.of("ends before it starts", B, new String[] {W + " start_ts=4 end_ts=3"}),
        Arguments.of("timestamps go back", B, new String[] {W + " start_ts=4 end_ts=9",
            W.replace("txn=1", "txn=2").replace("txn_pos=0", "txn_pos=1") + " start_ts=2 end_ts=3"}),
        Arguments.of("operation position gap", B,
            new String[] {W, W.replace("op_pos=0", "op_pos=2")}),
        Arguments.of("operation position repeated", B,
            new String[] {W, W.replace("value=1", "value=2")}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void sameMessageAsTheInProcessReader(String name, String schema, String[] rows) throws Exception {
    Path f = ParquetTestFiles.write(dir.resolve("h.parquet"), schema, rows);
    String expected = assertThrows(InvalidHistoryException.class,
        () -> ParquetHistoryReader.read(f)).getMessage();
    SparkEngine engine = new SparkEngine(TestSpark.session(), 100, io.isoverify.engine.ProgressListener.NONE);
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> engine.check(f.toString(), f.toString(), List.of(Level.SER)));
    assertEquals(expected, e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("envelopes")
  void filesThatAreNotWholeParquetFiles(String name, byte[] content) throws Exception {
    Path f = Files.write(dir.resolve("x.parquet"), content);
    String expected = assertThrows(InvalidHistoryException.class,
        () -> ParquetHistoryReader.read(f)).getMessage();
    SparkEngine engine = new SparkEngine(TestSpark.session(), 100, io.isoverify.engine.ProgressListener.NONE);
    assertEquals(expected, assertThrows(InvalidHistoryException.class,
        () -> engine.check(f.toString(), f.toString(), List.of(Level.SER))).getMessage());
  }

  static Stream<Arguments> envelopes() {
    return Stream.of(Arguments.of("empty", new byte[0]),
        Arguments.of("text", "{\"session\":1}\n".getBytes()),
        Arguments.of("truncated", "PAR1\0\0\0\0\0\0".getBytes()));
  }
}
