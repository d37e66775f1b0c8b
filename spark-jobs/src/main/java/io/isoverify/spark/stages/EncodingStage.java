package io.isoverify.spark.stages;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.when;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

/**
 * Dictionary-encodes a validated history on Spark: keys and values get dense int codes in
 * order of first appearance in the file (the codes History's dictionaries give), and each
 * operation becomes a row of ints.
 *
 * <pre>
 *   encoded ops   t int (dense transaction), op_pos int, kind int (OpKind ordinal),
 *                 k int (key code, -1 for a predicate read), v int (value code,
 *                 History.INITIAL for a read of the initial state, History.NO_VALUE for pr),
 *                 aborted boolean, key_name and value_name (as History.showKey and
 *                 showValue write them)
 *   key names     k int, name string;   value names   v int, name string
 * </pre>
 * Two sorts (distinct keys, distinct values by first row) and three joins; nothing reaches
 * the driver but the two counts.
 */
public final class EncodingStage {
  private EncodingStage() {}

  public record Result(Dataset<Row> ops, long keyCount, long valueCount, Dataset<Row> keyNames,
      Dataset<Row> valueNames) {}

  public static Result run(SparkSession spark, HistoryStage.Result h) {
    Dataset<Row> ops = h.ops();
    Dataset<Row> keys = codes(spark, ops, "key", "k");
    Dataset<Row> values = codes(spark, ops, "value", "v");
    Column kind = lit(-1);
    for (OpKind k : OpKind.values()) {
      kind = when(col("kind").equalTo(k.code()), k.ordinal()).otherwise(kind);
    }
    Dataset<Row> encoded = ops
        .join(h.txnIds(), "txn")
        .join(keys.drop("name"), ops.col("key").equalTo(keys.col("key_id")), "left")
        .join(values.drop("name"), ops.col("value").equalTo(values.col("value_id")), "left")
        .select(col("t"), col("op_pos").cast("int").as("op_pos"), kind.as("kind"),
            coalesce(col("k"), lit(-1)).as("k"),
            coalesce(col("v"), when(col("kind").equalTo(OpKind.PREDICATE_READ.code()),
                lit(History.NO_VALUE)).otherwise(lit(History.INITIAL))).as("v"),
            col("outcome_code").equalTo(lit((byte) io.isoverify.history.Outcome.ABORTED.ordinal()))
                .as("aborted"),
            col("key").cast("string").as("key_name"),
            when(col("value").isNotNull(), col("value").cast("string"))
                .when(col("kind").equalTo(OpKind.PREDICATE_READ.code()), lit("-"))
                .otherwise(lit("init")).as("value_name"))
        .persist(StorageLevel.MEMORY_AND_DISK());
    long keyCount = keys.count();
    long valueCount = values.count();
    return new Result(encoded, keyCount, valueCount, keys.select(col("k"), col("name")),
        values.select(col("v"), col("name")));
  }

  /** (id_column, code, name) for the distinct values of {@code column}, coded by first row. */
  private static Dataset<Row> codes(SparkSession spark, Dataset<Row> ops, String column, String code) {
    Dataset<Row> firsts = ops.where(col(column).isNotNull())
        .groupBy(col(column).as(column + "_id"))
        .agg(min(struct(col("file"), col("row"))).as("first"))
        .orderBy("first");
    StructField idField = firsts.schema().apply(column + "_id");
    JavaRDD<Row> numbered = firsts.javaRDD().zipWithIndex()
        .map(p -> RowFactory.create(p._1().get(0), (int) (long) p._2(), String.valueOf(p._1().get(0))));
    StructType schema = new StructType(new StructField[] {idField,
        DataTypes.createStructField(code, DataTypes.IntegerType, false),
        DataTypes.createStructField("name", DataTypes.StringType, false)});
    return spark.createDataFrame(numbered, schema).persist(StorageLevel.MEMORY_AND_DISK());
  }

  /** The kind codes of the operations that install a version, for isin(). */
  static Object[] installKinds() {
    return java.util.Arrays.stream(OpKind.values()).filter(OpKind::installsVersion)
        .map(k -> (Object) k.ordinal()).toArray();
  }
}
