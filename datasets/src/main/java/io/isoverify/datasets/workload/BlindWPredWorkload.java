package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * Vbox's BlindW-Pred benchmark (Sun and Zou, "Vbox", section 6, Workloads): a table of
 * {@code keys} rows with two integer fields v1, v2 (fields 1 and 2), and transactions that
 * are half predicate reads, half predicate writes, each predicate a random range filter on
 * v1 or v2. As in vbox's recorded runs (a loader, then read-only and write-only
 * transactions of four statements each):
 * <ul>
 *   <li>the first {@code ceil(keys / LOAD_ROWS)} transactions load the table, {@link
 *       #LOAD_ROWS} rows each ({@link StepKind#ROW_WRITE}, v1 and v2 uniform in [1, keys]);
 *   <li>then, with probability one half, a read-only transaction of {@code ops} predicate
 *       reads {@code v_f BETWEEN lo AND lo + w}, w uniform in [0, {@link #READ_WIDTH}); else
 *       a write-only one of {@code ops} predicate updates {@code SET v_g = c WHERE v_f BETWEEN
 *       lo AND lo + w}, w uniform in [0, {@link #UPDATE_WIDTH}), f and g drawn independently,
 *       c uniform in [1, keys] (vbox's recorded run has updates of 1 to 10 rows and reads of
 *       up to about 100).
 * </ul>
 * Every field value lies in [1, keys], so an injected anomaly's rows, whose values lie above,
 * stay out of every predicate. Ranges of reads hold about {@code w} rows (one row per value
 * on average). The loader counts among the transactions; its plan is shared by the sessions
 * (synchronized).
 */
public final class BlindWPredWorkload extends PlannedWorkload {
  /** Rows one loader transaction writes. */
  public static final int LOAD_ROWS = 500;
  /** The widest predicate read range, in field values (fewer on small tables: rows / 2). */
  public static final int READ_WIDTH = 100;
  /** The widest predicate update range, in field values (fewer on small tables: rows / 4). */
  public static final int UPDATE_WIDTH = 10;

  private final int minOps;
  private final int maxOps;
  private final long rows;
  private final long readWidth;
  private final long updateWidth;
  private long loaded;

  /**
   * @param minOps fewest predicates per transaction
   * @param maxOps most predicates per transaction
   * @param rows the table's rows (keys 0 .. rows-1), at least 1
   */
  public BlindWPredWorkload(int minOps, int maxOps, long rows) {
    OpRange.check(minOps, maxOps);
    if (rows < 1) {
      throw new IllegalArgumentException("blindw-pred needs at least one row, not " + rows);
    }
    this.minOps = minOps;
    this.maxOps = maxOps;
    this.rows = rows;
    this.readWidth = Math.min(READ_WIDTH, Math.max(2, rows / 2));
    this.updateWidth = Math.min(UPDATE_WIDTH, Math.max(1, rows / 4));
  }

  @Override
  public synchronized void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    if (loaded < rows) {
      long end = Math.min(rows, loaded + LOAD_ROWS);
      for (long k = loaded; k < end; k++) {
        out.rowWrite(k, value(random), value(random));
      }
      loaded = end;
      return;
    }
    boolean reads = random.nextBoolean();
    int n = OpRange.draw(minOps, maxOps, random);
    for (int i = 0; i < n; i++) {
      int field = 1 + random.nextInt(TxnPlan.ROW_FIELDS);
      long width = random.nextLong(reads ? readWidth : updateWidth);
      long low = 1 + random.nextLong(Math.max(1, rows - width));
      if (reads) {
        out.predicateRead(field, low, low + width);
      } else {
        out.predicateUpdate(field, low, low + width, 1 + random.nextInt(TxnPlan.ROW_FIELDS),
            value(random));
      }
    }
  }

  private long value(SplittableRandom random) {
    return 1 + random.nextLong(rows);
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
