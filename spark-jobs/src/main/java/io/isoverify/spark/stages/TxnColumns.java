package io.isoverify.spark.stages;

import java.io.Serializable;
import java.util.List;

/**
 * Per-transaction columns in dense id order (History's order: session, then position), as
 * primitive arrays: what the driver holds about transactions. Assembled from one block per
 * Spark partition, so no object per transaction ever reaches the driver.
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

  /** One partition's transactions, in order; opCount[i] operations each. */
  record Block(int[] session, byte[] outcome, long[] start, long[] end, long[] txnId,
      int[] opCount) implements Serializable {}

  /** Concatenates the blocks of consecutive partitions. */
  static TxnColumns of(List<Block> blocks) {
    int n = 0;
    for (Block b : blocks) {
      n += b.session().length;
    }
    int[] session = new int[n];
    byte[] outcome = new byte[n];
    long[] start = new long[n];
    long[] end = new long[n];
    long[] txnId = new long[n];
    int[] opStart = new int[n + 1];
    int at = 0;
    for (Block b : blocks) {
      int m = b.session().length;
      System.arraycopy(b.session(), 0, session, at, m);
      System.arraycopy(b.outcome(), 0, outcome, at, m);
      System.arraycopy(b.start(), 0, start, at, m);
      System.arraycopy(b.end(), 0, end, at, m);
      System.arraycopy(b.txnId(), 0, txnId, at, m);
      for (int i = 0; i < m; i++) {
        opStart[at + i + 1] = opStart[at + i] + b.opCount()[i];
      }
      at += m;
    }
    return new TxnColumns(session, outcome, start, end, txnId, opStart);
  }
}
