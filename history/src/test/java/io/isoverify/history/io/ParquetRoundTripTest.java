package io.isoverify.history.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.Fences;
import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.OrderMarkers;
import io.isoverify.history.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON Lines -> History -> Parquet -> History -> JSON Lines gives back the same text, for
 * every kind of content the model has; and what {@link ParquetHistorySink} streams reads
 * back as the same history.
 */
class ParquetRoundTripTest {
  @TempDir
  Path dir;

  @Test
  void stringKeysValuesAndSessionsWithTimestampsAndAllOutcomes() throws Exception {
    roundTrip("""
        {"session":"alice","txn":1,"pos":0,"outcome":"committed","start":10,"end":20,"ops":[["w","x","a"],["r","y",null]]}
        {"session":"alice","txn":2,"pos":3,"outcome":"aborted","start":21,"end":25,"ops":[["r","x","a"],["w","y","b"]]}
        {"session":"bob","txn":3,"pos":0,"outcome":"unknown","start":11,"end":30,"ops":[["ins","z","c"],["del","z","d"]]}
        """);
  }

  @Test
  void integerKeysValuesAndSessionsWithoutTimestamps() throws Exception {
    roundTrip("""
        {"session":7,"txn":100,"pos":0,"outcome":"committed","ops":[["w",1,10],["w",2,20]]}
        {"session":7,"txn":101,"pos":1,"outcome":"committed","ops":[["r",1,10],["r",3,null]]}
        {"session":8,"txn":-5,"pos":0,"outcome":"unknown","ops":[["r",2,20],["w",1,-9223372036854775807]]}
        """);
  }

  @Test
  void stringSessionsWithIntegerKeysAndStringValues() throws Exception {
    roundTrip("""
        {"session":"worker-1","txn":1,"pos":0,"outcome":"committed","ops":[["w",1,"one"],["w",2,"two"]]}
        {"session":"worker-2","txn":2,"pos":0,"outcome":"aborted","ops":[["r",1,"one"],["del",2,"gone"]]}
        """);
  }

  @Test
  void listAppendReadsIncludingEmptyLists() throws Exception {
    roundTrip("""
        {"session":1,"txn":1,"pos":0,"outcome":"committed","ops":[["app",5,1],["app",5,2]]}
        {"session":2,"txn":2,"pos":0,"outcome":"committed","ops":[["r",5,[1,2]],["r",6,[]],["r",7,null]]}
        """);
  }

  @Test
  void listAppendReadsOfStrings() throws Exception {
    roundTrip("""
        {"session":"a","txn":1,"pos":0,"outcome":"committed","start":1,"end":2,"ops":[["app","l","x"],["r","l",["x"]]]}
        {"session":"b","txn":2,"pos":0,"outcome":"unknown","start":1,"end":3,"ops":[["r","l",[]],["app","l","y"],["r","l",["x","y"]]]}
        """);
  }

  @Test
  void predicateReadsFollowedByTheirRows() throws Exception {
    roundTrip("""
        {"session":"s","txn":1,"pos":0,"outcome":"committed","ops":[["w","k1","v1"],["w","k2","v2"]]}
        {"session":"s","txn":2,"pos":1,"outcome":"committed","ops":[["pr",3,0,100,2],["r","k1","v1"],["r","k2","v2"]]}
        """);
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodecName.class,
      names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4_RAW", "LZ4"})
  void filesCompressedByParquetsOwnCodecsAreRead(CompressionCodecName codec) throws Exception {
    String[] rows = new String[200];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = "session=" + i % 3 + " txn=" + i + " txn_pos=" + i + " op_pos=0 kind=w key="
          + i % 10 + " value=" + i + " outcome=committed";
    }
    Path f = ParquetTestFiles.write(dir.resolve(codec + ".parquet"), codec,
        ParquetTestFiles.BASIC, rows);
    History h = ParquetHistoryReader.read(f);
    assertEquals(200, h.opCount());
    assertEquals(3, h.sessionCount());
    for (int t = 0; t < h.txnCount(); t++) {
      long txn = h.txnId(t);
      assertEquals(txn % 3, h.sessions().decode(h.session(t)));
      assertEquals(txn % 10, h.keys().decode(h.opKey(h.firstOp(t))));
      assertEquals(txn, h.values().decode(h.opValue(h.firstOp(t))));
    }
  }

  @ParameterizedTest
  @CsvSource({"PARQUET_1_0, true", "PARQUET_1_0, false", "PARQUET_2_0, true",
      "PARQUET_2_0, false"})
  void pagesOfBothFormatsWithAndWithoutDictionariesAreRead(WriterVersion version,
      boolean dictionary) throws Exception {
    int n = 1000;
    String[] rows = new String[n];
    for (int i = 0; i < n; i++) {
      rows[i] = "session=s" + i % 7 + " txn=" + i + " txn_pos=" + i + " op_pos=0 kind=w key=k"
          + i % 13 + " value=v" + i + " outcome=committed"
          + (i % 2 == 0 ? " start_ts=" + 10 * i + " end_ts=" + (10 * i + 5) : "");
    }
    String schema = ParquetTestFiles.BASIC.replace("int64 session", "binary session (STRING)")
        .replace("int64 key", "binary key (STRING)")
        .replace("int64 value", "binary value (STRING)");
    // Pages of 64 rows: every column crosses many page boundaries, with nulls in start_ts.
    Path f = ParquetTestFiles.write(dir.resolve("pages.parquet"), b -> b
        .withWriterVersion(version).withDictionaryEncoding(dictionary)
        .withPageRowCountLimit(64).withMinRowCountForPageSizeCheck(1), schema, rows);
    StringBuilder expected = new StringBuilder();
    for (int s = 0; s < 7; s++) {
      for (int i = s; i < n; i += 7) {
        expected.append("{\"session\":\"s").append(s).append("\",\"txn\":").append(i)
            .append(",\"pos\":").append(i).append(",\"outcome\":\"committed\"")
            .append(i % 2 == 0 ? ",\"start\":" + 10 * i + ",\"end\":" + (10 * i + 5) : "")
            .append(",\"ops\":[[\"w\",\"k").append(i % 13).append("\",\"v").append(i)
            .append("\"]]}\n");
      }
    }
    assertEquals(expected.toString(), jsonl(ParquetHistoryReader.read(f)));
  }

  @Test
  void aHistoryMixingIntegerAndStringKeysIsRefusedByName() throws Exception {
    History h = readJsonl("""
        {"session":1,"txn":1,"pos":0,"outcome":"committed","ops":[["w",1,1],["w","x",2]]}
        """);
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> ParquetHistoryWriter.write(h, dir.resolve("mixed.parquet")));
    assertEquals(dir.resolve("in.jsonl") + ": cannot write it as Parquet: its keys mix "
        + "integers and strings (1 and \"x\"), and a Parquet column holds one type",
        e.getMessage());
    assertEquals(0, Files.list(dir).count(), "no file and no temporary file is left behind");
  }

  @Test
  void whatTheSinkStreamsReadsBackAsTheSameHistory() throws Exception {
    Path file = dir.resolve("sink.parquet");
    try (ParquetHistorySink sink = new ParquetHistorySink(file)) {
      sink.begin(1, 10, 0, Outcome.COMMITTED, 100, 110);
      sink.op(OpKind.WRITE, 5, 50);
      sink.readInitial(6);
      sink.end();
      sink.begin(2, 11, 0, Outcome.ABORTED, History.NO_TIME, History.NO_TIME);
      sink.op(OpKind.READ, 5, 50);
      sink.op(OpKind.APPEND, 6, 60);
      sink.end();
      sink.begin(1, 12, 4, Outcome.UNKNOWN, 120, 130);
      sink.op(OpKind.DELETE, 5, 51);
      sink.end();
    }
    assertEquals("""
        {"session":1,"txn":10,"pos":0,"outcome":"committed","start":100,"end":110,"ops":[["w",5,50],["r",6,null]]}
        {"session":1,"txn":12,"pos":4,"outcome":"unknown","start":120,"end":130,"ops":[["del",5,51]]}
        {"session":2,"txn":11,"pos":0,"outcome":"aborted","ops":[["r",5,50],["app",6,60]]}
        """, jsonl(ParquetHistoryReader.read(file)));
    assertEquals(1, Files.list(dir).count(), "only the finished file is left");
  }

  @Test
  void aSinkClosedInTheMiddleOfATransactionLeavesNoFile() throws Exception {
    Path file = dir.resolve("partial.parquet");
    ParquetHistorySink sink = new ParquetHistorySink(file);
    sink.begin(1, 10, 0, Outcome.COMMITTED, History.NO_TIME, History.NO_TIME);
    sink.op(OpKind.WRITE, 5, 50);
    IOException e = assertThrows(IOException.class, sink::close);
    assertEquals("closed in the middle of transaction 10: the history was not written",
        e.getMessage());
    assertEquals(0, Files.list(dir).count());
  }

  @Test
  void aSinkRefusesCallsOutOfOrder() throws Exception {
    try (ParquetHistorySink sink = new ParquetHistorySink(dir.resolve("order.parquet"))) {
      assertEquals("an operation outside a transaction (call begin first)",
          assertThrows(IllegalStateException.class, () -> sink.op(OpKind.WRITE, 1, 1))
              .getMessage());
      sink.begin(1, 10, 0, Outcome.COMMITTED, History.NO_TIME, History.NO_TIME);
      assertEquals("transaction 10 has no operations",
          assertThrows(IllegalStateException.class, sink::end).getMessage());
      sink.op(OpKind.WRITE, 1, 1);
      assertEquals("begin of transaction 11 before the end of 10",
          assertThrows(IllegalStateException.class, () -> sink.begin(1, 11, 1,
              Outcome.COMMITTED, History.NO_TIME, History.NO_TIME)).getMessage());
      sink.end();
    }
    assertEquals(1, ParquetHistoryReader.read(dir.resolve("order.parquet")).txnCount());
  }

  @Test
  void writingReplacesAnExistingFile() throws Exception {
    Path file = dir.resolve("h.parquet");
    Files.writeString(file, "old content");
    History h = readJsonl("""
        {"session":1,"txn":1,"pos":0,"outcome":"committed","ops":[["w",1,1]]}
        """);
    ParquetHistoryWriter.write(h, file);
    assertEquals(jsonl(h), jsonl(ParquetHistoryReader.read(file)));
  }

  /**
   * Order markers (an audit's carried orders): the earlier transaction writes each after its
   * own operations, the later reads it before its own, in the history's key and value types;
   * a fence that carries markers is still a fence, its own read and write found by
   * {@link Fences#op}.
   */
  @Test
  void orderMarkersAreWrittenAroundATransactionsOwnOperations() throws Exception {
    History h = readJsonl("""
        {"session":1,"txn":1,"pos":0,"outcome":"committed","ops":[["r",9223372036854775807,null],["w",9223372036854775807,1]]}
        {"session":2,"txn":2,"pos":0,"outcome":"committed","ops":[["w",5,7]]}
        """);
    Path file = dir.resolve("markers.parquet");
    ParquetHistoryWriter.write(h, t -> true, o -> true, h::opValue, new int[] {0, 0},
        new int[] {1, 1}, new long[] {3, 4}, file);
    assertEquals("""
        {"session":1,"txn":1,"pos":0,"outcome":"committed","ops":[["r",9223372036854775807,null],["w",9223372036854775807,1],["w",9223372036854775803,1],["w",9223372036854775802,1]]}
        {"session":2,"txn":2,"pos":0,"outcome":"committed","ops":[["r",9223372036854775803,1],["r",9223372036854775802,1],["w",5,7]]}
        """, jsonl(ParquetHistoryReader.read(file)));
    History back = ParquetHistoryReader.read(file);
    int fence = Fences.keyCode(back);
    assertTrue(Fences.isFence(back, 0, fence));
    assertEquals(back.firstOp(0) + 1, Fences.op(back, 0, fence, true));
    assertEquals(3, OrderMarkers.marker(back, back.opKey(back.firstOp(1))));
    assertEquals(-1, OrderMarkers.marker(back, back.opKey(back.endOp(1) - 1)));

    History text = readJsonl("""
        {"session":"a","txn":1,"pos":0,"outcome":"committed","ops":[["r","fence",null],["w","fence","f1"]]}
        {"session":"b","txn":2,"pos":0,"outcome":"committed","ops":[["w","x","v"]]}
        """);
    ParquetHistoryWriter.write(text, t -> true, o -> true, text::opValue, new int[] {1},
        new int[] {0}, new long[] {0}, file);
    History textBack = ParquetHistoryReader.read(file);
    assertEquals("""
        {"session":"a","txn":1,"pos":0,"outcome":"committed","ops":[["r","isoverify:order:0","1"],["r","fence",null],["w","fence","f1"]]}
        {"session":"b","txn":2,"pos":0,"outcome":"committed","ops":[["w","x","v"],["w","isoverify:order:0","1"]]}
        """, jsonl(textBack));
    assertTrue(Fences.isFence(textBack, 0, Fences.keyCode(textBack)));
  }

  /** Checks the whole round trip, then that the text came back exactly. */
  private void roundTrip(String text) throws Exception {
    History first = readJsonl(text);
    Path parquet = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(first, parquet);
    History second = ParquetHistoryReader.read(parquet);
    assertEquals(text, jsonl(second));
    assertEquals(first.txnCount(), second.txnCount());
    assertEquals(first.opCount(), second.opCount());
  }

  private History readJsonl(String text) throws Exception {
    Path file = dir.resolve("in.jsonl");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    History h = JsonlHistoryReader.read(file);
    Files.delete(file);
    return h;
  }

  private String jsonl(History h) throws IOException {
    Path out = Files.createTempFile(dir, "out", ".jsonl");
    JsonlHistoryWriter.write(h, out);
    String text = Files.readString(out, StandardCharsets.UTF_8);
    Files.delete(out);
    return text;
  }
}
