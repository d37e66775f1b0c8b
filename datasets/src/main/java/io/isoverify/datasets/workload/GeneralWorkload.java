package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * The general random workload of the polysi and veristrong evaluations (polysi section
 * 5.1.1): each transaction has a uniform number of operations in {@code [minOps, maxOps]},
 * each a read with probability {@code readRatio}, else a write, of a key drawn from the key
 * distribution. Read-only, write-only and read-write transactions all occur.
 */
public final class GeneralWorkload extends PlannedWorkload {
  private final int minOps;
  private final int maxOps;
  private final double readRatio;
  private final KeyDistribution keys;

  public GeneralWorkload(int minOps, int maxOps, double readRatio, KeyDistribution keys) {
    OpRange.check(minOps, maxOps);
    this.minOps = minOps;
    this.maxOps = maxOps;
    this.readRatio = readRatio;
    this.keys = keys;
  }

  @Override
  public void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    int n = OpRange.draw(minOps, maxOps, random);
    for (int i = 0; i < n; i++) {
      if (random.nextDouble() < readRatio) {
        out.read(keys.next(random));
      } else {
        out.write(keys.next(random));
      }
    }
  }

  @Override
  public long keys() {
    return keys.keys();
  }
}
