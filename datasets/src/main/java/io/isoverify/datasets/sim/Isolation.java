package io.isoverify.datasets.sim;

import io.isoverify.history.check.Level;

/**
 * The isolation levels the simulated database runs, with how it provides each one. Every
 * level installs a transaction's writes atomically at its commit tick, so commit order is
 * the version order of every key.
 * <pre>
 *   SSER    optimistic: reads see the latest committed version; at commit, abort unless
 *           every read is still the latest (backward validation). The transaction takes
 *           effect at its commit tick, which lies inside [start, end].
 *   SER     as SSER, but a read-only transaction may instead read a consistent snapshot
 *           from the recent past (no later than its session's last serialization point):
 *           serializable in session order, not always in real-time order.
 *   SI      snapshot at start, first-committer-wins abort on a write-write conflict.
 *   RC      reads see the latest committed version at the time of the read; never aborts.
 *   RA      a consistent snapshot from the recent past, taken anew by each transaction, no
 *           later than its session's last commit but possibly older than the snapshot of
 *           the session's previous transaction (non-monotonic reads); no conflict checks.
 *   CAUSAL  as RA with snapshots that never go back within a session (prefix consistency,
 *           which implies causal consistency); no conflict checks, so lost updates happen.
 * </pre>
 */
public enum Isolation {
  SER,
  SSER,
  SI,
  RC,
  RA,
  CAUSAL;

  /** The simulated level that produces histories satisfying a verifier level. */
  public static Isolation of(Level level) {
    return switch (level) {
      case SER -> SER;
      case SI -> SI;
      case SSER -> SSER;
    };
  }

  /** True when reads come from a snapshot fixed at begin rather than the latest version. */
  boolean readsSnapshot() {
    return this == SI || this == RA || this == CAUSAL;
  }
}
