package io.isoverify.history.explain;

import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import java.util.List;

/**
 * One violation explained, as data (Elle's habit: explain first as a record, render it to
 * text, DOT and JSON afterwards). Dense History ids throughout; -1 is the virtual initial
 * transaction.
 *
 * @param anomaly Adya's class for a cycle (G0 .. G2-item), else the certificate's anomaly
 * @param pattern the mtc paper's name of the cycle's shape (LostUpdate, WriteSkew, ...), or null
 * @param name Adya's name with its variant suffix ("G-single-process"), or the anomaly's name
 * @param rulesOut the checked levels this violation rules out
 * @param stillPossible the strongest of read uncommitted, read committed, SI, SER, SSER the
 *     history could still satisfy as far as this violation goes; null when none
 * @param txns the transactions involved, in the order the text introduces them
 * @param keys the keys involved, in order of first appearance
 * @param steps the cycle's edges with the operations showing each, starting at its smallest
 *     transaction; for a non-cycle anomaly its certificate's edges
 * @param ops the operations that take part, ascending: only those, not whole transactions
 * @param summary the certificate's one-line summary
 */
public record Explanation(Anomaly anomaly, Anomaly pattern, String name, List<Level> rulesOut,
    String stillPossible, List<Integer> txns, List<Integer> keys, List<Step> steps,
    List<Integer> ops, String summary) {
  public Explanation {
    rulesOut = List.copyOf(rulesOut);
    txns = List.copyOf(txns);
    keys = List.copyOf(keys);
    steps = List.copyOf(steps);
    ops = List.copyOf(ops);
  }

  /** The title a person reads: "G2-item (WriteSkew)", "AbortedRead". */
  public String title() {
    return pattern == null ? name : name + " (" + pattern.displayName() + ")";
  }

  /** True when the violation is a cycle in the dependency graph. */
  public boolean isCycle() {
    return anomaly.isCycle();
  }
}
