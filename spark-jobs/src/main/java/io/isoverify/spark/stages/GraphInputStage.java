package io.isoverify.spark.stages;

/**
 * What the dependency graph needs from the operations (graph-partitioning's Operations,
 * cobra section 3), assembled on the driver from the per-key job's blocks
 * ({@link KeyStage}) as primitive arrays:
 * <ul>
 *   <li>effective writes: each non-aborted transaction's last write of each key, sorted by
 *       (key, value, transaction);</li>
 *   <li>external reads: reads of a key before the transaction's first write of it, in
 *       program order per transaction, each resolved to its writer: the lowest transaction
 *       with that effective write, {@link #INIT_WRITER} for the initial state,
 *       {@link #NO_WRITER} when none (or only the reader itself) wrote it.</li>
 * </ul>
 * Values are Spark value codes ({@link KeyStage}): the graph only compares them.
 * Cost: O(writes + reads) on primitive arrays (a counting sort of the reads by
 * transaction, then by position within each); no Spark job.
 */
public final class GraphInputStage {
  public static final int INIT_WRITER = -1;
  public static final int NO_WRITER = -2;

  private GraphInputStage() {}

  /** Effective writes and external reads as arrays (readStart indexes reads by transaction). */
  public record Arrays(int[] writeKey, int[] writeValue, int[] writeTxn, int[] readStart,
      int[] readKey, int[] readValue, int[] readWriter) {}

  public static Arrays run(KeyStage.Result keys, int txnCount) {
    java.util.List<KeyBlock> blocks = keys.blocks();
    int[] block = new int[keys.keyCount()];
    int[] local = new int[keys.keyCount()];
    int writes = 0;
    int reads = 0;
    for (int b = 0; b < blocks.size(); b++) {
      for (int j = 0; j < keys.keyCode()[b].length; j++) {
        block[keys.keyCode()[b][j]] = b;
        local[keys.keyCode()[b][j]] = j;
      }
      writes += blocks.get(b).writeValue().length;
      reads += blocks.get(b).readTxn().length;
    }
    int[] writeKey = new int[writes];
    int[] writeValue = new int[writes];
    int[] writeTxn = new int[writes];
    int at = 0;
    for (int k = 0; k < keys.keyCount(); k++) {
      KeyBlock b = blocks.get(block[k]);
      int from = b.writeStart()[local[k]];
      int m = b.writeStart()[local[k] + 1] - from;
      java.util.Arrays.fill(writeKey, at, at + m, k);
      System.arraycopy(b.writeValue(), from, writeValue, at, m);
      System.arraycopy(b.writeTxn(), from, writeTxn, at, m);
      at += m;
    }
    int[] readStart = new int[txnCount + 1];
    for (KeyBlock b : blocks) {
      for (int t : b.readTxn()) {
        readStart[t + 1]++;
      }
    }
    for (int t = 0; t < txnCount; t++) {
      readStart[t + 1] += readStart[t];
    }
    int[] fill = java.util.Arrays.copyOf(readStart, txnCount);
    int[] readPos = new int[reads];
    int[] readKey = new int[reads];
    int[] readValue = new int[reads];
    int[] readWriter = new int[reads];
    for (int b = 0; b < blocks.size(); b++) {
      KeyBlock kb = blocks.get(b);
      for (int r = 0; r < kb.readTxn().length; r++) {
        int i = fill[kb.readTxn()[r]]++;
        readPos[i] = kb.readOpPos()[r];
        readKey[i] = keys.keyCode()[b][kb.readKey()[r]];
        readValue[i] = kb.readValue()[r];
        readWriter[i] = kb.readWriter()[r];
      }
    }
    for (int t = 0; t < txnCount; t++) {
      byPosition(readStart[t], readStart[t + 1], readPos, readKey, readValue, readWriter);
    }
    return new Arrays(writeKey, writeValue, writeTxn, readStart, readKey, readValue, readWriter);
  }

  /** Insertion sort of one transaction's reads (a few) by operation position. */
  private static void byPosition(int from, int to, int[] pos, int[] key, int[] value, int[] writer) {
    for (int i = from + 1; i < to; i++) {
      for (int j = i; j > from && pos[j] < pos[j - 1]; j--) {
        swap(pos, j);
        swap(key, j);
        swap(value, j);
        swap(writer, j);
      }
    }
  }

  private static void swap(int[] a, int j) {
    int x = a[j];
    a[j] = a[j - 1];
    a[j - 1] = x;
  }
}
