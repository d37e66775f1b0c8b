package io.isoverify.spark.stages;

import static org.apache.spark.sql.functions.col;

import io.isoverify.history.IndexSort;
import io.isoverify.history.OpKind;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The per-key job: one shuffle of the operations by key serves the WR join (who wrote
 * each value read), the duplicate-write check, the non-cycle checks and the graph input
 * ({@link KeyChecks} on each key's operations). The driver receives one {@link KeyBlock}
 * per partition (primitive arrays: effective writes, external reads, the reads of unknown
 * outcomes' values, finding counts and a bounded number of findings) and numbers the keys
 * by first appearance in the file, as History does.
 *
 * <p>Value codes differ from History's: History numbers values globally by first
 * appearance, which would take a shuffle by value. Here the code of a (key, value) is the
 * dense id of its first writing operation (of its first read when nobody wrote it);
 * certificates show values by name ({@link NameLookup}), so reports read the same. Key,
 * transaction and operation ids are History's.
 *
 * <p>Cost: one scan of the Parquet columns (txn, op_pos, kind, key, value), one shuffle of
 * a narrow row per keyed operation, hashed by key and sorted within partitions by (key,
 * value, t, op_pos); broadcast: the transaction index and per-transaction op offsets,
 * outcomes and ids. On the driver: the blocks (about 5 ints per effective write or external
 * read of a non-aborted transaction) and a sort of the keys.
 */
public final class KeyStage {
  private KeyStage() {}

  /**
   * The blocks, and for block b's local key j its History key code {@code keyCode[b][j]};
   * {@code keyFirstOp[k]}: an operation of key k (to look its name up).
   */
  public record Result(List<KeyBlock> blocks, int[][] keyCode, int keyCount, int[] keyFirstOp) {}

  public static Result run(SparkSession spark, HistoryStage.Result h, int examples) {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    TxnColumns txns = h.txns();
    Broadcast<KeyChecks.Context> ctx = sc.broadcast(new KeyChecks.Context(
        new FileIndex(h.paths()), h.index(), txns.opStart, txns.outcome, txns.txnId, examples));
    Dataset<Row> ops = OpColumns.read(spark, h.path()).where(col("key").isNotNull())
        .select("file", "row", "txn", "op_pos", "kind", "key", "value");
    StructType schema = new StructType()
        .add("key", ops.schema().apply("key").dataType(), false)
        .add("value", ops.schema().apply("value").dataType(), true)
        .add("t", DataTypes.IntegerType, false)
        .add("op_pos", DataTypes.IntegerType, false)
        .add("kind", DataTypes.ByteType, false)
        .add("file", DataTypes.IntegerType, false)
        .add("row", DataTypes.LongType, false);
    List<KeyBlock> blocks = ops
        .mapPartitions((MapPartitionsFunction<Row, Row>) it -> {
          KeyChecks.Context c = ctx.value();
          return new java.util.Iterator<Row>() {
            @Override
            public boolean hasNext() {
              return it.hasNext();
            }

            @Override
            public Row next() {
              Row r = it.next();
              return RowFactory.create(r.get(5), r.isNullAt(6) ? null : r.get(6),
                  c.index().t(((Number) r.get(2)).longValue()), ((Number) r.get(3)).intValue(),
                  (byte) OpKind.ofCode(r.getString(4)).ordinal(), c.files().of(r.getString(0)),
                  r.getLong(1));
            }
          };
        }, Encoders.row(schema))
        .repartition(col("key"))
        .sortWithinPartitions("key", "value", "t", "op_pos")
        .javaRDD()
        .mapPartitions(it -> List.of(KeyChecks.block(it, ctx.value())).iterator())
        .collect();
    ctx.destroy();
    return recode(blocks);
  }

  /** Key codes by first appearance (file, row), as History's dictionary gives them. */
  private static Result recode(List<KeyBlock> blocks) {
    int n = 0;
    for (KeyBlock b : blocks) {
      n += b.keyCount();
    }
    long[] first = new long[n];
    int at = 0;
    for (KeyBlock b : blocks) {
      System.arraycopy(b.keyFirstPos(), 0, first, at, b.keyCount());
      at += b.keyCount();
    }
    int[] order = IndexSort.byKey(first, n);
    int[] codeOf = new int[n];
    for (int c = 0; c < n; c++) {
      codeOf[order[c]] = c;
    }
    int[][] keyCode = new int[blocks.size()][];
    int[] keyFirstOp = new int[n];
    at = 0;
    for (int b = 0; b < blocks.size(); b++) {
      KeyBlock block = blocks.get(b);
      keyCode[b] = new int[block.keyCount()];
      for (int j = 0; j < block.keyCount(); j++, at++) {
        keyCode[b][j] = codeOf[at];
        keyFirstOp[codeOf[at]] = block.keyFirstOp()[j];
      }
    }
    return new Result(blocks, keyCode, n, keyFirstOp);
  }
}
