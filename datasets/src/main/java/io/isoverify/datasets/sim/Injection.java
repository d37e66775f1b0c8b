package io.isoverify.datasets.sim;

import io.isoverify.history.anomaly.Anomaly;
import java.util.List;

/**
 * The label of an anomaly injected on purpose: which anomaly, the ids of the transactions
 * that form it (in the order the pattern names them, T0 first), the fresh keys it uses, and
 * one sentence saying what they did. A checker given the history must find this anomaly
 * among these transactions.
 */
public record Injection(Anomaly anomaly, List<Long> txns, List<Long> keys, String description) {
  public Injection {
    txns = List.copyOf(txns);
    keys = List.copyOf(keys);
  }
}
