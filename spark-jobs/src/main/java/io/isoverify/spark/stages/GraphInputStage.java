package io.isoverify.spark.stages;

import io.isoverify.graph.KeyedOperations;
import io.isoverify.history.check.ListOrders;

/**
 * What the dependency graph needs from the operations (graph-partitioning's Operations,
 * cobra section 3), assembled on the driver from the per-key job's blocks ({@link KeyStage})
 * by graph-partitioning's {@link KeyedOperations#assemble}, the code the in-process engine
 * runs too:
 * <ul>
 *   <li>effective writes: each non-aborted transaction's last write of each key, sorted by
 *       (key, value, transaction);</li>
 *   <li>external reads: reads of a key before the transaction's first write of it, in
 *       program order per transaction, each resolved to its writer (history's KeyRules: the
 *       lowest transaction with that effective write, -1 for the initial state, -2 when none
 *       or only the reader itself wrote it);</li>
 *   <li>the keys read as lists (Elle list-append) and each one's observed order of appenders
 *       ({@link ListStage}: history's list rules), as in-process.</li>
 * </ul>
 * Values are Spark value codes ({@link KeyStage}): the graph only compares them.
 * Cost: O(keys + writes + reads + transactions) on primitive arrays; no Spark job.
 */
public final class GraphInputStage {
  private GraphInputStage() {}

  /**
   * Effective writes and external reads as arrays (readStart indexes reads by transaction),
   * the list keys' observed orders (graph-partitioning's PolygraphInput encoding), and per
   * transaction the operations they do not show (internal reads, overwritten writes: for the
   * shape rules).
   */
  public record Arrays(int[] writeKey, int[] writeValue, int[] writeTxn, int[] readStart,
      int[] readKey, int[] readValue, int[] readWriter, int[] listOrderStart,
      int[] listOrderTxn, boolean[] listKey, byte[] internalReads, byte[] overwrittenWrites) {}

  public static Arrays run(KeyStage.Result keys, int txnCount, ListOrders lists) {
    KeyedOperations.Arrays a = KeyedOperations.assemble(
        keys.blocks().stream().map(KeyBlock::graph).toList(), keys.keyCode(), keys.keyCount(),
        txnCount);
    return new Arrays(a.writeKey(), a.writeValue(), a.writeTxn(), a.readStart(), a.readKey(),
        a.readValue(), a.readWriter(), lists.orderStart(), lists.orderTxn(), lists.listKeys(),
        a.internalReads(), a.overwrittenWrites());
  }
}
