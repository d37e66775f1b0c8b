package io.isoverify.history.check;

import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.io.Serializable;
import java.util.Comparator;
import java.util.List;

/**
 * One anomaly found without search (mtc Table I, Figure 5(a)-(g)), as data: every one of
 * them concerns one read, the earlier operations of its transaction on the same key, and the
 * writer of the value read, so one key's operations show it ({@link KeyRules}).
 *
 * @param anomaly one of the non-cycle anomalies
 * @param txns the reading transaction first, then the other one involved when there is
 *     one (the value's writer), dense ids
 * @param key the key, in the caller's coding (in-process a History key code; on Spark the
 *     block's local key number until the driver recodes it)
 * @param ops the operations that show it, dense ids, in the order of the certificate
 * @param value the value read, in the coding of the moment: a local index as
 *     {@link KeyRules} gives it, the caller's code after {@link #withValues}; History.INITIAL
 *     for the initial state
 * @param otherValue the second value the anomaly involves: the earlier
 *     read's value (NonRepeatableReads), the transaction's own last write (NotMyOwnWrite,
 *     NotMyLastWrite), the writer's overwrite (IntermediateRead); History.NO_VALUE otherwise
 */
public record NonCycleFinding(Anomaly anomaly, int[] txns, int key, int[] ops, int value,
    int otherValue) implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * The order in which findings are reported: by reading transaction, then by its read, then
   * by anomaly (one read has at most one finding of each kind).
   */
  public static final Comparator<NonCycleFinding> ORDER =
      Comparator.comparingInt(NonCycleFinding::readTxn).thenComparingInt(NonCycleFinding::readOp)
          .thenComparing(NonCycleFinding::anomaly);

  /** The transaction whose read shows the anomaly. */
  public int readTxn() {
    return txns[0];
  }

  /** The read that shows it: the first operation of a FutureRead, the last of the others. */
  public int readOp() {
    return anomaly == Anomaly.FUTURE_READ ? ops[0] : ops[ops.length - 1];
  }

  /** The same finding with its local values mapped through {@code valueCode}. */
  public NonCycleFinding withValues(int[] valueCode) {
    return new NonCycleFinding(anomaly, txns, key, ops, KeyOps.code(value, valueCode),
        KeyOps.code(otherValue, valueCode));
  }

  /** The same finding on key {@code key} (a block-local key recoded). */
  public NonCycleFinding withKey(int key) {
    return new NonCycleFinding(anomaly, txns, key, ops, value, otherValue);
  }

  /**
   * The certificate: the finding, and, when another transaction's write was read
   * (AbortedRead, IntermediateRead), the WR edge from the writer to the reader. An
   * IncompatibleOrder names the two readers, the other one second, and has no edge.
   */
  public Certificate certificate() {
    List<Edge> edges = txns.length == 2 && anomaly != Anomaly.NOT_MY_OWN_WRITE
        && anomaly != Anomaly.INCOMPATIBLE_ORDER
        ? List.of(new Edge(txns[1], txns[0], EdgeType.WR, key, value))
        : List.of();
    return new Certificate(anomaly, txns, new int[] {key}, ops, edges);
  }
}
