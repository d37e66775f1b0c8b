package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * In local mode a task that runs out of memory fails its job and leaves the JVM running
 * (SparkSessions sets spark.executor.killOnFatalError.depth to 0): Spark's own handler would
 * end the process with exit code 52, outside the command's exit codes, and the command
 * reports UNKNOWN (exit 3) instead, finding the error in the job's failure.
 */
class SparkSessionsTest {
  @Test
  void aTaskOutOfMemoryFailsItsJobNotTheJvm() {
    SparkSession spark = TestSpark.session();
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    SparkException e = assertThrows(SparkException.class, () -> sc.parallelize(List.of(1), 1)
        .map(x -> {
          if (x > 0) {
            throw new OutOfMemoryError("Java heap space (thrown by the test)");
          }
          return x;
        }).collect());
    assertTrue(String.valueOf(e.getMessage()).contains("java.lang.OutOfMemoryError"),
        e.getMessage());
    assertFalse(spark.sparkContext().isStopped());
    // the session still runs jobs
    assertTrue(sc.parallelize(List.of(1, 2, 3), 2).count() == 3);
  }
}
