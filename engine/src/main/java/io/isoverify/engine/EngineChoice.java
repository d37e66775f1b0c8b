package io.isoverify.engine;

import java.util.Locale;

/**
 * Which engine checks a history when the user does not say: the Spark engine when a Spark
 * cluster is configured for this JVM ({@code spark.master}, as a system property or the
 * {@code SPARK_MASTER} environment variable, naming anything but {@code local}), the
 * in-process engine otherwise.
 *
 * <p>The rule follows the measurements in spark-jobs/README.md: on one machine Spark's
 * local mode was slower than the in-process engine at every size measured (1M general
 * transactions: 66 s against 39 s for SER; 10M list-append transactions: 207 s against
 * 83 s) and needed more memory, not less (1M SI: 8.6 GB peak RSS against 5 GB), since its
 * executors share the driver's JVM; so it never pays on its own. Its executors pay where
 * they are other machines.
 */
public final class EngineChoice {
  private EngineChoice() {}

  /** True when the configured master (property, then environment) is a cluster's. */
  public static boolean prefersSpark() {
    return isCluster(System.getProperty("spark.master", System.getenv("SPARK_MASTER")));
  }

  /** True for a master that is not embedded: {@code spark://}, {@code yarn}, {@code k8s://}. */
  static boolean isCluster(String master) {
    if (master == null || master.isBlank()) {
      return false;
    }
    return !master.trim().toLowerCase(Locale.ROOT).startsWith("local");
  }
}
