package io.isoverify.spark.stages;

import java.io.Serializable;

/**
 * Per-transaction columns in dense id order (History's order: session, then position), as
 * primitive arrays: what the driver holds about transactions. Assembled from one
 * {@link TxnBlock} per Spark partition, so no object per transaction ever reaches the driver.
 *
 * <pre>
 *   t in 0..count()-1   session[t] (code, by first appearance), outcome[t] (Outcome ordinal),
 *                       start[t], end[t] (History.NO_TIME when absent), txnId[t] (the file's id)
 *   operations of t     opStart[t] .. opStart[t+1]-1 (History's dense operation ids)
 * </pre>
 */
public final class TxnColumns implements Serializable {
  private static final long serialVersionUID = 1L;

  public final int[] session;
  public final byte[] outcome;
  public final long[] start;
  public final long[] end;
  public final long[] txnId;
  public final int[] opStart;

  TxnColumns(int[] session, byte[] outcome, long[] start, long[] end, long[] txnId, int[] opStart) {
    this.session = session;
    this.outcome = outcome;
    this.start = start;
    this.end = end;
    this.txnId = txnId;
    this.opStart = opStart;
  }

  public int count() {
    return session.length;
  }

  /** The transaction whose operations include operation {@code op}: the last t with opStart[t] <= op. */
  public int txnOf(int op) {
    int lo = 0;
    int hi = count() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (opStart[mid] <= op) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }
}
