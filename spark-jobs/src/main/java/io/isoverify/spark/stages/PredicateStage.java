package io.isoverify.spark.stages;

import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.check.PredicateObservations;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistorySchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The predicate reads (vbox, sections 2 and 4.1) on Spark: what they say about the versions
 * their transactions saw, as history's {@link PredicateObservations} in the run's ids (dense
 * transactions, History's key codes, operation ids), computed by the in-process engine's code.
 *
 * <p>A predicate read ranges over every key the history writes, so its observations need
 * every version of every key with the fields it sets. The stage brings exactly that to the
 * driver: a grouped scan of txn and kind finds the transactions that install a version or
 * read by predicate (and counts the predicate reads); a broadcast join on (txn, op_pos) with
 * the keys' first operations names every key; a broadcast semi-join on txn streams, a
 * partition at a time, every row of those transactions (their writes with {@code
 * row_fields}, the predicate reads' matched rows). The driver builds them into a History whose
 * keys are the run's, in the run's order ({@link PredicatePart}), computes the observations
 * there (those of every level and SSER's, {@link PredicateObservations#of}, {@link
 * PredicateObservations#realTime}) and renumbers them into the run's ids ({@link
 * PredicateObservations#renumbered}). Read-only transactions without a predicate read stay on
 * the executors. {@code row_fields} were validated by the read stage ({@link HistoryStage}).
 *
 * <p>Cost: a scan of kind (is there a predicate read at all?), then three scans (txn and
 * kind; txn, op_pos and key; the part's rows); on the driver about what the in-process engine holds for
 * the part's transactions (primitive arrays, O(rows)) plus {@link PredicateObservations}' own
 * cost. The part is not split over the executors: a history whose every transaction writes is
 * whole on the driver, as in-process.
 */
public final class PredicateStage {
  private static final String PART_TXN = "part_txn";

  private PredicateStage() {}

  /**
   * What the predicate reads say, in the run's ids.
   *
   * @param predicateReads the history's predicate reads (operations of kind pr)
   * @param plain the observations every level uses, or NONE without predicate reads
   * @param realTime SSER's (the same object as {@code plain} without timestamps)
   */
  public record Result(long predicateReads, PredicateObservations plain,
      PredicateObservations realTime) {
    static final Result NONE = new Result(0, PredicateObservations.NONE, PredicateObservations.NONE);
  }

  /**
   * The observations of the history {@code h} read, whose keys {@code keys} numbered.
   *
   */
  public static Result run(SparkSession spark, HistoryStage.Result h, KeyStage.Result keys) {
    // the read stage saw every row's kind: without a predicate read, no Spark SQL job at all
    if (!h.predicateReads()) {
      return Result.NONE;
    }
    Dataset<Row> raw = spark.read().parquet(h.path());
    Set<String> have = Set.of(raw.columns());
    // row_fields were validated with every row's other columns (HistoryStage)
    boolean rowFields = have.contains(ParquetHistorySchema.ROW_FIELDS);
    Column kind = col(ParquetHistorySchema.KIND);
    // the part: every transaction that installs a version or reads by predicate, whole
    Object[] partKinds = Arrays.stream(OpKind.values())
        .filter(k -> k.installsVersion() || k == OpKind.PREDICATE_READ).map(OpKind::code).toArray();
    List<Long> partIds = new ArrayList<>();
    long predicateReads = 0;
    for (Row r : raw.filter(kind.isin(partKinds)).groupBy(ParquetHistorySchema.TXN)
        .agg(sum(when(kind.equalTo(OpKind.PREDICATE_READ.code()), 1).otherwise(0)))
        .collectAsList()) {
      partIds.add(HistoryRows.number(r, 0));
      predicateReads += HistoryRows.number(r, 1);
    }
    if (predicateReads == 0) {
      return Result.NONE;
    }
    PredicatePart part = new PredicatePart(h, rowFields, keyNames(spark, h, keys.keyFirstOp()));
    // the part's rows by a broadcast semi-join on txn (no row object on the executors),
    // streamed a partition at a time in Spark SQL's compact rows; the builder keeps
    // primitives. Their file and read list are not needed (row_fields are checked already).
    Dataset<Row> ids = spark.createDataset(partIds, Encoders.LONG()).toDF(PART_TXN);
    Dataset<Row> ops = OpColumns.read(spark, h.path(), true)
        .withColumn("file", lit(null).cast("string"))
        .withColumn("read_list", lit(null).cast("array<long>"))
        .withColumn("kind", OpColumns.kindOrdinal())
        .withColumn("outcome", OpColumns.outcomeOrdinal());
    part.addAll(ops.join(broadcast(ids), ops.col(ParquetHistorySchema.TXN).cast("long")
        .equalTo(ids.col(PART_TXN)), "left_semi").toLocalIterator());
    History sub = part.build();
    // both kinds at once, as the in-process engine makes them (the plain scan then stops at
    // the candidate cap where SSER's is made beside it)
    PredicateObservations.prepare(sub, true, true);
    PredicateObservations plain = PredicateObservations.of(sub);
    PredicateObservations realTime = PredicateObservations.realTime(sub);
    PredicateObservations p = part.renumbered(sub, plain, keys.keyCount());
    return new Result(predicateReads, p,
        realTime == plain ? p : part.renumbered(sub, realTime, keys.keyCount()));
  }

  /**
   * The whole history read on the driver by the in-process reader (ParquetHistoryReader:
   * decoded on one thread, built on another, about what the in-process engine's load costs)
   * when the input is one file on the driver's local filesystem, else null. Its transactions,
   * operations and keys are numbered as the run's (the read stage and the per-key job number
   * them as HistoryBuilder does), so its observations need no renumbering: checked here,
   * O(transactions + keys). On the 100k BlindW-Pred history this replaced the three Spark SQL
   * scans below and the streaming of every row to the driver (spark-jobs/README.md).
   */
  public static History wholeHistory(HistoryStage.Result h, KeyStage.Result keys)
      throws InvalidHistoryException {
    java.nio.file.Path local = HistoryStage.localPath(h.path());
    if (local == null || !java.nio.file.Files.isRegularFile(local)) {
      return null; // a folder of part files: Hadoop's listing decides which parts, not ours
    }
    History whole = ParquetHistoryReader.read(local);
    TxnColumns txns = h.txns();
    boolean same = whole.txnCount() == txns.count() && whole.keys().size() == keys.keyCount();
    for (int t = 0; same && t < txns.count(); t++) {
      same = whole.txnId(t) == txns.txnId[t] && whole.firstOp(t) == txns.opStart[t]
          && whole.endOp(t) == txns.opStart[t + 1];
    }
    int[] keyFirstOp = keys.keyFirstOp();
    for (int k = 0; same && k < keys.keyCount(); k++) {
      same = whole.opKey(keyFirstOp[k]) == k;
    }
    if (!same) {
      throw new IllegalStateException("the history read on the driver numbers its transactions,"
          + " operations or keys otherwise than the run: " + h.path());
    }
    return whole;
  }

  /**
   * The name of every key by its code: the key of its first operation's row, found by a
   * broadcast join on (txn, op_pos) with the first operations.
   */
  private static Object[] keyNames(SparkSession spark, HistoryStage.Result h, int[] keyFirstOp) {
    TxnColumns txns = h.txns();
    List<Row> first = new ArrayList<>(keyFirstOp.length);
    for (int k = 0; k < keyFirstOp.length; k++) {
      int t = txns.txnOf(keyFirstOp[k]);
      first.add(RowFactory.create(txns.txnId[t], keyFirstOp[k] - txns.opStart[t], k));
    }
    Dataset<Row> firsts = spark.createDataFrame(first, new StructType()
        .add("ft", DataTypes.LongType).add("fp", DataTypes.IntegerType)
        .add("code", DataTypes.IntegerType));
    Dataset<Row> ops = spark.read().parquet(h.path()).select(ParquetHistorySchema.TXN,
        ParquetHistorySchema.OP_POS, ParquetHistorySchema.KEY);
    Object[] names = new Object[keyFirstOp.length];
    for (Row r : ops.join(broadcast(firsts), ops.col(ParquetHistorySchema.TXN).cast("long")
        .equalTo(firsts.col("ft")).and(ops.col(ParquetHistorySchema.OP_POS).cast("int")
        .equalTo(firsts.col("fp")))).select(ParquetHistorySchema.KEY, "code").collectAsList()) {
      names[r.getInt(1)] = r.get(0);
    }
    return names;
  }
}
