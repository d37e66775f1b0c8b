package io.isoverify.history.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three streaming sinks write list-append reads (Elle) so that every reader gives back
 * the same read lists: the whole list oldest first, the value its last element, an empty
 * list a read of the initial state.
 */
class ListReadSinksTest {
  /** T1 appends 5 and 6 to key 1; T2 reads key 1 = [5 6] and key 2 = []. */
  private static void write(HistorySink sink) throws IOException {
    long[] buffer = {99, 5, 6, 99};
    sink.begin(0, 1, 0, Outcome.COMMITTED, 1, 2);
    sink.op(OpKind.APPEND, 1, 5);
    sink.op(OpKind.APPEND, 1, 6);
    sink.end();
    sink.begin(1, 2, 0, Outcome.COMMITTED, 3, 4);
    sink.readList(1, buffer, 1, 2);
    sink.readList(2, buffer, 3, 0);
    sink.end();
    sink.close();
  }

  private static void assertLists(History h) {
    assertEquals(4, h.opCount());
    int[] list = h.readList(2);
    assertEquals(2, list.length);
    assertEquals(5L, h.values().longValue(list[0]));
    assertEquals(6L, h.values().longValue(list[1]));
    assertEquals(list[1], h.opValue(2));
    assertArrayEquals(new int[0], h.readList(3));
    assertEquals(History.INITIAL, h.opValue(3));
    assertNull(h.readList(0));
  }

  @Test
  void everySinkKeepsTheWholeList(@TempDir Path dir) throws Exception {
    HistoryBuilderSink built = new HistoryBuilderSink("built");
    write(built);
    assertLists(built.history());

    Path jsonl = dir.resolve("h.jsonl");
    write(new JsonlHistorySink(jsonl));
    assertEquals("{\"session\":1,\"txn\":2,\"pos\":0,\"outcome\":\"committed\",\"start\":3,"
        + "\"end\":4,\"ops\":[[\"r\",1,[5,6]],[\"r\",2,[]]]}", Files.readAllLines(jsonl).get(1));
    assertLists(JsonlHistoryReader.read(jsonl));

    Path parquet = dir.resolve("h.parquet");
    write(new ParquetHistorySink(parquet));
    assertLists(ParquetHistoryReader.read(parquet));
  }
}
