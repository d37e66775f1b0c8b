package io.isoverify.spark.engine;

import java.util.Map;
import org.apache.spark.sql.SparkSession;

/** The one local SparkSession the tests of this JVM share (two cores, as CI has). */
public final class TestSpark {
  private TestSpark() {}

  public static SparkSession session() {
    return SparkSessions.getOrCreate("local[2]", Map.of("spark.sql.shuffle.partitions", "4"));
  }
}
