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

  /**
   * Many reads of few keys (growing, shrinking, branching and repeating lists, as the
   * reader's per-key cache of the last list sees them) come back from Parquet exactly.
   */
  @Test
  void parquetKeepsEveryListOfManyReads(@TempDir Path dir) throws Exception {
    java.util.Random random = new java.util.Random(3);
    java.util.List<long[]> lists = new java.util.ArrayList<>();
    java.util.List<Long> keys = new java.util.ArrayList<>();
    long[][] last = new long[3][0];
    Path parquet = dir.resolve("many.parquet");
    ParquetHistorySink sink = new ParquetHistorySink(parquet);
    for (int t = 0; t < 300; t++) {
      int key = random.nextInt(3);
      long[] prev = last[key];
      long[] list = switch (random.nextInt(4)) {
        case 0 -> java.util.Arrays.copyOf(prev, random.nextInt(prev.length + 1));
        case 1 -> {
          long[] l = prev.clone();
          if (l.length > 0) {
            l[random.nextInt(l.length)] = 100 + random.nextInt(5);
          }
          yield l;
        }
        default -> {
          long[] l = java.util.Arrays.copyOf(prev, prev.length + 1);
          l[prev.length] = random.nextInt(20);
          yield l;
        }
      };
      last[key] = list;
      lists.add(list);
      keys.add((long) key);
      sink.begin(t, t + 1, 0, Outcome.COMMITTED, 2L * t, 2L * t + 1);
      sink.readList(key, list, 0, list.length);
      sink.end();
    }
    sink.close();
    History h = ParquetHistoryReader.read(parquet);
    for (int o = 0; o < lists.size(); o++) {
      int[] codes = h.readList(o);
      long[] values = new long[codes.length];
      for (int i = 0; i < codes.length; i++) {
        values[i] = h.values().longValue(codes[i]);
      }
      assertArrayEquals(lists.get(o), values, "read " + o);
      assertEquals((long) keys.get(o), h.keys().longValue(h.opKey(o)));
    }
  }
}
