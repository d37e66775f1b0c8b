package io.isoverify.spark.stages;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.exists;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.check.PredicateObservations;
import io.isoverify.history.io.ParquetHistorySchema;
import java.io.Serializable;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The predicate reads (vbox, sections 2 and 4.1) on Spark: what they say about the versions
 * their transactions saw, as history's {@link PredicateObservations} in the run's ids (dense
 * transactions, History's key codes, operation ids), computed by the in-process engine's code.
 *
 * <p>A predicate read ranges over every key the history writes, so its observations need
 * every version of every key with the fields it sets. The stage brings exactly that to the
 * driver: a scan filtered on the executors finds each key's first row (its name, for the
 * key's code), and a second one streams, a partition at a time, every row of the transactions
 * that install a version (with {@code row_fields}) or read by predicate (their matched rows
 * and their own writes). The driver builds them into a History whose keys are the run's, in
 * the run's order ({@link PredicatePart}), computes the
 * observations there (those of every level and SSER's, {@link PredicateObservations#of},
 * {@link PredicateObservations#realTime}) and renumbers them into the run's ids
 * ({@link PredicateObservations#renumbered}). Read-only transactions without a predicate
 * read stay on the executors. Also validates {@code row_fields} (only writes carry them, as
 * field, value pairs), which the read stage does not read, with the in-process reader's
 * messages.
 *
 * <p>Cost: a scan of the txn and kind columns (which transactions write or read by
 * predicate), a filtered scan of the rows above, and on the driver about what the in-process engine holds
 * for those rows (a History of the writes and predicate readers) plus the observations;
 * O(rows kept log rows kept) for the sort, then {@link PredicateObservations}' own cost.
 */
public final class PredicateStage {
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
   * Which rows the driver needs, decided on the executors: those of the part's transactions,
   * and the first row of each key (its name).
   */
  private record Keep(TxnIndex index, int[] opStart, BitSet partTxns, int[] keyFirstOp,
      int[] sortedFirstOps, int[] byOp) implements Serializable {
    Keep(TxnIndex index, int[] opStart, BitSet partTxns, int[] keyFirstOp) {
      this(index, opStart, partTxns, keyFirstOp, sortedFirstOps(keyFirstOp), byFirstOp(keyFirstOp));
    }

    boolean inPart(Row r) {
      return partTxns.get(index.t(HistoryRows.number(r, OpColumns.TXN_I)));
    }

    /** The position in {@link #sortedFirstOps} of the row's operation, or negative. */
    int firstOf(Row r) {
      return r.isNullAt(OpColumns.KEY_I) ? -1 : Arrays.binarySearch(sortedFirstOps, op(r));
    }

    int op(Row r) {
      return opStart[index.t(HistoryRows.number(r, OpColumns.TXN_I))]
          + (int) HistoryRows.number(r, OpColumns.OP_POS_I);
    }

    private static int[] sortedFirstOps(int[] keyFirstOp) {
      int[] s = keyFirstOp.clone();
      Arrays.sort(s);
      return s;
    }

    /** The key codes in the order of their first operations. */
    private static int[] byFirstOp(int[] keyFirstOp) {
      long[] first = new long[keyFirstOp.length];
      for (int k = 0; k < first.length; k++) {
        first[k] = keyFirstOp[k];
      }
      return IndexSort.byKey(first, first.length);
    }
  }

  /**
   * The observations of the history {@code h} read, whose keys {@code keys} numbered.
   *
   * @throws InvalidHistoryException when a row's row_fields are not a write's field, value
   *     pairs (the first such row in file order)
   */
  public static Result run(SparkSession spark, HistoryStage.Result h, KeyStage.Result keys)
      throws InvalidHistoryException {
    Dataset<Row> raw = spark.read().parquet(h.path());
    Set<String> have = Set.of(raw.columns());
    boolean rowFields = have.contains(ParquetHistorySchema.ROW_FIELDS);
    if (rowFields) {
      checkRowFields(spark, h);
    }
    if (!have.contains(ParquetHistorySchema.PRED_FIELD)) {
      return Result.NONE;
    }
    TxnColumns txns = h.txns();
    // the part: every transaction that installs a version or reads by predicate, whole
    Object[] partKinds = Arrays.stream(OpKind.values())
        .filter(k -> k.installsVersion() || k == OpKind.PREDICATE_READ).map(OpKind::code).toArray();
    Column kind = col(ParquetHistorySchema.KIND);
    BitSet partTxns = new BitSet(txns.count());
    long predicateReads = 0;
    for (Row r : raw.filter(kind.isin(partKinds)).groupBy(ParquetHistorySchema.TXN)
        .agg(sum(when(kind.equalTo(OpKind.PREDICATE_READ.code()), 1).otherwise(0)))
        .collectAsList()) {
      partTxns.set(h.index().t(HistoryRows.number(r, 0)));
      predicateReads += HistoryRows.number(r, 1);
    }
    if (predicateReads == 0) {
      return Result.NONE;
    }
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Broadcast<Keep> keep = sc.broadcast(new Keep(h.index(), txns.opStart, partTxns,
        keys.keyFirstOp()));
    PredicatePart part = new PredicatePart(h, rowFields, keyNames(spark, h, keep));
    // streamed a partition at a time in Spark SQL's compact rows; the builder keeps primitives
    part.addAll(OpColumns.read(spark, h.path(), true)
        .filter((FilterFunction<Row>) r -> keep.value().inPart(r)).toLocalIterator());
    keep.destroy();
    History sub = part.build();
    PredicateObservations plain = PredicateObservations.of(sub);
    PredicateObservations realTime = PredicateObservations.realTime(sub);
    PredicateObservations p = part.renumbered(sub, plain, keys.keyCount());
    return new Result(predicateReads, p,
        realTime == plain ? p : part.renumbered(sub, realTime, keys.keyCount()));
  }

  /** The name of every key by its code: the key of its first operation's row. */
  private static Object[] keyNames(SparkSession spark, HistoryStage.Result h, Broadcast<Keep> keep) {
    Object[] names = new Object[keep.value().keyFirstOp().length];
    int[] byOp = keep.value().byOp();
    int[] sorted = keep.value().sortedFirstOps();
    for (Row r : OpColumns.read(spark, h.path())
        .filter((FilterFunction<Row>) r -> keep.value().firstOf(r) >= 0).collectAsList()) {
      int at = Arrays.binarySearch(sorted, keep.value().op(r));
      names[byOp[at]] = r.get(OpColumns.KEY_I);
    }
    return names;
  }

  /**
   * Throws for the first row, in file order, whose row_fields are set but are not a write's
   * field, value pairs; only such rows reach the driver.
   */
  private static void checkRowFields(SparkSession spark, HistoryStage.Result h)
      throws InvalidHistoryException {
    Column rowFields = col(ParquetHistorySchema.ROW_FIELDS);
    Object[] writes = Arrays.stream(OpKind.values()).filter(OpKind::installsVersion)
        .map(OpKind::code).toArray();
    Column bad = rowFields.isNotNull().and(not(col(ParquetHistorySchema.KIND).isin(writes))
        .or(size(rowFields).mod(2).notEqual(0)).or(exists(rowFields, Column::isNull)));
    List<Row> found = OpColumns.read(spark, h.path(), true).where(bad).collectAsList();
    if (found.isEmpty()) {
      return;
    }
    FileIndex files = new FileIndex(h.paths());
    Row r = found.stream().min(Comparator.comparingLong((Row x) -> FileIndex.position(
        files.of(x.getString(OpColumns.FILE)), HistoryRows.number(x, OpColumns.ROW)))).get();
    HistoryRows.fields(r, OpKind.ofCode(r.getString(OpColumns.KIND_I)),
        h.files()[files.of(r.getString(OpColumns.FILE))]);
    throw new IllegalStateException("row_fields found bad by Spark but not by the reader's rule");
  }
}
