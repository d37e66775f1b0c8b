package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * The mtc paper's mini-transactions (Definition 8: one or two reads and at most two writes,
 * each write preceded by a read of its key), with unique written values (Definition 9,
 * the executor's part). A transaction is read-only with probability {@code readOnlyRatio}
 * ({@code r(x)} or {@code r(x) r(y)}, half each), else one of three read-modify-write shapes,
 * a third each:
 * <pre>
 *   r(x) w(x)                 a read&amp;write of one key
 *   r(x) r(y) w(x)            reads two keys, writes one (the shape of a write skew)
 *   r(x) r(y) w(x) w(y)       reads and writes two keys
 * </pre>
 * x and y are distinct keys drawn from the key distribution (y is drawn again until it
 * differs; with one key the two-key shapes use x alone). O(1) per transaction, no state.
 */
public final class MiniTransactionWorkload extends PlannedWorkload {
  private final double readOnlyRatio;
  private final KeyDistribution keys;

  public MiniTransactionWorkload(double readOnlyRatio, KeyDistribution keys) {
    this.readOnlyRatio = readOnlyRatio;
    this.keys = keys;
  }

  @Override
  public void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    long x = keys.next(random);
    if (random.nextDouble() < readOnlyRatio) {
      out.read(x);
      if (random.nextBoolean()) {
        long y = other(x, random);
        if (y != x) {
          out.read(y);
        }
      }
      return;
    }
    int shape = random.nextInt(3);
    long y = shape == 0 ? x : other(x, random);
    out.read(x);
    if (y == x) {
      out.write(x);
      return;
    }
    out.read(y);
    out.write(x);
    if (shape == 2) {
      out.write(y);
    }
  }

  /** A key other than x, or x itself when a few draws find none (tiny key spaces). */
  private long other(long x, SplittableRandom random) {
    for (int tries = 0; tries < 16; tries++) {
      long y = keys.next(random);
      if (y != x) {
        return y;
      }
    }
    return x;
  }

  @Override
  public long keys() {
    return keys.keys();
  }

  @Override
  public WorkloadFamily family() {
    return WorkloadFamily.MINI_TRANSACTION;
  }
}
