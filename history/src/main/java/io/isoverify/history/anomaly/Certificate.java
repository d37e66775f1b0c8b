package io.isoverify.history.anomaly;

import java.util.List;

/**
 * The evidence for one violation, as a record a program re-checks against the raw history
 * and every rendering (text, DOT, SVG, JSON, Parquet, HTML) is made from: the named anomaly,
 * the transactions (dense ids) and keys involved, the operations (dense ids) that show it,
 * and for a cycle its typed edges (for the anomalies found without search, the WR edge from
 * the writer read, if any). No text travels with it: {@code explain.CertificateSummary}
 * states it in words against the history its ids refer to.
 *
 * @param choices for a cycle, how many constraints the search showed to close a cycle under
 *     every choice (this cycle being one example): version-order constraints and the reads
 *     of {@code reads}; 0 when the cycle lies in the graph the history forces, and for the
 *     anomalies found without search
 * @param reads the reads among those constraints whose writer the history leaves open
 *     (veristrong's WR constraints): the cycle closes whichever candidate wrote each; the
 *     example cycle assumes {@link WrConstraint#assumed}
 */
public record Certificate(Anomaly anomaly, int[] txns, int[] keys, int[] ops, List<Edge> edges,
    int choices, List<WrConstraint> reads) {
  public Certificate {
    txns = txns.clone();
    keys = keys.clone();
    ops = ops.clone();
    edges = List.copyOf(edges);
    reads = List.copyOf(reads);
  }

  /** A certificate of an anomaly found without search, or of a cycle the history forces. */
  public Certificate(Anomaly anomaly, int[] txns, int[] keys, int[] ops, List<Edge> edges) {
    this(anomaly, txns, keys, ops, edges, 0, List.of());
  }

  /** A certificate whose constraints are all version-order ones. */
  public Certificate(Anomaly anomaly, int[] txns, int[] keys, int[] ops, List<Edge> edges,
      int choices) {
    this(anomaly, txns, keys, ops, edges, choices, List.of());
  }
}
