package io.isoverify.history.anomaly;

import java.util.List;

/**
 * The evidence for one violation, re-checkable against the raw history: the named anomaly,
 * the transactions (dense ids) and keys involved, the typed edges of its cycle (empty for
 * the anomalies found without search), and the operations (dense ids) that show it.
 *
 * @param summary one line a person reads: what happened, with the file's transaction ids,
 *     keys and values
 */
public record Certificate(Anomaly anomaly, int[] txns, int[] keys, int[] ops, List<Edge> edges,
    String summary) {
  public Certificate {
    txns = txns.clone();
    keys = keys.clone();
    ops = ops.clone();
    edges = List.copyOf(edges);
  }
}
