package io.isoverify.spark.stages;

import static io.isoverify.spark.stages.OpColumns.END_I;
import static io.isoverify.spark.stages.OpColumns.FILE;
import static io.isoverify.spark.stages.OpColumns.OP_POS_I;
import static io.isoverify.spark.stages.OpColumns.OUTCOME_I;
import static io.isoverify.spark.stages.OpColumns.ROW;
import static io.isoverify.spark.stages.OpColumns.SESSION_I;
import static io.isoverify.spark.stages.OpColumns.START_I;
import static io.isoverify.spark.stages.OpColumns.TXN_I;
import static io.isoverify.spark.stages.OpColumns.TXN_POS_I;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.Outcome;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Reads a Parquet history in parallel, validates it as ParquetHistoryReader does (the same
 * first problem, in the same words: file, row or transaction, problem) and gives each
 * transaction its dense History id. The driver receives only the first problem, the
 * session names, and the per-transaction columns as primitive arrays ({@link TxnColumns}).
 *
 * <p>Order of the checks, as in-process: the earliest row (in file order) with a problem of
 * its own or disagreeing with the adjacent rows of its transaction; then transactions whose
 * separate stretches of rows disagree (lowest id first); then, in dense order, two
 * transactions at one position, timestamps, operation positions. Not checked here: the
 * contents of read_list (values against the read's value, null elements).
 *
 * <p>Spark jobs: one pass for row problems, one shuffle grouping rows by transaction, one
 * sort of transactions (one record each) by (session, position).
 */
public final class HistoryStage {
  private HistoryStage() {}

  /** What the later stages start from. */
  public record Result(Dataset<Row> ops, Dataset<Row> txnIds, TxnColumns txns,
      String[] sessionNames, String[] files) {}

  /**
   * @param display how messages name the input when it is one file (the user's path);
   *     part files of a folder are named by their own path
   */
  public static Result run(SparkSession spark, String path, String display)
      throws InvalidHistoryException {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Dataset<Row> ops = OpColumns.read(spark, path).persist(StorageLevel.MEMORY_AND_DISK());
    List<String> files = ops.select("file").distinct().as(org.apache.spark.sql.Encoders.STRING())
        .collectAsList().stream().sorted().toList();
    String[] names = files.size() == 1 ? new String[] {display} : files.toArray(new String[0]);
    Map<String, Integer> fileIndex = new HashMap<>();
    for (int i = 0; i < files.size(); i++) {
      fileIndex.put(files.get(i), i);
    }
    Broadcast<Map<String, Integer>> fileIdx = sc.broadcast(fileIndex);
    JavaRDD<Row> rows = ops.javaRDD();

    FirstProblem rowProblem = new FirstProblem();
    spark.sparkContext().register(rowProblem, "first row problem");
    JavaRDD<TxnRecord> txns = rows
        .filter(r -> {
          String problem = RowChecks.problem(r);
          if (problem != null) {
            rowProblem.add(new Located(fileIdx.value().get(r.getString(FILE)), r.getLong(ROW), problem));
          }
          return problem == null;
        })
        .mapToPair(r -> new Tuple2<>(((Number) r.get(TXN_I)).longValue(), ref(r, fileIdx.value())))
        .groupByKey()
        .map(g -> TxnGroupChecks.check(g._1(), g._2()))
        .persist(StorageLevel.MEMORY_AND_DISK());
    long txnCount = txns.count();
    Located first = rowProblem.value();
    if (first == null && txnCount == 0) {
      throw new InvalidHistoryException(display, "", "the history is empty: it has no operations");
    }
    List<Located> reading = txns.filter(t -> t.readingErrorRow >= 0)
        .map(t -> new Located(t.fileIndex, t.readingErrorRow, t.readingError))
        .takeOrdered(1, Located.ORDER);
    if (!reading.isEmpty() && (first == null || Located.ORDER.compare(reading.get(0), first) < 0)) {
      first = reading.get(0);
    }
    if (first != null) {
      throw new InvalidHistoryException(names[first.file()], "row " + first.row(), first.problem());
    }
    List<TxnRecord> split = txns.filter(t -> t.groupError != null)
        .takeOrdered(1, (Comparator<TxnRecord> & Serializable) (a, b) -> Long.compare(a.txn, b.txn));
    if (!split.isEmpty()) {
      TxnRecord t = split.get(0);
      throw new InvalidHistoryException(names[t.fileIndex], "row " + t.groupErrorRow, t.groupError);
    }

    // Session codes by first appearance, as the reader's dictionary assigns them.
    List<Tuple2<Object, Long>> sessions = txns
        .mapToPair(t -> new Tuple2<>(t.session, ((long) t.fileIndex << 40) | t.firstRow))
        .reduceByKey(Math::min).collect();
    List<Tuple2<Object, Long>> bySeen = new ArrayList<>(sessions);
    bySeen.sort(Comparator.comparingLong(Tuple2::_2));
    Map<Object, Integer> sessionCode = new HashMap<>();
    String[] sessionNames = new String[bySeen.size()];
    for (Tuple2<Object, Long> s : bySeen) {
      sessionNames[sessionCode.size()] = String.valueOf(s._1());
      sessionCode.put(s._1(), sessionCode.size());
    }
    Broadcast<Map<Object, Integer>> codes = sc.broadcast(sessionCode);
    JavaRDD<TxnRecord> sorted = txns
        .map(t -> {
          t.sessionCode = codes.value().get(t.session);
          return t;
        })
        .sortBy(t -> new TxnOrder(t.sessionCode, t.pos, t.txn), true, txns.getNumPartitions())
        .persist(StorageLevel.MEMORY_AND_DISK());
    txns.unpersist();

    // Each partition's size and last transaction, so partitions can be checked and numbered alone.
    List<TxnRecord> lasts = sorted.mapPartitionsWithIndex((i, it) -> {
      TxnRecord last = null;
      int n = 0;
      while (it.hasNext()) {
        last = it.next();
        n++;
      }
      TxnRecord mark = new TxnRecord();
      mark.dense = n;
      if (last != null) {
        mark.sessionCode = last.sessionCode;
        mark.pos = last.pos;
        mark.start = last.start;
        mark.end = last.end;
        mark.txn = last.txn;
      }
      return List.of(mark).iterator();
    }, true).collect();
    int[] offset = new int[lasts.size() + 1];
    TxnRecord[] before = new TxnRecord[lasts.size()];
    for (int p = 0; p < lasts.size(); p++) {
      offset[p + 1] = offset[p] + lasts.get(p).dense;
      before[p] = p == 0 ? null : lasts.get(p - 1).dense > 0 ? lasts.get(p - 1) : before[p - 1];
    }
    Broadcast<TxnRecord[]> prevOf = sc.broadcast(before);
    Broadcast<String[]> sessionNameOf = sc.broadcast(sessionNames);
    List<TxnRecord> seqProblem = sorted.mapPartitionsWithIndex((p, it) -> {
      TxnRecord prev = prevOf.value()[p];
      while (it.hasNext()) {
        TxnRecord t = it.next();
        String problem = SequenceChecks.problem(prev, t, sessionNameOf.value()[t.sessionCode]);
        if (problem != null) {
          t.groupError = problem;
          return List.of(t).iterator();
        }
        prev = t;
      }
      return List.<TxnRecord>of().iterator();
    }, true).take(1);
    if (!seqProblem.isEmpty()) {
      TxnRecord t = seqProblem.get(0);
      throw new InvalidHistoryException(names[t.fileIndex], "transaction " + t.txn, t.groupError);
    }

    Broadcast<int[]> offsets = sc.broadcast(offset);
    JavaRDD<TxnColumns.Block> blocks = sorted.mapPartitionsWithIndex((p, it) -> List.of(block(it)).iterator(), true);
    TxnColumns columns = TxnColumns.of(blocks.collect());
    JavaRDD<Row> ids = sorted.mapPartitionsWithIndex((p, it) -> {
      List<Row> out = new ArrayList<>();
      int t = offsets.value()[p];
      while (it.hasNext()) {
        TxnRecord r = it.next();
        out.add(RowFactory.create(r.txn, t++, r.outcome));
      }
      return out.iterator();
    }, true);
    StructType idSchema = new StructType()
        .add("txn", DataTypes.LongType, false)
        .add("t", DataTypes.IntegerType, false)
        .add("outcome_code", DataTypes.ByteType, false);
    Dataset<Row> txnIds = spark.createDataFrame(ids, idSchema).persist(StorageLevel.MEMORY_AND_DISK());
    txnIds.count();
    sorted.unpersist();
    return new Result(ops, txnIds, columns, sessionNames, names);
  }

  /** A problem at a row of a file. */
  record Located(int file, long row, String problem) implements Serializable {
    static final Comparator<Located> ORDER = (Comparator<Located> & Serializable) (a, b) ->
        a.file != b.file ? Integer.compare(a.file, b.file) : Long.compare(a.row, b.row);
  }

  private static TxnGroupChecks.OpRef ref(Row r, Map<String, Integer> fileIdx) {
    return new TxnGroupChecks.OpRef(fileIdx.get(r.getString(FILE)), r.getLong(ROW),
        r.get(SESSION_I), (int) (long) OpColumns.longOrNull(r, TXN_POS_I),
        (int) (long) OpColumns.longOrNull(r, OP_POS_I),
        (byte) Outcome.ofCode(r.getString(OUTCOME_I)).ordinal(), time(r, START_I), time(r, END_I));
  }

  private static long time(Row r, int i) {
    Long v = OpColumns.longOrNull(r, i);
    return v == null ? History.NO_TIME : v;
  }

  private static TxnColumns.Block block(Iterator<TxnRecord> it) {
    List<TxnRecord> rs = new ArrayList<>();
    it.forEachRemaining(rs::add);
    int n = rs.size();
    int[] session = new int[n];
    byte[] outcome = new byte[n];
    long[] start = new long[n];
    long[] end = new long[n];
    long[] txnId = new long[n];
    int[] opCount = new int[n];
    for (int i = 0; i < n; i++) {
      TxnRecord r = rs.get(i);
      session[i] = r.sessionCode;
      outcome[i] = r.outcome;
      start[i] = r.start;
      end[i] = r.end;
      txnId[i] = r.txn;
      opCount[i] = r.opCount;
    }
    return new TxnColumns.Block(session, outcome, start, end, txnId, opCount);
  }
}
