package io.isoverify.datasets.workload;

import io.isoverify.history.Dictionary;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Elle's list-append workload (Kingsbury and Alvaro, VLDB 2020, section 4; Jepsen's
 * {@code elle.list-append/gen}): each transaction has a uniform number of micro-operations in
 * {@code [minOps, maxOps]} (Elle: 1 to 4 in most Jepsen tests), each a read of a whole list
 * with probability {@code readRatio} (Elle: one half), else an append of a new element, on a
 * key drawn from the key distribution. Elements are chosen by the executor, unique per key.
 *
 * <p>Key rotation: the distribution picks a <em>slot</em> among {@code keys()}; slot
 * {@code s} starts as key {@code s}. Once a slot's key has been given
 * {@code appendsPerKey} appends (Elle's {@code :max-writes-per-key}, 32 by default), the
 * slot moves to a fresh key (the next unused id, from {@code keys()} up) and the plan
 * retires the old one ({@link TxnPlan#retire}). So lists stay short (a read costs at most
 * {@code appendsPerKey} elements) and every key's list is read while it grows.
 *
 * <p>State: per slot used so far its key and its appends (a dictionary of the slots drawn,
 * at most {@code keys()}), and the next fresh id. {@link #plan} is synchronized, so sessions
 * of the PostgreSQL collector may share one instance (their plans then depend on their
 * interleaving, as the database's answers do). O(ops) per transaction.
 */
public final class ListAppendWorkload extends PlannedWorkload {
  /** Elle's {@code :max-writes-per-key}. */
  public static final int DEFAULT_APPENDS_PER_KEY = 32;
  /** The most micro-operations per transaction Jepsen's list-append tests commonly use. */
  public static final int DEFAULT_MAX_OPS = 4;

  private final int minOps;
  private final int maxOps;
  private final double readRatio;
  private final KeyDistribution slots;
  private final int appendsPerKey;
  /** slot -> dense index; {@link #key} and {@link #appends} are by dense index. */
  private final Dictionary used = new Dictionary();
  private long[] key = new long[64];
  private int[] appends = new int[64];
  private long nextFresh;

  public ListAppendWorkload(int minOps, int maxOps, double readRatio, KeyDistribution slots,
      int appendsPerKey) {
    OpRange.check(minOps, maxOps);
    if (appendsPerKey < 1) {
      throw new IllegalArgumentException(
          "appends per key must be at least 1, not " + appendsPerKey);
    }
    this.minOps = minOps;
    this.maxOps = maxOps;
    this.readRatio = readRatio;
    this.slots = slots;
    this.appendsPerKey = appendsPerKey;
    this.nextFresh = slots.keys();
  }

  @Override
  public synchronized void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    int n = OpRange.draw(minOps, maxOps, random);
    for (int i = 0; i < n; i++) {
      long slot = slots.next(random);
      int d = dense(slot);
      if (random.nextDouble() < readRatio) {
        out.readList(key[d]);
      } else {
        out.append(key[d]);
        if (++appends[d] == appendsPerKey) {
          out.retire(key[d]);
          key[d] = nextFresh++;
          appends[d] = 0;
        }
      }
    }
  }

  private int dense(long slot) {
    int before = used.size();
    int d = used.encode(slot);
    if (d == before) {
      if (d == key.length) {
        key = Arrays.copyOf(key, d * 2);
        appends = Arrays.copyOf(appends, d * 2);
      }
      key[d] = slot;
    }
    return d;
  }

  /** The slots: how many keys are in use at a time. Rotated keys have ids from here up. */
  @Override
  public long keys() {
    return slots.keys();
  }

  @Override
  public WorkloadFamily family() {
    return WorkloadFamily.LIST_APPEND;
  }

  /** Skips {@code n} fresh ids, so that no slot rotates to them. */
  @Override
  public synchronized long reserveKeys(int n) {
    long first = nextFresh;
    nextFresh += n;
    return first;
  }

  public int appendsPerKey() {
    return appendsPerKey;
  }
}
