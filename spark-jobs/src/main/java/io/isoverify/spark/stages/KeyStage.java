package io.isoverify.spark.stages;

import io.isoverify.history.IndexSort;
import io.isoverify.history.check.ListTally;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * The per-key job: one shuffle of the operations by key serves the WR join (who wrote
 * each value read), the duplicate-write check, the non-cycle checks and the graph input
 * ({@link KeyChecks}: history's per-key rules on each key's operations, the code the
 * in-process engine runs). The driver receives one {@link KeyBlock} per partition (effective
 * writes and external reads as primitive arrays, the non-cycle tally: counts, a bounded
 * number of findings, the reads of unknown outcomes' values) and numbers the keys by first
 * appearance in the file, as History does.
 *
 * <p>Value codes differ from History's: History numbers values globally by first
 * appearance, which would take a shuffle by value. Here the code of a (key, value) is the
 * dense id of its first writing operation (of its first read when nobody wrote it);
 * certificates show values by name ({@link NameLookup}), so reports read the same. Key,
 * transaction and operation ids are History's.
 *
 * <p>Read lists (Elle list-append) travel only when the history has some (the read stage
 * saw a row with one; the chunks carry a row's list whenever it has one): each key's lists go through history's list rules
 * ({@link KeyChecks}), and the blocks carry their results (observed orders as int blocks,
 * list findings, the reads of unknown outcomes' appends); the keys whose longest counted
 * list depends on which unknown outcomes count are run again ({@link Again}, from
 * {@link ListStage}) over the same shuffle.
 *
 * <p>Cost: no decoding of its own: the read stage's pass over the decoded splits fills the
 * chunks ({@link KeyChunks}, {@link HistoryStage.KeyShuffle}); columnar chunks
 * ({@link KeyedRows}: per keyed operation the file's transaction id and the operation's
 * position, kind, place in the input, key and value, about 38 bytes), by the hash of the
 * key, at least one reduce partition per {@link #ROWS_PER_PARTITION} operations; on the
 * reduce side the dense ids from the broadcast transaction index, the keys ranked by a
 * primitive sort, the rows grouped by a counting sort over their operation-id order (a radix
 * sort) and moved into that order, one gather per column ({@link KeyedRows#inKeyOrder});
 * broadcast: the transaction index and per-transaction op offsets, outcomes and ids. On the driver: the blocks (2 ints per effective write and 4
 * per external read of a non-aborted transaction; 1 per observed append of a list key) and
 * a sort of the keys.
 */
public final class KeyStage {
  /**
   * Keyed operations per reduce partition at most (on average): more partitions for a
   * larger history, so that one partition's merged rows stay a few hundred MB.
   */
  static final long ROWS_PER_PARTITION = 4_000_000;

  private KeyStage() {}

  /**
   * The blocks, and for block b's local key j its History key code {@code keyCode[b][j]};
   * {@code keyFirstOp[k]}: an operation of key k (to look its name up); {@code again}: the
   * second pass of the list rules over the same shuffle, null when the history has no read
   * lists.
   */
  public record Result(List<KeyBlock> blocks, int[][] keyCode, int keyCount, int[] keyFirstOp,
      Again again) {}

  /**
   * The shuffled operations of the per-key job, kept for a second pass of the list rules
   * (Elle) over the keys the first one could not decide: Spark reuses the shuffle's files,
   * so the pass reads them again without a new scan or shuffle.
   */
  public static final class Again {
    private final HistoryStage.KeyShuffle keys;
    private final Broadcast<KeyChecks.Context> ctx;

    private Again(HistoryStage.KeyShuffle keys, Broadcast<KeyChecks.Context> ctx) {
      this.keys = keys;
      this.ctx = ctx;
    }

    /**
     * One tally per partition, in partition order: the list rules, with the transactions
     * that count, on the local keys {@code undecided[p]} (ascending) of partition p.
     */
    List<ListTally> run(BitSet counted, int[][] undecided) {
      JavaSparkContext sc = JavaSparkContext.fromSparkContext(keys.rdd().context());
      Broadcast<KeyChecks.Relist> again = sc.broadcast(new KeyChecks.Relist(counted, undecided));
      Broadcast<KeyChecks.Context> c = ctx;
      int first = keys.first();
      List<ListTally> out = keys.rdd()
          .mapPartitionsWithIndex((p, it) -> p < first ? Collections.<ListTally>emptyIterator()
              : List.of(KeyChecks.relist(it, p - first, c.value(), again.value())).iterator(),
              true)
          .collect();
      again.destroy();
      return out;
    }

    /** Frees the broadcast transaction columns. */
    void release() {
      ctx.destroy();
    }
  }

  public static Result run(SparkSession spark, HistoryStage.Result h, int examples) {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    TxnColumns txns = h.txns();
    Broadcast<KeyChecks.Context> ctx = sc.broadcast(new KeyChecks.Context(h.index(),
        txns.opStart, txns.outcome, txns.txnId, examples, h.readLists()));
    int first = h.keys().first();
    // the read pass wrote the chunks: Spark reads its shuffle again, no map stage runs
    List<KeyBlock> blocks = h.keys().rdd()
        .mapPartitionsWithIndex((p, it) -> p < first ? Collections.<KeyBlock>emptyIterator()
            : List.of(KeyChecks.block(it, ctx.value())).iterator(), true)
        .collect();
    Again again = null;
    if (h.readLists()) {
      again = new Again(h.keys(), ctx);
    } else {
      ctx.destroy();
    }
    return recode(blocks, again);
  }

  /** Key codes by first appearance (file, row), as History's dictionary gives them. */
  private static Result recode(List<KeyBlock> blocks, Again again) {
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
    return new Result(blocks, keyCode, n, keyFirstOp, again);
  }
}
