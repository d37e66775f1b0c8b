package io.isoverify.datasets.workload;

import io.isoverify.history.Fences;
import java.util.SplittableRandom;

/**
 * A workload whose sessions issue a fence transaction (history's {@link Fences}: a
 * read-modify-write of the fence key, cobra 4.2) after every {@code every} transactions of
 * their own; the other transactions are the inner workload's. Fences let an audit in rounds
 * collect old transactions.
 */
public final class FencedWorkload extends PlannedWorkload {
  private final PlannedWorkload inner;
  private final int every;
  private int[] sinceFence = new int[16];

  public FencedWorkload(PlannedWorkload inner, int every) {
    if (every < 1) {
      throw new IllegalArgumentException("--fence-every must be at least 1, not " + every);
    }
    this.inner = inner;
    this.every = every;
  }

  @Override
  public void plan(int session, SplittableRandom random, TxnPlan out) {
    if (session >= sinceFence.length) {
      sinceFence = java.util.Arrays.copyOf(sinceFence, Math.max(session + 1, sinceFence.length * 2));
    }
    if (sinceFence[session] == every) {
      sinceFence[session] = 0;
      out.clear();
      out.read(Fences.KEY);
      out.write(Fences.KEY);
      return;
    }
    sinceFence[session]++;
    inner.plan(session, random, out);
  }

  @Override
  public long keys() {
    return inner.keys();
  }

  @Override
  public WorkloadFamily family() {
    return inner.family();
  }

  @Override
  public long reserveKeys(int n) {
    return inner.reserveKeys(n);
  }
}
