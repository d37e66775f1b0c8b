package io.isoverify.datasets.sim;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * An in-memory multi-version key-value database that runs the transactions of concurrent
 * sessions under one {@link Isolation} level; the {@link Simulator} decides the
 * interleaving. Time is a logical clock of ticks supplied by the caller, strictly
 * increasing, one event per tick.
 *
 * <p>State: the {@link VersionStore}, and per session the tick of its last serialization
 * point, of its last commit and of its last snapshot. Versions are kept back to the
 * <em>horizon</em>: the oldest tick an open or future snapshot may read, which is at least
 * {@code now - staleness}; so memory does not grow with the history. Cost: O(1) per read
 * of the latest version, O(versions since the horizon) per snapshot read, O(ops) per commit
 * plus an O(sessions) horizon refresh every {@code sessions} commits.
 */
final class SimulatedDatabase {
  private final Isolation isolation;
  private final long staleness;
  private final VersionStore store = new VersionStore();
  /**
   * session -> the tick its last committed transaction took effect (SER, SSER), or the
   * commit tick of its last committed writer (the others: what read-your-writes needs).
   */
  private final long[] lastPoint;
  /** session -> the snapshot tick of its last transaction (CAUSAL keeps these monotone). */
  private final long[] lastSnapshot;
  /** session -> the snapshot tick of its open snapshot-reading transaction, or MAX_VALUE. */
  private final long[] openSnapshot;
  private long horizon = Long.MIN_VALUE;
  private int commitsSinceHorizon;

  /**
   * @param staleness how many ticks back a stale snapshot (SER read-only, RA, CAUSAL) may
   *     reach; 0 makes every snapshot current
   */
  SimulatedDatabase(Isolation isolation, int sessions, long staleness) {
    this.isolation = isolation;
    this.staleness = staleness;
    this.lastPoint = new long[sessions];
    this.lastSnapshot = new long[sessions];
    this.openSnapshot = new long[sessions];
    Arrays.fill(openSnapshot, Long.MAX_VALUE);
  }

  /** Chooses the snapshot of a transaction whose plan is filled, begun at tick {@code now}. */
  void begin(SimTxn t, long now, SplittableRandom random) {
    int s = t.session;
    long oldest = Math.max(lastPoint[s], now - staleness);
    switch (isolation) {
      case SSER, RC -> t.snapshot = Long.MAX_VALUE;
      case SER -> t.snapshot = t.plan.readOnly() && random.nextBoolean()
          ? between(oldest, now, random) : Long.MAX_VALUE;
      case SI -> t.snapshot = now;
      case RA -> t.snapshot = between(oldest, now, random);
      case CAUSAL -> t.snapshot = between(Math.max(oldest, lastSnapshot[s]), now, random);
      default -> throw new IllegalStateException(isolation.name());
    }
    if (t.snapshot != Long.MAX_VALUE) {
      openSnapshot[s] = t.snapshot;
      lastSnapshot[s] = t.snapshot;
    }
  }

  private static long between(long low, long high, SplittableRandom random) {
    return low >= high ? high : low + random.nextLong(high - low + 1);
  }

  /** Runs read step {@code i}: the transaction's own last write, else the store's answer. */
  void read(SimTxn t, int i) {
    long key = t.plan.key(i);
    long own = t.ownWrite(key, i);
    if (own != SimTxn.NO_OWN_WRITE) {
      t.value[i] = own;
      t.fromStore[i] = false;
    } else {
      t.value[i] = t.snapshot == Long.MAX_VALUE ? store.latest(key) : store.readAt(key, t.snapshot);
      t.fromStore[i] = true;
    }
  }

  /**
   * Tries to commit at tick {@code now}: validates as the level requires, then installs the
   * last write of each key. Returns whether it committed; the session's points move only
   * when it did.
   */
  boolean commit(SimTxn t, long now) {
    int s = t.session;
    openSnapshot[s] = Long.MAX_VALUE;
    if (!valid(t)) {
      return false;
    }
    boolean wrote = false;
    for (int i = 0; i < t.plan.size(); i++) {
      if (t.plan.isWrite(i) && t.lastWriteOfKey(i)) {
        store.install(t.plan.key(i), t.value[i], now, horizon(now));
        wrote = true;
      }
    }
    if (wrote) {
      lastPoint[s] = now;
    } else if (isolation == Isolation.SER || isolation == Isolation.SSER) {
      // A stale read-only SER transaction takes effect at its snapshot, every other at commit.
      lastPoint[s] = t.snapshot == Long.MAX_VALUE ? now : Math.max(lastPoint[s], t.snapshot);
    }
    return true;
  }

  private boolean valid(SimTxn t) {
    switch (isolation) {
      case SER, SSER -> {
        if (t.snapshot != Long.MAX_VALUE) {
          return true; // a read-only snapshot is consistent by construction
        }
        for (int i = 0; i < t.plan.size(); i++) {
          if (!t.plan.isWrite(i) && t.fromStore[i] && store.latest(t.plan.key(i)) != t.value[i]) {
            return false;
          }
        }
        return true;
      }
      case SI -> {
        for (int i = 0; i < t.plan.size(); i++) {
          if (t.plan.isWrite(i) && store.latestCommit(t.plan.key(i)) > t.snapshot) {
            return false;
          }
        }
        return true;
      }
      default -> {
        return true;
      }
    }
  }

  /**
   * The oldest tick a snapshot may still read. Refreshed every {@code sessions} commits; a
   * cached value stays safe because every snapshot opened later is at or after
   * {@code now - staleness} at its opening, which is at or after the cached value.
   */
  private long horizon(long now) {
    if (++commitsSinceHorizon >= openSnapshot.length || horizon == Long.MIN_VALUE) {
      commitsSinceHorizon = 0;
      long h = now - staleness;
      for (long snap : openSnapshot) {
        h = Math.min(h, snap);
      }
      horizon = h;
    }
    return horizon;
  }

  /** The number of versions the store holds now. */
  int liveVersions() {
    return store.liveVersions();
  }
}
