package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.spark.engine.TestSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file the driver planned the read of (its footer read, its row groups split) that an
 * executor then cannot read as planned is one problem of the whole file, named as such: not
 * a problem at "row 0", which the file may not even have. Here the file is cut in half
 * between the driver's planning and the executors' read.
 */
class ChangedFileTest {
  @TempDir Path dir;

  @Test
  void aFileChangedAfterPlanningIsAProblemOfTheWholeFile() throws Exception {
    SparkSession spark = TestSpark.session();
    Path file = dir.resolve("history.parquet");
    ParquetHistoryWriter.write(HistoryDsl.parse("s1: [w x 1; w y 1]\ns2: [r x 1; r y 1]"), file);
    HistoryStage.Planned planned = HistoryStage.plan(spark, file.toString(), "history.parquet");
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));

    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> HistoryStage.run(spark, planned, file.toString(), "history.parquet"));
    assertEquals("history.parquet", e.file());
    assertEquals("", e.location(), e.getMessage());
    assertEquals(" (when an executor read it: the file changed after the driver had read it, or"
        + " the executor sees another file at that path)",
        e.problem().substring(e.problem().indexOf(" (when")), e.getMessage());
  }
}
