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
 * For SER and SSER {@code snapshot} is empty.
 */
public record Witness(Level level, int[] order, int[] snapshot) {
  public Witness {
    order = order.clone();
    snapshot = snapshot.clone();
  }
}
