package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.spark.engine.TestSpark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-key job carries read lists only when some row holds one: the chunks it shuffles
 * for a history without the column, or with the column all null (as our writer writes a
 * history without list reads), have no list array, and no second pass is kept; with lists,
 * the chunks hold them and the second pass has the shuffle to run over.
 */
class KeyStageColumnsTest {
  @TempDir Path dir;

  @Test
  void readListsAreReadOnlyWhenSomeRowHasOne() throws Exception {
    SparkSession spark = TestSpark.session();
    Path nulls = dir.resolve("registers.parquet");
    ParquetHistoryWriter.write(HistoryDsl.parse("s1: [w x 1; w y 1]\ns2: [r x 1; r y 1]"), nulls);
    assertEquals(0, spark.read().parquet(nulls.toString()).where("read_list is not null").count(),
        "the writer wrote the column, all null");
    Path without = dir.resolve("without");
    spark.read().parquet(nulls.toString()).drop("read_list").write().parquet(without.toString());
    Path lists = dir.resolve("lists.parquet");
    ParquetHistoryWriter.write(HistoryDsl.parse("s1: [a x 1]\ns2: [r x (1)]"), lists);

    for (Path p : new Path[] {nulls, without}) {
      HistoryStage.Result h = HistoryStage.run(spark, p.toString(), p.toString());
      assertFalse(h.readLists(), p.toString());
      assertTrue(chunks(spark, h).stream().allMatch(c -> c.list == null), p.toString());
      assertNull(KeyStage.run(spark, h, 10).again(), "no second pass is kept");
    }
    HistoryStage.Result h = HistoryStage.run(spark, lists.toString(), lists.toString());
    assertTrue(h.readLists());
    List<KeyedRows> chunks = chunks(spark, h);
    assertFalse(chunks.isEmpty());
    assertTrue(chunks.stream().anyMatch(c -> c.list != null));
    KeyStage.Result keys = KeyStage.run(spark, h, 10);
    assertNotNull(keys.again());
    assertEquals(0, ListStage.run(keys, h.txns(), 10).secondPass());
  }

  /** The per-key job's chunks, as the read pass shuffled them. */
  private static List<KeyedRows> chunks(SparkSession spark, HistoryStage.Result h) {
    int first = h.keys().first();
    List<KeyedRows> out = new ArrayList<>();
    for (SplitChunks.Chunk c : h.keys().rdd().filter(t -> t._1() >= first).values().collect()) {
      out.add((KeyedRows) c);
    }
    return out;
  }
}
