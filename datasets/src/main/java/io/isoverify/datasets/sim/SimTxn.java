package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.TxnPlan;
import java.util.Arrays;

/**
 * The open transaction of one client session, reused for each of the session's
 * transactions. Step {@code i} of {@link #plan} has run when {@code i < done}; its value
 * (what a read returned, or what a write installed) is {@code value[i]}, and
 * {@code fromStore[i]} tells a read of the store from a read of the transaction's own write.
 */
final class SimTxn {
  /** What {@link #ownWrite} returns when the transaction has not written the key. */
  static final long NO_OWN_WRITE = -2;

  final int session;
  final TxnPlan plan = new TxnPlan();
  boolean open;
  long id;
  int position;
  long start;
  /** The tick whose committed state the reads see; Long.MAX_VALUE to read the latest. */
  long snapshot;
  int done;
  long[] value = new long[16];
  boolean[] fromStore = new boolean[16];

  SimTxn(int session) {
    this.session = session;
  }

  /** Starts the next transaction of the session with the plan already filled. */
  void reset(long txnId, int positionInSession, long startTick) {
    open = true;
    id = txnId;
    position = positionInSession;
    start = startTick;
    done = 0;
    if (value.length < plan.size()) {
      value = Arrays.copyOf(value, plan.size());
      fromStore = Arrays.copyOf(fromStore, plan.size());
    }
  }

  /** The value this transaction last wrote to {@code key} before step {@code step}. */
  long ownWrite(long key, int step) {
    for (int i = step - 1; i >= 0; i--) {
      if (plan.isWrite(i) && plan.key(i) == key) {
        return value[i];
      }
    }
    return NO_OWN_WRITE;
  }

  /** True when step {@code i} is the transaction's last write of its key. */
  boolean lastWriteOfKey(int i) {
    long key = plan.key(i);
    for (int j = i + 1; j < plan.size(); j++) {
      if (plan.isWrite(j) && plan.key(j) == key) {
        return false;
      }
    }
    return true;
  }
}
