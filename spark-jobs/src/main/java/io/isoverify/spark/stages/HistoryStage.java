package io.isoverify.spark.stages;

import io.isoverify.history.IndexSort;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.validation.RowFields;
import io.isoverify.history.validation.SequenceRules;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * Reads a Parquet history in parallel, validates it as ParquetHistoryReader does (the same
 * first problem, in the same words: file, row or transaction, problem) and gives each
 * transaction its dense History id. The driver receives only the first problem and the
 * per-transaction columns as primitive arrays ({@link TxnColumns}), one {@link TxnBlock}
 * per partition.
 *
 * <p>Order of the checks, as in-process: the earliest row (in file order) with a problem of
 * its own or disagreeing with the adjacent rows of its transaction; then transactions whose
 * separate runs of rows disagree (lowest id first); then, in dense order, two transactions
 * at one position, timestamps, operation positions. The rules and their words are
 * history's ({@code io.isoverify.history.validation}), as in-process: this stage only
 * places them (rows, runs of rows, transactions) across tasks and orders their problems.
 *
 * <p>Cost: the driver reads every file's footer ({@link DecodedSplits}); one Spark job: the
 * splits decoded by history's decoder and checked row by row on the executors, one shuffle
 * of {@link Stretches} in columnar chunks (about one stretch per transaction, by the hash
 * of the transaction id; each partition's sorted by (txn, file, row) with primitive sorts),
 * the same shuffle carrying the per-key job's chunks ({@link KeyShuffle}).
 * On the driver: session codes by first appearance, a primitive sort of the
 * transactions by (session, position), the sequence checks; about 50 bytes per transaction.
 */
public final class HistoryStage {
  private HistoryStage() {}

  /**
   * What the later stages start from.
   *
   * @param files how messages name each input file (the user's path for a single file)
   * @param paths the input files as Spark names them, sorted (index = file index)
   * @param readLists whether some row holds a read list (Elle list-append): the later
   *     stages read that column only then
   * @param keys the per-key job's map output, made by the same pass
   * @param predicateReads whether some row is a predicate read (pr): the predicate stage
   *     runs only then
   */
  public record Result(String path, TxnColumns txns, String[] sessionNames, String[] files,
      String[] paths, TxnIndex index, boolean readLists, KeyShuffle keys,
      boolean predicateReads) {}

  /**
   * The one shuffle of the read pass: partitions {@code 0 .. first-1} hold stretches, the
   * {@code count} after them the per-key job's chunks ({@link KeyStage}), whose map side
   * Spark does not run again.
   */
  public record KeyShuffle(JavaPairRDD<Integer, SplitChunks.Chunk> rdd, int first, int count) {}

  /**
   * @param display how messages name the input when it is one file (the user's path);
   *     part files of a folder are named by their own path
   */
  public static Result run(SparkSession spark, String path, String display)
      throws InvalidHistoryException {
    return run(spark, plan(spark, path, display), path, display);
  }

  /**
   * The input as a path of the driver's local filesystem (a plain path or a file: URI), or
   * null when it is on another filesystem Hadoop reads.
   */
  public static java.nio.file.Path localPath(String path) {
    if (path.contains("://") && !path.startsWith("file:")) {
      return null;
    }
    return java.nio.file.Path.of(path.startsWith("file:")
        ? java.net.URI.create(path).getPath() : path);
  }

  /** The driver's part: the input's files and their row groups, from the footers. */
  static Planned plan(SparkSession spark, String path, String display)
      throws InvalidHistoryException {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    String[] paths = DecodedSplits.files(sc, path, display);
    String[] names = paths.length == 1 ? new String[] {display} : paths;
    return new Planned(DecodedSplits.plan(sc, paths, names), paths, names);
  }

  /** What {@link #plan} found: the splits, the files' paths and how messages name them. */
  record Planned(DecodedSplits input, String[] paths, String[] names) {}

  /** The executors' part, over splits {@link #plan} made (tests change a file in between). */
  static Result run(SparkSession spark, Planned planned, String path, String display)
      throws InvalidHistoryException {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    DecodedSplits input = planned.input();
    String[] paths = planned.paths();
    String[] names = planned.names();
    FirstProblem rowProblem = new FirstProblem();
    spark.sparkContext().register(rowProblem, "first row problem");
    LongAccumulator listRows = spark.sparkContext().longAccumulator("rows with a read list");
    LongAccumulator prRows = spark.sparkContext().longAccumulator("predicate reads");
    boolean textSessions = input.text(RowFields.SESSION);
    int partitions = OpColumns.shufflePartitions(spark);
    int keyPartitions = (int) Math.max(partitions,
        (input.rows() + KeyStage.ROWS_PER_PARTITION - 1) / KeyStage.ROWS_PER_PARTITION);
    JavaPairRDD<Integer, SplitChunks.Chunk> shuffled = input.rdd(sc)
        .mapPartitionsToPair(it -> new Stretches(it, input, rowProblem, listRows, prRows,
            partitions, keyPartitions))
        .partitionBy(new ExactPartitioner(partitions + keyPartitions));
    // the stretch partitions only: a key partition's task returns at once, unread
    List<TxnBlock> blocks = shuffled
        .mapPartitionsWithIndex((p, it) -> p < partitions
            ? List.of(TxnGroupChecks.block(it, textSessions)).iterator()
            : Collections.<TxnBlock>emptyIterator(), true)
        .collect();
    KeyShuffle keys = new KeyShuffle(shuffled, partitions, keyPartitions);
    throwFirstProblem(blocks, rowProblem.value(), names, display);
    return assemble(path, blocks, names, paths, listRows.value() > 0, keys,
        prRows.value() > 0);
  }

  private static void throwFirstProblem(List<TxnBlock> blocks, Located rowProblem,
      String[] names, String display) throws InvalidHistoryException {
    Located first = rowProblem;
    TxnBlock.GroupError split = null;
    int count = 0;
    for (TxnBlock b : blocks) {
      count += b.size();
      Located r = b.readingError();
      if (r != null && (first == null || Located.ORDER.compare(r, first) < 0)) {
        first = r;
      }
      TxnBlock.GroupError g = b.groupError();
      if (g != null && (split == null || g.txn() < split.txn())) {
        split = g;
      }
    }
    String empty = first == null ? SequenceRules.countProblem(count) : null;
    if (empty != null) {
      throw new InvalidHistoryException(display, "", empty);
    }
    if (first != null && first.row() == Located.WHOLE_FILE) {
      throw new InvalidHistoryException(names[first.file()], "", first.problem());
    }
    if (first != null) {
      throw InvalidHistoryException.atRow(names[first.file()], first.row(), first.problem());
    }
    if (split != null) {
      throw InvalidHistoryException.atRow(names[split.file()], split.row(), split.problem());
    }
  }

  /** Session codes, dense order, the sequence checks: all on the driver's primitive arrays. */
  private static Result assemble(String path, List<TxnBlock> blocks, String[] names, String[] paths,
      boolean readLists, KeyShuffle keys, boolean predicateReads)
      throws InvalidHistoryException {
    Map<Object, Long> firstSeen = new HashMap<>();
    int n = 0;
    for (TxnBlock b : blocks) {
      n += b.size();
      for (int s = 0; s < b.sessions().length; s++) {
        firstSeen.merge(b.sessions()[s], b.sessionFirst()[s], Math::min);
      }
    }
    Object[] bySeen = firstSeen.keySet().toArray();
    Arrays.sort(bySeen, Comparator.comparingLong(firstSeen::get));
    Map<Object, Integer> code = new HashMap<>();
    String[] sessionNames = new String[bySeen.length];
    for (int s = 0; s < bySeen.length; s++) {
      code.put(bySeen[s], s);
      sessionNames[s] = String.valueOf(bySeen[s]);
    }
    long[] order = new long[n];
    long[] txnId = new long[n];
    int at = 0;
    for (TxnBlock b : blocks) {
      int[] local = new int[b.sessions().length];
      for (int s = 0; s < local.length; s++) {
        local[s] = code.get(b.sessions()[s]);
      }
      for (int i = 0; i < b.size(); i++, at++) {
        order[at] = ((long) local[b.sessionLocal()[i]] << 32) | b.pos()[i];
        txnId[at] = b.txnId()[i];
      }
    }
    int[] perm = IndexSort.byKey(order, n);
    tiesByTxn(perm, order, txnId);
    return columns(path, blocks, perm, order, names, paths, sessionNames, readLists, keys,
        predicateReads);
  }

  /** HistoryBuilder sorts stably over transactions in id order: equal keys go by id. */
  private static void tiesByTxn(int[] perm, long[] key, long[] txnId) {
    for (int i = 1; i < perm.length; i++) {
      for (int j = i; j > 0 && key[perm[j]] == key[perm[j - 1]]
          && txnId[perm[j]] < txnId[perm[j - 1]]; j--) {
        int x = perm[j];
        perm[j] = perm[j - 1];
        perm[j - 1] = x;
      }
    }
  }

  private static Result columns(String path, List<TxnBlock> blocks, int[] perm, long[] key,
      String[] names, String[] paths, String[] sessionNames, boolean readLists,
      KeyShuffle keys, boolean predicateReads) throws InvalidHistoryException {
    int n = perm.length;
    int[] blockOf = new int[n];
    int[] indexIn = new int[n];
    int at = 0;
    for (int b = 0; b < blocks.size(); b++) {
      for (int i = 0; i < blocks.get(b).size(); i++, at++) {
        blockOf[at] = b;
        indexIn[at] = i;
      }
    }
    int[] session = new int[n];
    int[] pos = new int[n];
    byte[] outcome = new byte[n];
    long[] start = new long[n];
    long[] end = new long[n];
    long[] txnId = new long[n];
    int[] opStart = new int[n + 1];
    int[] inverse = new int[n];
    for (int t = 0; t < n; t++) {
      int g = perm[t];
      inverse[g] = t;
      TxnBlock b = blocks.get(blockOf[g]);
      int i = indexIn[g];
      session[t] = (int) (key[g] >>> 32);
      pos[t] = b.pos()[i];
      outcome[t] = b.outcome()[i];
      start[t] = b.start()[i];
      end[t] = b.end()[i];
      txnId[t] = b.txnId()[i];
      opStart[t + 1] = opStart[t] + b.opCount()[i];
    }
    TxnColumns c = new TxnColumns(session, outcome, start, end, txnId, opStart);
    String[] opError = new String[n];
    int base = 0;
    for (TxnBlock b : blocks) {
      for (int e = 0; e < b.opErrorAt().length; e++) {
        opError[inverse[base + b.opErrorAt()[e]]] = b.opError()[e];
      }
      base += b.size();
    }
    for (int t = 0; t < n; t++) {
      String problem = SequenceRules.problem(t, txnId, session, pos, start, end,
          s -> sessionNames[s]);
      if (problem == null) {
        problem = opError[t];
      }
      if (problem != null) {
        TxnBlock b = blocks.get(blockOf[perm[t]]);
        int file = FileIndex.file(b.firstPos()[indexIn[perm[t]]]);
        throw InvalidHistoryException.atTransaction(names[file], txnId[t], problem);
      }
    }
    return new Result(path, c, sessionNames, names, paths, new TxnIndex(txnId), readLists,
        keys, predicateReads);
  }

  /** A problem at a row of a file, or of the whole file ({@link #WHOLE_FILE}). */
  record Located(int file, long row, String problem) implements Serializable {
    /** The row of a problem of the whole file (it comes before the file's rows). */
    static final long WHOLE_FILE = -1;

    static final Comparator<Located> ORDER = (Comparator<Located> & Serializable) (a, b) ->
        a.file != b.file ? Integer.compare(a.file, b.file) : Long.compare(a.row, b.row);
  }
}
