package io.isoverify.datasets.workload;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A source of transactions for client sessions: each call gives the steps of the next
 * transaction a session intends to run. Deterministic for a given random source, so a
 * seed reproduces a history.
 */
public interface Workload {
  /** The steps of session {@code session}'s next transaction. */
  List<Step> next(int session, SplittableRandom random);

  /**
   * The number of distinct keys the workload may touch (keys are 0 .. keys()-1); for a
   * workload that rotates keys (list-append), how many are in use at a time.
   */
  long keys();

  /** The shape of the histories this workload makes. */
  default WorkloadFamily family() {
    return WorkloadFamily.REGISTER;
  }
}
