package io.isoverify.spark.engine;

import io.isoverify.graph.GpuMode;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.graph.ReachabilityUnavailableException;
import java.util.function.Supplier;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Where the Spark engine builds the pruning's reachability index ({@code spark.verifier.gpu}
 * = auto, on or off; also a system property of that name; default auto): on a CUDA device
 * of the driver when it has one (gpu module, {@link ReachabilityBackends#select}); else on an
 * executor that Spark's resource scheduling gave a GPU ({@link ExecutorReachability}), when
 * the application asks for them ({@value #EXECUTOR_GPUS} above 0, with
 * {@code spark.task.resource.gpu.amount} and the discovery script shipped in the jar:
 * spark-jobs/README.md); else on the driver's CPU, or, with on, an error (exit 2).
 */
public final class GpuChoice {
  /** The setting: auto, on or off. */
  public static final String GPU_CONF = "spark.verifier.gpu";
  /** GPUs per executor, Spark's own resource setting. */
  static final String EXECUTOR_GPUS = "spark.executor.resource.gpu.amount";

  private GpuChoice() {
  }

  /** The backend for this application's settings. */
  static ReachabilityBackend select(SparkSession spark) {
    GpuMode mode = GpuMode.parse(spark.conf().get(GPU_CONF,
        System.getProperty(GPU_CONF, GpuMode.AUTO.word())), GPU_CONF);
    SparkConf conf = spark.sparkContext().getConf();
    return select(mode, executorGpus(conf),
        () -> new ExecutorReachability(JavaSparkContext.fromSparkContext(spark.sparkContext())));
  }

  /**
   * The rule: off the CPU; else the driver's GPU; else, with executor GPUs, an executor's;
   * else the CPU under auto. Under auto a build that fails on a GPU is done on the driver's
   * CPU ({@link ReachabilityBackends#orCpu}).
   *
   * @throws ReachabilityUnavailableException under on when neither the driver nor the
   *     executors have a GPU
   */
  static ReachabilityBackend select(GpuMode mode, double executorGpus,
      Supplier<ReachabilityBackend> onExecutor) {
    if (mode == GpuMode.OFF) {
      return ReachabilityBackends.cpu();
    }
    if (mode == GpuMode.AUTO) {
      ReachabilityBackend driver = ReachabilityBackends.select(GpuMode.AUTO);
      return driver != ReachabilityBackends.cpu() || executorGpus <= 0 ? driver
          : ReachabilityBackends.orCpu(onExecutor.get());
    }
    try {
      return ReachabilityBackends.select(GpuMode.ON);
    } catch (ReachabilityUnavailableException driver) {
      if (executorGpus > 0) {
        return onExecutor.get();
      }
      throw new ReachabilityUnavailableException(driver.getMessage() + "; and the executors "
          + "have none (" + EXECUTOR_GPUS + " is not set)");
    }
  }

  private static double executorGpus(SparkConf conf) {
    String value = conf.get(EXECUTOR_GPUS, "0");
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(EXECUTOR_GPUS + " must be a number, got '" + value + "'");
    }
  }
}
