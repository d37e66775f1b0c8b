package io.isoverify.spark.stages;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Anomaly;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The non-cycle checks of one transaction (mtc Table I), the Spark engine's implementation
 * of what history's NonCycleChecks does for a whole history in one JVM: same anomalies,
 * same transactions, operations and words, found in the same order. Each transaction's
 * check runs on an executor over that transaction's operations, with the writer of every
 * value it read brought by the (key, value) join; the tests run both implementations on
 * the same histories and compare every certificate.
 *
 * <p>Input, one entry per operation of the transaction in program order: kind, key, value
 * and dense operation id, the key's and the value's names, and for reads the writer
 * (first writing operation of that (key, value) anywhere, -1 when none), its transaction,
 * whether that transaction aborted, and its last write of the key (operation and value name).
 */
final class TxnAnomalies {
  /** One operation with what the checks need about it. */
  record Op(int kind, int key, int value, int id, String keyName, String valueName,
      int writerOp, int writerTxn, boolean writerAborted, int writerLastOp,
      String writerLastValueName) implements Serializable {}

  /** One finding; {@code seq} orders the findings of one transaction. */
  record Finding(int anomaly, int txn, int seq, int[] txns, int key, int[] ops, int edgeValue,
      String summary) implements Serializable {}

  private final int t;
  private final List<Op> ops;
  private final long[] txnIds;
  private final List<Finding> out = new ArrayList<>();

  private TxnAnomalies(int t, List<Op> ops, long[] txnIds) {
    this.t = t;
    this.ops = ops;
    this.txnIds = txnIds;
  }

  /** The findings of transaction {@code t}, whose operations are {@code ops} in program order. */
  static List<Finding> check(int t, List<Op> ops, long[] txnIds) {
    TxnAnomalies c = new TxnAnomalies(t, ops, txnIds);
    c.run();
    return c.out;
  }

  private void run() {
    List<Integer> repeated = new ArrayList<>();
    for (int i = 0; i < ops.size(); i++) {
      Op o = ops.get(i);
      if (o.kind() != OpKind.READ.ordinal()) {
        continue;
      }
      int own = lastOwnWriteBefore(o.key(), i);
      if (own >= 0) {
        ownRead(i, own);
        continue;
      }
      int earlier = earlierReadWithOtherValue(o.key(), o.value(), i);
      if (earlier >= 0) {
        if (!repeated.contains(o.key())) {
          repeated.add(o.key());
          report(Anomaly.NON_REPEATABLE_READ, new int[] {t}, o, new int[] {earlier, i},
              name(t) + " read " + o.keyName() + " twice and saw "
                  + ops.get(earlier).valueName() + " then " + o.valueName());
        }
        continue;
      }
      if (o.value() != History.INITIAL) {
        externalRead(i);
      }
    }
  }

  private void ownRead(int i, int own) {
    Op o = ops.get(i);
    Op w = ops.get(own);
    if (w.value() == o.value()) {
      return;
    }
    for (int p = 0; p < own; p++) {
      Op q = ops.get(p);
      if (installs(q) && q.key() == o.key() && q.value() == o.value()) {
        report(Anomaly.NOT_MY_LAST_WRITE, new int[] {t}, o, new int[] {p, own, i},
            name(t) + " wrote " + o.keyName() + " = " + o.valueName() + ", then "
                + w.valueName() + ", but read " + o.valueName());
        return;
      }
    }
    int writer = o.writerTxn();
    boolean other = writer >= 0 && writer != t;
    report(Anomaly.NOT_MY_OWN_WRITE, other ? new int[] {t, writer} : new int[] {t}, o,
        new int[] {own, i}, name(t) + " wrote " + o.keyName() + " = " + w.valueName()
            + " but then read " + o.valueName() + (other ? ", written by " + name(writer) : ""));
  }

  private void externalRead(int i) {
    Op o = ops.get(i);
    String read = name(t) + " read " + o.keyName() + " = " + o.valueName();
    if (o.writerOp() < 0) {
      report(Anomaly.THIN_AIR_READ, new int[] {t}, o, new int[] {i},
          read + ", a value no transaction wrote");
      return;
    }
    int w = o.writerTxn();
    if (w == t) {
      report(Anomaly.FUTURE_READ, new int[] {t}, o, new int[] {i, -1 - o.writerOp()},
          read + " before writing that value itself");
    } else if (o.writerAborted()) {
      report(Anomaly.ABORTED_READ, new int[] {t, w}, o, new int[] {-1 - o.writerOp(), i},
          read + ", written by " + name(w) + ", which aborted");
    } else if (o.writerLastOp() != o.writerOp()) {
      report(Anomaly.INTERMEDIATE_READ, new int[] {t, w}, o,
          new int[] {-1 - o.writerOp(), -1 - o.writerLastOp(), i},
          read + ", which " + name(w) + " wrote and then overwrote with " + o.writerLastValueName());
    }
  }

  private static boolean installs(Op q) {
    return OpKind.ofOrdinal(q.kind()).installsVersion();
  }

  private int lastOwnWriteBefore(int key, int i) {
    for (int p = i - 1; p >= 0; p--) {
      if (ops.get(p).key() == key && installs(ops.get(p))) {
        return p;
      }
    }
    return -1;
  }

  private int earlierReadWithOtherValue(int key, int value, int i) {
    for (int p = i - 1; p >= 0; p--) {
      Op q = ops.get(p);
      if (q.kind() == OpKind.READ.ordinal() && q.key() == key && q.value() != value) {
        return p;
      }
    }
    return -1;
  }

  private String name(int txn) {
    return "T" + txnIds[txn];
  }

  /**
   * Records a finding. {@code local} holds indexes into this transaction's operations, or
   * {@code -1 - id} for another transaction's operation given by its dense id.
   */
  private void report(Anomaly a, int[] txns, Op read, int[] local, String summary) {
    int[] ids = new int[local.length];
    for (int j = 0; j < local.length; j++) {
      ids[j] = local[j] >= 0 ? ops.get(local[j]).id() : -1 - local[j];
    }
    out.add(new Finding(a.ordinal(), t, out.size(), txns, read.key(), ids, read.value(), summary));
  }
}
