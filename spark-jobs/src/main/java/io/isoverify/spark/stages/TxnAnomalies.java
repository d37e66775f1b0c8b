package io.isoverify.spark.stages;

import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Anomaly;
import java.io.Serializable;

/**
 * The non-cycle checks of one transaction on one key (mtc Table I), the Spark engine's
 * implementation of what history's NonCycleChecks does for a whole history in one JVM:
 * every one of those checks concerns one read, the earlier operations of its transaction
 * on the same key, and the writer of the (key, value) read, so they run per key, on the
 * executor that holds the key's operations ({@link KeyChecks}). Same anomalies,
 * transactions, operations and words as in-process; a transaction's findings are ordered
 * by their read's operation id (in-process: program order, the same order). The tests run
 * both implementations on the same histories and compare every certificate.
 */
final class TxnAnomalies {
  /**
   * One finding: the reading transaction and read (the order), the transactions, the key
   * (the block's local number until the driver recodes it), the operations (dense ids),
   * the Spark code of the value read (for the WR edge).
   */
  record Finding(int anomaly, int txn, int readOp, int[] txns, int key, int[] ops,
      int edgeValue) implements Serializable {}

  private final KeyChecks k;
  private final KeyBlock.Builder out;
  private int t;

  TxnAnomalies(KeyChecks k, KeyBlock.Builder out) {
    this.k = k;
    this.out = out;
  }

  /** The findings of run {@code g} (one transaction's operations on the key). */
  void check(int g) {
    t = k.gT[g];
    int from = k.gFrom[g];
    int to = k.gFrom[g + 1];
    boolean repeated = false;
    for (int j = from; j < to; j++) {
      int i = k.idx[j];
      if (k.kind[i] != OpKind.READ.ordinal()) {
        continue;
      }
      int own = lastWriteBefore(from, j);
      if (own >= 0) {
        ownRead(from, i, own);
        continue;
      }
      int earlier = earlierReadWithOtherValue(from, j);
      if (earlier >= 0) {
        if (!repeated) {
          repeated = true;
          report(Anomaly.NON_REPEATABLE_READ, new int[] {t}, i, new int[] {k.opId[earlier], k.opId[i]});
        }
        continue;
      }
      if (k.val[i] >= 0) {
        externalRead(i);
      }
    }
  }

  private void ownRead(int from, int i, int own) {
    int v = k.val[i];
    if (k.val[own] == v) {
      return;
    }
    for (int j = from; k.idx[j] != own; j++) {
      int p = k.idx[j];
      if (KeyChecks.installs(k.kind[p]) && k.val[p] == v) {
        report(Anomaly.NOT_MY_LAST_WRITE, new int[] {t}, i,
            new int[] {k.opId[p], k.opId[own], k.opId[i]});
        return;
      }
    }
    int w = v >= 0 && k.firstInstall[v] >= 0 ? k.firstInstallTxn[v] : -1;
    boolean other = w >= 0 && w != t;
    report(Anomaly.NOT_MY_OWN_WRITE, other ? new int[] {t, w} : new int[] {t}, i,
        new int[] {k.opId[own], k.opId[i]});
  }

  private void externalRead(int i) {
    int v = k.val[i];
    int writeOp = k.firstInstall[v];
    if (writeOp < 0) {
      report(Anomaly.THIN_AIR_READ, new int[] {t}, i, new int[] {k.opId[i]});
      return;
    }
    int w = k.firstInstallTxn[v];
    if (w == t) {
      report(Anomaly.FUTURE_READ, new int[] {t}, i, new int[] {k.opId[i], writeOp});
    } else if (k.aborted(w)) {
      report(Anomaly.ABORTED_READ, new int[] {t, w}, i, new int[] {writeOp, k.opId[i]});
    } else {
      int last = k.gLast[k.runOf(w)];
      if (k.opId[last] != writeOp) {
        report(Anomaly.INTERMEDIATE_READ, new int[] {t, w}, i,
            new int[] {writeOp, k.opId[last], k.opId[i]});
      }
    }
  }

  /** The position (in operation-id order) of t's last write of the key before j, or -1. */
  private int lastWriteBefore(int from, int j) {
    for (int p = j - 1; p >= from; p--) {
      if (KeyChecks.installs(k.kind[k.idx[p]])) {
        return k.idx[p];
      }
    }
    return -1;
  }

  /** The latest earlier read of the key in t whose value differs, or -1. */
  private int earlierReadWithOtherValue(int from, int j) {
    int v = k.val[k.idx[j]];
    for (int p = j - 1; p >= from; p--) {
      int q = k.idx[p];
      if (k.kind[q] == OpKind.READ.ordinal() && k.val[q] != v) {
        return q;
      }
    }
    return -1;
  }

  private void report(Anomaly a, int[] txns, int read, int[] ops) {
    out.finding(new Finding(a.ordinal(), t, k.opId[read], txns, k.keyLocal, ops,
        k.code(k.val[read])));
  }
}
