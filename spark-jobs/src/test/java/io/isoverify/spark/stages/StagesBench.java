package io.isoverify.spark.stages;

import io.isoverify.history.check.ListOrders;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.spark.engine.SparkSessions;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Times the Spark engine's per-operation stages alone (no graph work) on a Parquet history:
 * {@code StagesBench FILE [REPEATS]}. Prints seconds per stage; a benchmark, not a test.
 */
public final class StagesBench {
  private StagesBench() {}

  public static void main(String[] args) throws Exception {
    SparkSession spark = SparkSessions.getOrCreate(null, Map.of());
    int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    for (int i = 0; i < repeats; i++) {
      long t0 = System.nanoTime();
      HistoryStage.Result h = HistoryStage.run(spark, args[0], args[0]);
      long t1 = System.nanoTime();
      KeyStage.Result keys = KeyStage.run(spark, h, 1000);
      long t2 = System.nanoTime();
      ListOrders lists = ListStage.run(keys, h.txns(), 1000).lists();
      NonCycleFindings f = NonCycleStage.run(keys, h.txns(), lists, 1000);
      long t3 = System.nanoTime();
      GraphInputStage.Arrays a = GraphInputStage.run(keys, h.txns().count(), lists);
      long t4 = System.nanoTime();
      System.out.printf("%d txns, %d keys, %d writes, %d reads, findings %s%n", h.txns().count(),
          keys.keyCount(), a.writeKey().length, a.readKey().length, f.counts());
      System.out.printf("read and validate %.2f s, encode %.2f s, non-cycle and lists %.2f s, graph input %.2f s,"
          + " total %.2f s%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9,
          (t4 - t0) / 1e9);
    }
  }
}
