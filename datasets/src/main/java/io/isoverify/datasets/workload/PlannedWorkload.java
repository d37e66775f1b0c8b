package io.isoverify.datasets.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A workload that fills a reusable {@link TxnPlan} instead of allocating a list of steps:
 * the simulated database calls {@link #plan}, other executors (the PostgreSQL collector)
 * may keep calling {@link #next}, which gives the same steps for the same random source.
 */
public abstract class PlannedWorkload implements Workload {
  /** Fills {@code out} (cleared first) with session {@code session}'s next transaction. */
  public abstract void plan(int session, SplittableRandom random, TxnPlan out);

  @Override
  public final List<Step> next(int session, SplittableRandom random) {
    TxnPlan plan = new TxnPlan();
    plan(session, random, plan);
    List<Step> steps = new ArrayList<>(plan.size());
    for (int i = 0; i < plan.size(); i++) {
      steps.add(new Step(plan.kind(i), plan.key(i)));
    }
    return steps;
  }

  /**
   * The first of {@code n} consecutive keys that no transaction of this workload ever
   * touches (an injected anomaly runs on them). A workload with a fixed key space returns
   * {@link #keys()}; one that makes new keys as it goes hands out keys it will skip.
   */
  public long reserveKeys(int n) {
    return keys();
  }
}
