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
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-key job reads the read_list column only when some row holds a read list: a
 * history without the column, or with the column all null (as our writer writes a history
 * without list reads), costs what it cost before list reads were checked on Spark.
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
      assertFalse(readSchema(spark, h).contains("read_list"), readSchema(spark, h));
      assertNull(KeyStage.run(spark, h, 10).again(), "no second pass is kept");
    }
    HistoryStage.Result h = HistoryStage.run(spark, lists.toString(), lists.toString());
    assertTrue(h.readLists());
    assertTrue(readSchema(spark, h).contains("read_list"), readSchema(spark, h));
    KeyStage.Result keys = KeyStage.run(spark, h, 10);
    assertNotNull(keys.again());
    assertEquals(0, ListStage.run(keys, h.txns(), 10).secondPass());
  }

  /** The columns the per-key job's Parquet scan reads (Spark's ReadSchema). */
  private static String readSchema(SparkSession spark, HistoryStage.Result h) {
    String plan = KeyStage.rows(spark, h).queryExecution().sparkPlan().toString();
    int at = plan.indexOf("ReadSchema: ");
    return plan.substring(at, plan.indexOf('\n', at) < 0 ? plan.length() : plan.indexOf('\n', at));
  }
}
