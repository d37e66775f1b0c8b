package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * Read-write transactions over ranges of rows, with inserts and deletes: the predicate
 * counterpart of the general workload, where snapshot isolation shows predicate-based write
 * skew (vbox, Sun and Zou, section 2: a predicate read misses a row a concurrent transaction
 * inserts; Berenson et al.'s phantom, the "doctors on call" of Cahill et al.). A table of
 * {@code rows} rows with two integer fields: field 1 is a <em>group</em> in [1, groups],
 * groups = max(1, rows / {@link #ROWS_PER_GROUP}); field 2 an identifier uniform in
 * [1, rows]:
 * <ul>
 *   <li>the first {@code ceil(rows / LOAD_ROWS)} transactions load the table, {@link
 *       RowWorkload#LOAD_ROWS} rows each ({@link StepKind#ROW_WRITE});
 *   <li>then every transaction makes {@code ops} pairs (drawn in the operation range): a
 *       predicate read of one group ({@code v1 BETWEEN g AND g}), then, with probability
 *       one half, an insert of a new row into that group ({@link StepKind#ROW_INSERT}, a
 *       fresh key, field 2 uniform), else a predicate delete of the rows whose field 2 is
 *       one value ({@code DELETE WHERE v2 BETWEEN x AND x}, about one row, any group).
 * </ul>
 * Two concurrent transactions that read one group and both insert into it each miss the
 * other's row: under snapshot isolation both commit (a cycle of two anti-dependencies), a
 * serializable database aborts one. Inserts and deletes balance, so the table keeps about
 * {@code rows} rows; fewer rows mean more contention.
 *
 * <p>State: the rows loaded so far and the next fresh key ({@code rows} up, also handed out
 * by {@link #reserveKeys}, synchronized as {@link #plan} is. O(ops) per transaction.
 */
public final class PredicateRwWorkload extends RowWorkload {
  /** Rows per group on average: the rows a group's predicate read returns. */
  public static final int ROWS_PER_GROUP = 4;

  private final long groups;
  private long nextFresh;

  /**
   * @param minOps fewest (read, write) pairs per transaction
   * @param maxOps most pairs per transaction
   * @param rows the table's rows at first (keys 0 .. rows-1), at least 1
   */
  public PredicateRwWorkload(int minOps, int maxOps, long rows) {
    super("pred-rw", minOps, maxOps, rows);
    this.groups = Math.max(1, rows / ROWS_PER_GROUP);
    this.nextFresh = rows;
  }

  @Override
  protected void plan(SplittableRandom random, TxnPlan out) {
    int n = steps(random);
    for (int i = 0; i < n; i++) {
      long g = group(random);
      out.predicateRead(1, g, g);
      if (random.nextBoolean()) {
        out.rowInsert(nextFresh++, g, identifier(random));
      } else {
        long x = identifier(random);
        out.predicateDelete(2, x, x);
      }
    }
  }

  /** Field 1 a group, field 2 an identifier. */
  @Override
  protected long loadField(int f, SplittableRandom random) {
    return f == 1 ? group(random) : identifier(random);
  }

  private long group(SplittableRandom random) {
    return 1 + random.nextLong(groups);
  }

  private long identifier(SplittableRandom random) {
    return 1 + random.nextLong(rows);
  }

  @Override
  public synchronized long reserveKeys(int n) {
    long first = nextFresh;
    nextFresh += n;
    return first;
  }
}
