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
 *       RowWorkload#LOAD_ROWS} rows each ({@link StepKind#ROW_WRITE}, v1 and v2 uniform in [1, keys]);
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
public final class BlindWPredWorkload extends RowWorkload {
  /** The widest predicate read range, in field values (fewer on small tables: rows / 2). */
  public static final int READ_WIDTH = 100;
  /** The widest predicate update range, in field values (fewer on small tables: rows / 4). */
  public static final int UPDATE_WIDTH = 10;

  private final long readWidth;
  private final long updateWidth;

  /**
   * @param minOps fewest predicates per transaction
   * @param maxOps most predicates per transaction
   * @param rows the table's rows (keys 0 .. rows-1), at least 1
   */
  public BlindWPredWorkload(int minOps, int maxOps, long rows) {
    super("blindw-pred", minOps, maxOps, rows);
    this.readWidth = Math.min(READ_WIDTH, Math.max(2, rows / 2));
    this.updateWidth = Math.min(UPDATE_WIDTH, Math.max(1, rows / 4));
  }

  @Override
  protected void plan(SplittableRandom random, TxnPlan out) {
    boolean reads = random.nextBoolean();
    int n = steps(random);
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

  /** Both fields uniform in [1, rows]. */
  @Override
  protected long loadField(int f, SplittableRandom random) {
    return value(random);
  }

  private long value(SplittableRandom random) {
    return 1 + random.nextLong(rows);
  }
}
