package io.isoverify.datasets.sim;

import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import java.util.List;
import java.util.Set;

/**
 * The label of an anomaly injected on purpose: which anomaly, the ids of the transactions
 * that form it (in the order the pattern names them, T0 first), the fresh keys it uses, one
 * sentence saying what they did, the levels the pattern violates (the rest of a run at a
 * level that holds them all leaves the others holding), and the names a checker may give it
 * (the anomaly itself, and the other names of the cycles the pattern leaves). A checker given
 * the history must find the anomaly, under one of these names, among these transactions.
 */
public record Injection(Anomaly anomaly, List<Long> txns, List<Long> keys, String description,
    Set<Level> violates, Set<Anomaly> names) {
  public Injection {
    txns = List.copyOf(txns);
    keys = List.copyOf(keys);
    violates = Set.copyOf(violates);
    names = Set.copyOf(names);
  }
}
