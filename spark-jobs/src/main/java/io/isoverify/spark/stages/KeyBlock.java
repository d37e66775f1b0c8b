package io.isoverify.spark.stages;

import io.isoverify.graph.IntBuffer;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * What the per-key job hands the driver for one partition (a set of whole keys), as
 * primitive arrays; keys are numbered locally (0..keys-1 in the partition's order) and
 * recoded by the driver once it knows every key's first appearance.
 *
 * <pre>
 *   local key j        keyFirstPos[j] (FileIndex.position of its first row), keyFirstOp[j]
 *                      (its lowest operation id), its effective writes
 *                      writeStart[j] .. writeStart[j+1]-1, sorted by (value, txn)
 *   effective write i  writeValue[i], writeTxn[i]
 *   external read r    readTxn[r], readOpPos[r], readKey[r] (local), readValue[r], readWriter[r]
 *   pair p             pairReader[p] read a value first written by unknown-outcome pairWriter[p]
 *   duplicate          the lowest operation dupOp writing a (key, value) first written by
 *                      another transaction (-1 when none): dupKey (local), dupValue,
 *                      dupFirstTxn, dupSecondTxn
 *   findings           counts[anomaly ordinal] of committed readers; kept: their first
 *                      findings of each kind in (txn, read) order; unknown: every finding of
 *                      an unknown-outcome reader (the driver keeps those it counts)
 * </pre>
 */
record KeyBlock(long[] keyFirstPos, int[] keyFirstOp, int[] writeStart, int[] writeValue,
    int[] writeTxn, int[] readTxn, int[] readOpPos, int[] readKey, int[] readValue,
    int[] readWriter, int[] pairReader, int[] pairWriter, long dupOp, int dupKey, int dupValue,
    int dupFirstTxn, int dupSecondTxn, long[] counts, List<TxnAnomalies.Finding> kept,
    List<TxnAnomalies.Finding> unknown) implements Serializable {

  int keyCount() {
    return keyFirstPos.length;
  }

  /** Findings in the in-process order: by reading transaction, then by read. */
  static final Comparator<TxnAnomalies.Finding> ORDER = (Comparator<TxnAnomalies.Finding> & Serializable)
      (a, b) -> a.txn() != b.txn() ? Integer.compare(a.txn(), b.txn()) : Integer.compare(a.readOp(), b.readOp());

  /** Grows the arrays as the keys of a partition are checked. */
  static final class Builder {
    private final byte[] outcome;
    private final int examples;
    private final IntBuffer keyFirstOp = new IntBuffer();
    private long[] keyFirstPos = new long[64];
    private final IntBuffer writeStart = new IntBuffer();
    private final IntBuffer writeValue = new IntBuffer();
    private final IntBuffer writeTxn = new IntBuffer();
    private final IntBuffer readTxn = new IntBuffer();
    private final IntBuffer readOpPos = new IntBuffer();
    private final IntBuffer readKey = new IntBuffer();
    private final IntBuffer readValue = new IntBuffer();
    private final IntBuffer readWriter = new IntBuffer();
    private final IntBuffer pairReader = new IntBuffer();
    private final IntBuffer pairWriter = new IntBuffer();
    private long dupOp = -1;
    private int[] dup = new int[4];
    private final long[] counts = new long[Anomaly.values().length];
    private final List<PriorityQueue<TxnAnomalies.Finding>> kept = new ArrayList<>();
    private final List<TxnAnomalies.Finding> unknown = new ArrayList<>();

    Builder(byte[] outcome, int examples) {
      this.outcome = outcome;
      this.examples = examples;
      for (int a = 0; a < counts.length; a++) {
        kept.add(new PriorityQueue<>(ORDER.reversed()));
      }
      writeStart.add(0);
    }

    /** Starts the next key; returns its local number. */
    int key(long firstPos, int firstOp) {
      int j = keyFirstOp.size();
      if (j == keyFirstPos.length) {
        keyFirstPos = Arrays.copyOf(keyFirstPos, j * 2);
      }
      keyFirstPos[j] = firstPos;
      keyFirstOp.add(firstOp);
      return j;
    }

    /** Ends the current key's effective writes, given as value << 32 | txn, sorted. */
    void writes(long[] valueTxn, int n) {
      for (int i = 0; i < n; i++) {
        writeValue.add((int) (valueTxn[i] >>> 32));
        writeTxn.add((int) valueTxn[i]);
      }
      writeStart.add(writeValue.size());
    }

    void read(int t, int opPos, int key, int value, int writer) {
      readTxn.add(t);
      readOpPos.add(opPos);
      readKey.add(key);
      readValue.add(value);
      readWriter.add(writer);
    }

    void pair(int reader, int writer) {
      pairReader.add(reader);
      pairWriter.add(writer);
    }

    void duplicate(int op, int key, int value, int firstTxn, int secondTxn) {
      if (dupOp < 0 || op < dupOp) {
        dupOp = op;
        dup = new int[] {key, value, firstTxn, secondTxn};
      }
    }

    void finding(TxnAnomalies.Finding f) {
      byte o = outcome[f.txn()];
      if (o == Outcome.UNKNOWN.ordinal()) {
        unknown.add(f);
      } else if (o == Outcome.COMMITTED.ordinal()) {
        counts[f.anomaly()]++;
        PriorityQueue<TxnAnomalies.Finding> q = kept.get(f.anomaly());
        if (q.size() < examples) {
          q.add(f);
        } else if (examples > 0 && ORDER.compare(f, q.peek()) < 0) {
          q.poll();
          q.add(f);
        }
      }
    }

    KeyBlock build() {
      List<TxnAnomalies.Finding> first = new ArrayList<>();
      kept.forEach(first::addAll);
      return new KeyBlock(Arrays.copyOf(keyFirstPos, keyFirstOp.size()), keyFirstOp.toArray(),
          writeStart.toArray(), writeValue.toArray(), writeTxn.toArray(), readTxn.toArray(),
          readOpPos.toArray(), readKey.toArray(), readValue.toArray(), readWriter.toArray(),
          pairReader.toArray(), pairWriter.toArray(), dupOp, dup[0], dup[1], dup[2], dup[3],
          counts, first, unknown);
    }
  }
}
