package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.StepKind;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * An in-memory multi-version database of registers and lists that runs the transactions of
 * concurrent sessions under one {@link Isolation} level; the {@link Simulator} decides the
 * interleaving. Time is a logical clock of ticks supplied by the caller, strictly
 * increasing, one event per tick.
 *
 * <p>Steps ({@link StepKind}): a register read returns the transaction's own last write of
 * the key, else the version its snapshot (or, reading the latest, the store) holds; a list
 * read returns the elements its snapshot holds, oldest first, then the transaction's own
 * appends; writes and appends take a new unique value from the counter; a compare-and-set
 * writes when the read before it returned the value expected at begin (the key's latest
 * then) and is not empty (a CAS never creates a key); an insert writes when the key reads as
 * absent and is a read otherwise. At commit the level validates, then every append and the
 * last write of each register are installed at the commit tick.
 *
 * <p>State: the {@link VersionStore}, and per session the tick of its last serialization
 * point, of its last commit and of its last snapshot, and the start of its open
 * transaction. Versions are kept back to the <em>horizon</em>: the oldest tick an open or
 * future snapshot may read, which is at least {@code now - staleness}; a list keeps all its
 * elements until its key is retired by the workload and every transaction begun by then has
 * finished. So memory does not grow with the history. Cost: O(1) per read of the latest
 * register version, O(versions since the horizon) per snapshot read, O(list length) per list
 * read, O(ops) per commit plus an O(sessions) refresh every {@code sessions} commits.
 * Steps on rows (row writes and inserts, predicate reads, updates and deletes) run in
 * {@link PredicateSteps}.
 */
final class SimulatedDatabase {
  private final Isolation isolation;
  private final long staleness;
  private final VersionStore store = new VersionStore();
  private final PredicateSteps predicates = new PredicateSteps(store);
  /**
   * session -> the tick its last committed transaction took effect (SER, SSER), or the
   * commit tick of its last committed writer (the others: what read-your-writes needs).
   */
  private final long[] lastPoint;
  /** session -> the snapshot tick of its last transaction (CAUSAL keeps these monotone). */
  private final long[] lastSnapshot;
  /** session -> the snapshot tick of its open snapshot-reading transaction, or MAX_VALUE. */
  private final long[] openSnapshot;
  /** session -> the start tick of its open transaction, or MAX_VALUE. */
  private final long[] openStart;
  private long horizon = Long.MIN_VALUE;
  private int commitsSinceRefresh;
  /** Retired keys and the tick they were retired at, oldest first (a ring buffer). */
  private long[] retiredKey = new long[64];
  private long[] retiredAt = new long[64];
  private int retiredHead;
  private int retiredSize;

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
    this.openStart = new long[sessions];
    Arrays.fill(openSnapshot, Long.MAX_VALUE);
    Arrays.fill(openStart, Long.MAX_VALUE);
  }

  /**
   * Begins a transaction whose plan is filled, at tick {@code now}: takes note of the keys
   * its plan retires and of the values its compare-and-sets expect, and chooses its snapshot.
   */
  void begin(SimTxn t, long now, SplittableRandom random) {
    openStart[t.session] = now;
    for (int j = 0; j < t.plan.retiredCount(); j++) {
      retire(t.plan.retired(j), now);
    }
    for (int i = 0; i < t.plan.size(); i++) {
      if (t.plan.kind(i) == StepKind.CAS_WRITE) {
        t.expected[i] = store.latest(t.plan.key(i));
      }
    }
    chooseSnapshot(t, now, random);
  }

  /** Runs the transaction's steps again from the first, on a new snapshot taken at {@code now}. */
  void restart(SimTxn t, long now, SplittableRandom random) {
    openStart[t.session] = t.start;
    t.restart();
    chooseSnapshot(t, now, random);
  }

  private void chooseSnapshot(SimTxn t, long now, SplittableRandom random) {
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

  /** Runs step {@code i}; written values come from {@code counters}. */
  void step(SimTxn t, int i, Counters counters) {
    if (PredicateSteps.handles(t.plan.kind(i))) {
      predicates.step(t, i, counters);
      return;
    }
    long key = t.plan.key(i);
    t.installs[i] = false;
    t.fromStore[i] = false;
    switch (t.plan.kind(i)) {
      case WRITE -> {
        t.value[i] = counters.writeValue(key);
        t.installs[i] = true;
      }
      case APPEND -> {
        t.value[i] = counters.nextValue();
        t.installs[i] = true;
      }
      case READ -> t.value[i] = readRegister(t, i, key);
      case READ_LIST -> readList(t, i, key);
      case CAS_WRITE -> {
        long read = t.lastRead(key, i);
        if (read != VersionStore.INITIAL && read == t.expected[i]) {
          t.value[i] = counters.nextValue();
          t.installs[i] = true;
        }
      }
      case INSERT -> {
        long found = readRegister(t, i, key);
        if (found == VersionStore.INITIAL) {
          t.value[i] = counters.nextValue();
          t.installs[i] = true;
        } else {
          t.value[i] = found;
        }
      }
      default -> throw new IllegalStateException(t.plan.kind(i).name());
    }
  }

  /** The transaction's own last write of the key, else what the store shows its snapshot. */
  private long readRegister(SimTxn t, int i, long key) {
    long own = t.ownWrite(key, i);
    if (own != SimTxn.NO_OWN_WRITE) {
      return own;
    }
    long v = t.snapshot == Long.MAX_VALUE ? store.latest(key) : store.readAt(key, t.snapshot);
    t.fromStore[i] = true;
    t.seen[i] = v;
    return v;
  }

  /** The list the snapshot shows, then the transaction's own appends before step i. */
  private void readList(SimTxn t, int i, long key) {
    int stored = store.countAt(key, t.snapshot);
    int own = 0;
    for (int j = 0; j < i; j++) {
      own += t.installs[j] && t.plan.key(j) == key ? 1 : 0;
    }
    t.reserveList(stored + own);
    int from = t.listsUsed;
    store.valuesAt(key, t.snapshot, t.lists, from, stored);
    int n = stored;
    for (int j = 0; j < i; j++) {
      if (t.installs[j] && t.plan.key(j) == key) {
        t.lists[from + n++] = t.value[j];
      }
    }
    t.listFrom[i] = from;
    t.listLength[i] = n;
    t.listsUsed += n;
    t.fromStore[i] = true;
    t.seen[i] = stored == 0 ? VersionStore.INITIAL : t.lists[from + stored - 1];
    t.value[i] = n == 0 ? VersionStore.INITIAL : t.lists[from + n - 1];
  }

  /**
   * Tries to commit at tick {@code now}: validates as the level requires, then installs every
   * append and the last write of each register. Returns whether it committed; the session's
   * points move only when it did.
   */
  boolean commit(SimTxn t, long now) {
    int s = t.session;
    refresh(now);
    openSnapshot[s] = Long.MAX_VALUE;
    openStart[s] = Long.MAX_VALUE;
    if (!valid(t)) {
      return false;
    }
    boolean wrote = false;
    for (int i = 0; i < t.plan.size(); i++) {
      if (!t.installs[i]) {
        continue;
      }
      if (PredicateSteps.handles(t.plan.kind(i))) {
        predicates.install(t, i, now, horizon);
      } else if (t.plan.kind(i) == StepKind.APPEND) {
        store.install(t.plan.key(i), t.value[i], now, Long.MIN_VALUE);
      } else if (t.lastWriteOfKey(i)) {
        store.install(t.plan.key(i), t.value[i], now, horizon);
      }
      wrote = true;
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
          if (!t.fromStore[i]) {
            continue;
          }
          if (PredicateSteps.handles(t.plan.kind(i)) ? predicates.changed(t, i)
              : store.latest(t.plan.key(i)) != t.seen[i]) {
            return false;
          }
        }
        return true;
      }
      case SI -> {
        for (int i = 0; i < t.plan.size(); i++) {
          if (t.installs[i] && (PredicateSteps.handles(t.plan.kind(i))
              ? predicates.writeConflict(t, i)
              : store.latestCommit(t.plan.key(i)) > t.snapshot)) {
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
   * Every {@code sessions} commits: the horizon, the oldest tick a snapshot may still read,
   * and the retired keys no open transaction can touch any more, which are freed. A cached
   * horizon stays safe because every snapshot opened later is at or after
   * {@code now - staleness} at its opening, which is at or after the cached value; a retired
   * key is touched only by transactions begun at or before its retirement.
   */
  private void refresh(long now) {
    if (++commitsSinceRefresh < openSnapshot.length && horizon != Long.MIN_VALUE) {
      return;
    }
    commitsSinceRefresh = 0;
    long h = now - staleness;
    long oldestStart = Long.MAX_VALUE;
    for (int s = 0; s < openSnapshot.length; s++) {
      h = Math.min(h, openSnapshot[s]);
      oldestStart = Math.min(oldestStart, openStart[s]);
    }
    horizon = h;
    while (retiredSize > 0 && retiredAt[retiredHead] < oldestStart) {
      store.forget(retiredKey[retiredHead]);
      retiredHead = (retiredHead + 1) % retiredKey.length;
      retiredSize--;
    }
  }

  private void retire(long key, long now) {
    if (retiredSize == retiredKey.length) {
      long[] keys = new long[retiredSize * 2];
      long[] ticks = new long[retiredSize * 2];
      for (int j = 0; j < retiredSize; j++) {
        keys[j] = retiredKey[(retiredHead + j) % retiredSize];
        ticks[j] = retiredAt[(retiredHead + j) % retiredSize];
      }
      retiredKey = keys;
      retiredAt = ticks;
      retiredHead = 0;
    }
    int tail = (retiredHead + retiredSize) % retiredKey.length;
    retiredKey[tail] = key;
    retiredAt[tail] = now;
    retiredSize++;
  }

  /** The number of versions the store holds now. */
  int liveVersions() {
    return store.liveVersions();
  }
}
