package io.isoverify.spark.stages;

import java.io.Serializable;

/**
 * The sort key of a transaction: (session code, position in session, transaction id), the
 * order of History's dense transaction ids (HistoryBuilder sorts stably by (session,
 * position) over transactions in id order).
 */
record TxnOrder(int sessionCode, int pos, long txn) implements Comparable<TxnOrder>, Serializable {
  @Override
  public int compareTo(TxnOrder o) {
    int c = Integer.compare(sessionCode, o.sessionCode);
    if (c == 0) {
      c = Integer.compare(pos, o.pos);
    }
    return c != 0 ? c : Long.compare(txn, o.txn);
  }
}
