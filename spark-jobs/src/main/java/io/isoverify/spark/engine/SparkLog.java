package io.isoverify.spark.engine;

import java.nio.file.Path;

/**
 * Where Spark's own log goes: log4j2 (src/main/resources/log4j2.properties) writes Spark's
 * warnings and errors to {@code -Disoverify.spark.log=FILE}, else
 * {@code ${java.io.tmpdir}/isoverify-spark.log}, through SLF4J. bin/cli-env starts runs that
 * do not name the Spark engine with SLF4J's no-op provider (binding log4j2 costs about a
 * second); a run that turns to Spark by the input's size undoes that with {@link #enable()}
 * before Spark starts, so its log is not lost.
 */
public final class SparkLog {
  /** The provider bin/cli-env sets for runs that do not name the Spark engine. */
  static final String NOP = "org.slf4j.helpers.NOP_FallbackServiceProvider";
  private static final String PROVIDER = "slf4j.provider";

  private SparkLog() {}

  /** The log file Spark writes in this JVM (as log4j2.properties resolves it). */
  public static Path file() {
    String set = System.getProperty("isoverify.spark.log");
    return set != null ? Path.of(set) : Path.of(System.getProperty("java.io.tmpdir"), "isoverify-spark.log");
  }

  /**
   * Lets SLF4J bind log4j2 when Spark starts: drops the no-op provider if it was chosen. Has
   * effect only while SLF4J has not bound yet in this JVM; the verify command calls it before
   * anything logs (nothing does before the engine is chosen).
   */
  public static void enable() {
    if (NOP.equals(System.getProperty(PROVIDER))) {
      System.clearProperty(PROVIDER);
    }
  }
}
