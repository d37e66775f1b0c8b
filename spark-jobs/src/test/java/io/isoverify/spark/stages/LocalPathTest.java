package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link HistoryStage#localPath}: which inputs the driver reads from its own filesystem (the
 * layout checks, the whole history of a predicate run) and which only through Hadoop.
 */
class LocalPathTest {
  @Test
  void plainPathsAndFileUrisAreLocalOtherSchemesAreNot() {
    assertEquals(Path.of("/data/h.parquet"), HistoryStage.localPath("/data/h.parquet"));
    assertEquals(Path.of("rel/h.parquet"), HistoryStage.localPath("rel/h.parquet"));
    assertEquals(Path.of("/data/h.parquet"), HistoryStage.localPath("file:/data/h.parquet"));
    assertEquals(Path.of("/data/h.parquet"), HistoryStage.localPath("file:///data/h.parquet"));
    assertNull(HistoryStage.localPath("hdfs://nn:8020/data/h.parquet"));
    assertNull(HistoryStage.localPath("s3a://bucket/h.parquet"));
  }
}
