package io.isoverify.spark.graphx;

import io.isoverify.graph.Partition;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.graph.SccLabeller;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.spark.engine.SparkSessions;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Benchmark main (not a test): the P-SCC step of one history's partition on the driver
 * (in-JVM Tarjan) against the same step on GraphX ({@link GraphxScc}, after the driver's
 * trimming), on an embedded Spark. Prints both times, the P-graph and residual sizes and
 * whether the components agree. Run from the test classpath:
 * {@code java -cp ... io.isoverify.spark.graphx.GraphxSccBench FILE.parquet [SER|SI|SSER] [master] [limit-seconds]}.
 */
public final class GraphxSccBench {
  private GraphxSccBench() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    Level level = args.length > 1 ? Level.valueOf(args[1]) : Level.SER;
    String master = args.length > 2 ? args[2] : "local[*]";
    long limitSeconds = args.length > 3 ? Long.parseLong(args[3]) : 600;
    History h = ParquetHistoryReader.read(file);
    PolygraphInput in = PolygraphInput.of(h);
    SparkSession spark = SparkSessions.getOrCreate(master, Map.of());
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    PartitionOptions options = PartitionOptions.defaults();
    AtomicInteger jobs = new AtomicInteger();
    spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onJobEnd(SparkListenerJobEnd end) {
        jobs.incrementAndGet();
      }
    });
    for (int round = 0; round < 2; round++) {
      Partition driver = Partitioner.partition(in, level, options);
      System.out.printf(Locale.ROOT, "%s %s round %d: %d vertices, %d components (largest %d); "
          + "P-SCC + components on the driver %.3f s%n", file.getFileName(), level, round,
          driver.vertexCount(), driver.components().size(), driver.stats().largestComponent(),
          driver.stats().componentsNanos() / 1e9);
      GraphxScc graphx = new GraphxScc(jsc);
      long start = System.nanoTime();
      SccLabeller measured = (n, from, to) -> {
        System.out.printf(Locale.ROOT, "  P-SCC step reached after %.3f s; trimmed and deduplicated to %d vertices, %d arcs; "
            + "GraphX starts%n", (System.nanoTime() - start) / 1e9, n, from.length);
        return graphx.label(n, from, to);
      };
      ExecutorService watch = Executors.newSingleThreadExecutor();
      Future<Partition> run = watch.submit(
          () -> Partitioner.partition(in, level, options.withSccLabeller(measured, 0)));
      try {
        Partition cluster = run.get(limitSeconds, TimeUnit.SECONDS);
        System.out.printf(Locale.ROOT, "  with GraphX %.3f s (GraphX labelling %.3f s, %d Spark "
            + "jobs); same components: %b%n", cluster.stats().componentsNanos() / 1e9,
            graphx.nanos() / 1e9, jobs.get(), same(driver, cluster));
      } catch (TimeoutException e) {
        System.out.printf(Locale.ROOT, "  GraphX unfinished after %d s (%d Spark jobs run)%n",
            limitSeconds, jobs.get());
        System.exit(0); // a benchmark main: the unfinished Pregel loop is abandoned
      } finally {
        watch.shutdown();
      }
      jobs.set(0);
    }
    spark.stop();
  }

  private static boolean same(Partition a, Partition b) {
    if (a.components().size() != b.components().size()) {
      return false;
    }
    for (int i = 0; i < a.components().size(); i++) {
      var x = a.components().get(i);
      var y = b.components().get(i);
      if (x.vertexCount() != y.vertexCount() || x.constraintCount() != y.constraintCount()
          || x.knownEdgeCount() != y.knownEdgeCount()) {
        return false;
      }
      for (int v = 0; v < x.vertexCount(); v++) {
        if (x.txn(v) != y.txn(v)) {
          return false;
        }
      }
    }
    return true;
  }
}
