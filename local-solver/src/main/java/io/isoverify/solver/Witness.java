package io.isoverify.solver;

import io.isoverify.history.check.Level;

/**
 * Why a history satisfies a level: an execution that explains it, over dense History
 * transaction ids (every committed transaction, and the unknown-outcome ones the graph
 * included).
 *
 * <ul>
 *   <li>SER, SSER: {@code order} is a serial order;
 *   <li>SI: {@code order} is the commit order and {@code snapshot[i]} the number of commits
 *       {@code order[i]} sees when it starts (its start point, 0 <= snapshot[i] <= i).
 * </ul>
 * For SER and SSER {@code snapshot} is empty. The reads whose value several transactions of
 * the order wrote have their writer stated (veristrong's WR constraints made explicit):
 * {@code readers[i]} read key {@code keys[i]} from {@code writers[i]}, which the replay
 * checks.
 */
public record Witness(Level level, int[] order, int[] snapshot, int[] readers, int[] keys,
    int[] writers) {
  public Witness {
    order = order.clone();
    snapshot = snapshot.clone();
    readers = readers.clone();
    keys = keys.clone();
    writers = writers.clone();
  }

  /** A witness with no read whose writer needs stating. */
  public Witness(Level level, int[] order, int[] snapshot) {
    this(level, order, snapshot, new int[0], new int[0], new int[0]);
  }

  /**
   * This witness as one of {@code weaker}, a level this one's implies ({@link Level#implies}):
   * the same serial order for SER, and for SI the same order as commit order with each
   * transaction starting right after the commit before it ({@code snapshot[i] = i}). The
   * stated writers stay. O(n).
   *
   * @throws IllegalArgumentException when this witness's level does not imply {@code weaker}
   */
  public Witness as(Level weaker) {
    if (!level.implies(weaker)) {
      throw new IllegalArgumentException(level + " does not imply " + weaker);
    }
    if (weaker == level) {
      return this;
    }
    int[] points = new int[0];
    if (weaker == Level.SI) {
      points = new int[order.length];
      java.util.Arrays.setAll(points, i -> i);
    }
    return new Witness(weaker, order, points, readers, keys, writers);
  }
}
