package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.HistoryDsl;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Parquet libraries on the Spark classpath (parquet 1.18 for Spark 3.5 built on 1.13):
 * Spark reads a file our writer wrote, with the row numbers our reader names, and our
 * reader still reads it.
 */
class ParquetCompatibilityTest {
  @TempDir Path dir;

  @Test
  void sparkAndOurReaderReadTheSameRows() throws Exception {
    History h = HistoryDsl.parse("""
        s1: [w x 1; w y 1] [r x 1]@5-6
        s2: [r y 1; w y 2]? [r x init]!
        """);
    Path file = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(h, file);
    assertEquals(h.opCount(), ParquetHistoryReader.read(file).opCount());
    SparkSession spark = SparkSessions.getOrCreate(null, Map.of());
    Dataset<Row> rows = spark.read().parquet(file.toString())
        .select("txn", "op_pos", "kind", "key", "value", "_metadata.row_index")
        .orderBy("_metadata.row_index");
    List<String> got = rows.collectAsList().stream().map(Row::toString).toList();
    assertEquals(List.of("[1,0,w,x,1,0]", "[1,1,w,y,1,1]", "[2,0,r,x,1,2]", "[3,0,r,y,1,3]",
        "[3,1,w,y,2,4]", "[4,0,r,x,null,5]"), got);
  }
}
