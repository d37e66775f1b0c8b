package io.isoverify.datasets.workload;

import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * The mtc paper's lightweight transactions (section II-F, IV-E; Cassandra's LWT): every
 * transaction is one conditional operation on one key drawn from the key distribution. The
 * first transaction planned on a key is its insert-if-not-exists (LWT histories have no
 * initial transaction: inserts give keys their first value); every later one is a
 * compare-and-set, planned as a read of the key and a {@link StepKind#CAS_WRITE}: it writes a
 * new unique value when the read returns the value the client expected when it began (the
 * key's latest value then), and is a plain read otherwise. So a successful CAS is a
 * read&amp;write (R&amp;W) of one key and a failed one a read, as mtc records them.
 *
 * <p>State: one bit per key (inserted or not); keys must fit in an int. {@link #plan} is
 * synchronized. O(1) per transaction.
 */
public final class LightweightTxnWorkload extends PlannedWorkload {
  private final KeyDistribution keys;
  private final BitSet inserted = new BitSet();

  public LightweightTxnWorkload(KeyDistribution keys) {
    if (keys.keys() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("the lwt workload takes at most " + Integer.MAX_VALUE
          + " keys, not " + keys.keys());
    }
    this.keys = keys;
  }

  @Override
  public synchronized void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    long k = keys.next(random);
    if (!inserted.get((int) k)) {
      inserted.set((int) k);
      out.insert(k);
    } else {
      out.read(k);
      out.casWrite(k);
    }
  }

  @Override
  public long keys() {
    return keys.keys();
  }

  @Override
  public WorkloadFamily family() {
    return WorkloadFamily.LIGHTWEIGHT_TRANSACTION;
  }
}
