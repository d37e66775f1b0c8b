package io.isoverify.spark.report;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.explain.ExplanationText;

/** Short text forms of transactions and edges, shared by every rendering of a report. */
public final class CertificateText {
  private CertificateText() {}

  /** A transaction by the id the file gave it; the virtual initial transaction is "init". */
  public static String txn(History h, int t) {
    return t < 0 ? "init" : h.showTxn(t);
  }

  /** "T1 -WR(x=1)-> T2", "T3 -SO-> T4". */
  public static String edge(History h, Edge e) {
    String label = e.type().name();
    String kv = new ExplanationText(h).keyValue(e);
    if (!kv.isEmpty()) {
      label += "(" + kv + ")";
    }
    return txn(h, e.from()) + " -" + label + "-> " + txn(h, e.to());
  }
}
