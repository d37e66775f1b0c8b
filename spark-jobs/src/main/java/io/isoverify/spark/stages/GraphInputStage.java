package io.isoverify.spark.stages;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.when;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import java.io.Serializable;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * What the dependency graph needs from the operations, computed on Spark and received by
 * the driver as primitive arrays (graph-partitioning's Operations, cobra section 3):
 * <ul>
 *   <li>effective writes: each non-aborted transaction's last write of each key, sorted by
 *       (key, value, transaction);</li>
 *   <li>external reads: reads of a key before the transaction's first write of it, in
 *       program order per transaction, each resolved to its writer by the WR join on
 *       (key, value): the lowest transaction with that effective write,
 *       {@link #INIT_WRITER} for the initial state, {@link #NO_WRITER} when none (or only
 *       the reader itself) wrote it.</li>
 * </ul>
 * Cost on Spark: two aggregations by (transaction, key), one by (key, value), one join, two
 * sorts; on the driver, 3 ints per effective write and 4 per external read.
 */
public final class GraphInputStage {
  public static final int INIT_WRITER = -1;
  public static final int NO_WRITER = -2;

  private GraphInputStage() {}

  /** Effective writes and external reads as arrays (readStart indexes reads by transaction). */
  public record Arrays(int[] writeKey, int[] writeValue, int[] writeTxn, int[] readStart,
      int[] readKey, int[] readValue, int[] readWriter) {}

  public static Arrays run(Dataset<Row> encoded, int txnCount) {
    Column installs = col("kind").isin(EncodingStage.installKinds());
    Dataset<Row> live = encoded.where(col("aborted").equalTo(false).and(col("k").geq(0)));
    Dataset<Row> writes = live.where(installs);
    Dataset<Row> effective = writes.groupBy("t", "k")
        .agg(max(struct(col("op_pos"), col("v"))).as("last"))
        .select(col("k"), col("last.v").as("v"), col("t"));
    Dataset<Row> firstWrite = writes.groupBy("t", "k").agg(min("op_pos").as("fw"));
    Dataset<Row> writer = effective.groupBy("k", "v").agg(min("t").as("w"));
    Dataset<Row> reads = live.where(col("kind").equalTo(OpKind.READ.ordinal()))
        .join(firstWrite, JoinColumns.of("t", "k"), "left")
        .where(col("fw").isNull().or(col("op_pos").lt(col("fw"))))
        .join(writer, JoinColumns.of("k", "v"), "left")
        .select(col("t"), col("op_pos"), col("k"), col("v"),
            when(col("v").equalTo(History.INITIAL), lit(INIT_WRITER))
                .when(col("w").isNull().or(col("w").equalTo(col("t"))), lit(NO_WRITER))
                .otherwise(col("w")).as("writer"));

    List<IntBlock> w = effective.orderBy("k", "v", "t")
        .javaRDD().mapPartitions(it -> one(IntBlock.of(it, 3))).collect();
    List<IntBlock> r = reads.orderBy("t", "op_pos").select("t", "k", "v", "writer")
        .javaRDD().mapPartitions(it -> one(IntBlock.of(it, 4))).collect();
    int[][] wc = IntBlock.concat(w, 3);
    int[][] rc = IntBlock.concat(r, 4);
    int[] readStart = new int[txnCount + 1];
    for (int t : rc[0]) {
      readStart[t + 1]++;
    }
    for (int t = 0; t < txnCount; t++) {
      readStart[t + 1] += readStart[t];
    }
    return new Arrays(wc[0], wc[1], wc[2], readStart, rc[1], rc[2], rc[3]);
  }

  private static <T> Iterator<T> one(T t) {
    return List.of(t).iterator();
  }

  /** Int columns of one partition's rows, column-major: what crosses to the driver. */
  record IntBlock(int[][] columns) implements Serializable {
    static IntBlock of(Iterator<Row> it, int width) {
      int[][] cols = new int[width][64];
      int n = 0;
      while (it.hasNext()) {
        Row row = it.next();
        if (n == cols[0].length) {
          for (int c = 0; c < width; c++) {
            cols[c] = java.util.Arrays.copyOf(cols[c], n * 2);
          }
        }
        for (int c = 0; c < width; c++) {
          cols[c][n] = row.getInt(c);
        }
        n++;
      }
      for (int c = 0; c < width; c++) {
        cols[c] = java.util.Arrays.copyOf(cols[c], n);
      }
      return new IntBlock(cols);
    }

    static int[][] concat(List<IntBlock> blocks, int width) {
      int n = 0;
      for (IntBlock b : blocks) {
        n += b.columns()[0].length;
      }
      int[][] out = new int[width][n];
      int at = 0;
      for (IntBlock b : blocks) {
        int m = b.columns()[0].length;
        for (int c = 0; c < width; c++) {
          System.arraycopy(b.columns()[c], 0, out[c], at, m);
        }
        at += m;
      }
      return out;
    }
  }
}
