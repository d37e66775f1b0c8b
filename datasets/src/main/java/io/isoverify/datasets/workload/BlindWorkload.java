package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * Cobra's BlindW micro-benchmark (cobra section 6): every transaction is either read-only
 * (with probability {@code readOnlyRatio}) or write-only, its keys drawn from the key
 * distribution. Blind writes leave the verifier no read-modify-write chains, the hardest case
 * for pruning. BlindW-RW uses a read-only ratio of 0.5, BlindW-RH (cobra's read-mostly
 * BlindW-RM) 0.9; cobra runs eight operations per transaction over 10k keys.
 */
public final class BlindWorkload extends PlannedWorkload {
  /** The read-only ratio of BlindW-RW. */
  public static final double READ_WRITE = 0.5;
  /** The read-only ratio of BlindW-RH (read-heavy, called BlindW-RM in cobra). */
  public static final double READ_HEAVY = 0.9;

  private final int minOps;
  private final int maxOps;
  private final double readOnlyRatio;
  private final KeyDistribution keys;

  public BlindWorkload(int minOps, int maxOps, double readOnlyRatio, KeyDistribution keys) {
    OpRange.check(minOps, maxOps);
    this.minOps = minOps;
    this.maxOps = maxOps;
    this.readOnlyRatio = readOnlyRatio;
    this.keys = keys;
  }

  @Override
  public void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    boolean reads = random.nextDouble() < readOnlyRatio;
    int n = OpRange.draw(minOps, maxOps, random);
    for (int i = 0; i < n; i++) {
      long k = keys.next(random);
      if (reads) {
        out.read(k);
      } else {
        out.write(k);
      }
    }
  }

  @Override
  public long keys() {
    return keys.keys();
  }
}
