package io.isoverify.spark.stages;

import io.isoverify.history.IndexSort;
import java.io.Serializable;
import java.util.Arrays;

/**
 * The dense History id t of each transaction id of the file, broadcast to the per-key job.
 * An int table indexed by {@code txn - min} when the ids span at most a few times as many
 * numbers as there are transactions (the usual case, 4 bytes per number of the span), else
 * the ids sorted with their t beside them and a binary search (12 bytes per transaction).
 */
final class TxnIndex implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final int SPAN_PER_TXN = 4;

  private final long min;
  private final int[] table;
  private final long[] sorted;
  private final int[] tOf;

  /** @param txnId the file's id of each dense transaction t */
  TxnIndex(long[] txnId) {
    int n = txnId.length;
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (long id : txnId) {
      lo = Math.min(lo, id);
      hi = Math.max(hi, id);
    }
    min = lo;
    double span = (double) hi - (double) lo; // ids may span more than a long holds
    if (n > 0 && span < (double) SPAN_PER_TXN * n + 1024 && span < Integer.MAX_VALUE - 8) {
      table = new int[(int) (hi - lo + 1)];
      Arrays.fill(table, -1);
      for (int t = 0; t < n; t++) {
        table[(int) (txnId[t] - lo)] = t;
      }
      sorted = null;
      tOf = null;
    } else {
      table = null;
      tOf = IndexSort.byKey(txnId, n);
      sorted = new long[n];
      for (int i = 0; i < n; i++) {
        sorted[i] = txnId[tOf[i]];
      }
    }
  }

  /** The dense id of transaction id {@code txn}, which the history has. */
  int t(long txn) {
    if (table != null) {
      return table[(int) (txn - min)];
    }
    return tOf[Arrays.binarySearch(sorted, txn)];
  }
}
