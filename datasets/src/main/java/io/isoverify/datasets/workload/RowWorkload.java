package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * A workload on a table of rows with {@link TxnPlan#ROW_FIELDS} integer fields (the
 * {@link WorkloadFamily#PREDICATE} family: vbox's predicate reads): keys 0 .. rows-1, loaded
 * by the first {@code ceil(rows / LOAD_ROWS)} transactions, {@link #LOAD_ROWS} row writes
 * each, whose field values the subclass draws ({@link #loadField}); then the subclass's own
 * transactions, of a number of steps drawn from the operation range ({@link #steps}).
 * {@link #plan} is synchronized, so sessions of the PostgreSQL collector may share one
 * instance. O(ops) per transaction.
 */
public abstract class RowWorkload extends PlannedWorkload {
  /** Rows one loader transaction writes. */
  public static final int LOAD_ROWS = 500;

  private final int minOps;
  private final int maxOps;
  /** The table's rows at first. */
  protected final long rows;
  private long loaded;

  /**
   * @param name the workload's name in messages
   * @param minOps fewest steps per transaction
   * @param maxOps most steps per transaction
   * @param rows the table's rows (keys 0 .. rows-1), at least 1
   */
  protected RowWorkload(String name, int minOps, int maxOps, long rows) {
    OpRange.check(minOps, maxOps);
    if (rows < 1) {
      throw new IllegalArgumentException(name + " needs at least one row, not " + rows);
    }
    this.minOps = minOps;
    this.maxOps = maxOps;
    this.rows = rows;
  }

  @Override
  public final synchronized void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    if (loaded < rows) {
      long end = Math.min(rows, loaded + LOAD_ROWS);
      for (long k = loaded; k < end; k++) {
        out.rowWrite(k, loadField(1, random), loadField(2, random));
      }
      loaded = end;
      return;
    }
    plan(random, out);
  }

  /** Fills {@code out} (cleared) with a transaction after the load. */
  protected abstract void plan(SplittableRandom random, TxnPlan out);

  /** A loaded row's value of field {@code f} (1 or 2; drawn in that order per row). */
  protected abstract long loadField(int f, SplittableRandom random);

  /** The number of steps of a transaction, drawn from the operation range. */
  protected final int steps(SplittableRandom random) {
    return OpRange.draw(minOps, maxOps, random);
  }

  @Override
  public long keys() {
    return rows;
  }

  @Override
  public WorkloadFamily family() {
    return WorkloadFamily.PREDICATE;
  }
}
