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
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-key job carries read lists only when some row holds one: the chunks it shuffles
 * for a history without the column, or with the column all null (as our writer writes a
 * history without list reads), have no list array, and no second pass is kept.
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
    assertTrue(chunks.stream().allMatch(c -> c.list != null));
    KeyStage.Result keys = KeyStage.run(spark, h, 10);
    assertNotNull(keys.again());
    assertEquals(0, ListStage.run(keys, h.txns(), 10).secondPass());
  }

  /** The chunks the per-key job's map side makes of h's rows (here on the driver). */
  private static List<KeyedRows> chunks(SparkSession spark, HistoryStage.Result h) {
    KeyChecks.Context ctx = new KeyChecks.Context(h.index(), h.txns().opStart,
        h.txns().outcome, h.txns().txnId, 10, h.readLists());
    List<DecodedSplits.Split> splits = h.input()
        .rdd(JavaSparkContext.fromSparkContext(spark.sparkContext())).collect();
    List<KeyedRows> out = new ArrayList<>();
    new KeyChunks(splits.iterator(), h.input(), ctx, 4).forEachRemaining(c -> out.add(c._2()));
    return out;
  }
}
