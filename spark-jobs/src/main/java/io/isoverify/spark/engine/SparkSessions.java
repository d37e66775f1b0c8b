package io.isoverify.spark.engine;

import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * The one way the verifier gets a {@link SparkSession}. Embedded {@code local[*]} unless a
 * master is given (the {@code --master} option, or {@code spark.master} as spark-submit
 * sets it); quiet by default: no web UI, no console progress bar, Spark's own logging to a
 * file (src/main/resources/log4j2.properties). The JVM flags Spark needs on Java 17 are not
 * set here: they must be on the JVM's command line, and config/jvm-opens.properties is
 * their one list.
 *
 * <p>Settings of the verifier itself travel as {@code spark.verifier.*} entries of the
 * Spark configuration, so that {@code spark-submit --conf spark.verifier.level=SI} works.
 */
public final class SparkSessions {
  /** The master when none is given: every core of this machine, in this JVM. */
  public static final String LOCAL = "local[*]";

  private SparkSessions() {}

  /**
   * The active session if the JVM has one (spark-submit, a test reusing one), else a new
   * one for {@code master} (null: spark.master from the system properties, else local[*]).
   *
   * @param extra further Spark settings, e.g. spark.jars for a driver that sets its master
   */
  public static SparkSession getOrCreate(String master, Map<String, String> extra) {
    SparkConf conf = new SparkConf(true);
    if (master != null) {
      conf.setMaster(master);
    } else if (!conf.contains("spark.master")) {
      conf.setMaster(LOCAL);
    }
    conf.setIfMissing("spark.app.name", "isoverify");
    conf.setIfMissing("spark.ui.enabled", "false");
    conf.setIfMissing("spark.ui.showConsoleProgress", "false");
    // Small shuffles by default: histories are sorted and grouped by key, and a 2-core
    // machine gains nothing from 200 tiny tasks. Large runs raise it with --conf.
    conf.setIfMissing("spark.sql.shuffle.partitions", String.valueOf(
        Math.max(8, 4 * Runtime.getRuntime().availableProcessors())));
    conf.setIfMissing("spark.sql.adaptive.enabled", "true");
    // A binary session, key or value column without the string annotation is text to the
    // in-process reader (UTF-8): Spark reads it as text too, not as byte arrays
    conf.setIfMissing("spark.sql.parquet.binaryAsString", "true");
    extra.forEach(conf::set);
    if (conf.get("spark.master").startsWith("local")) {
      // The executors are this JVM's threads: a task that runs out of memory fails its job
      // (the command reports UNKNOWN, exit 3) instead of Spark ending the JVM (exit 52)
      conf.setIfMissing("spark.executor.killOnFatalError.depth", "0");
    }
    return SparkSession.builder().config(conf).getOrCreate();
  }
}
