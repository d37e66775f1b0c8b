package io.isoverify.report;

import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * What makes two certificates the same anomaly in a report: the anomaly, the set of
 * transactions and the set of edges. Each level's check makes its own certificate objects and
 * words its own summary, and a cycle may start at any of its transactions; none of that
 * matters. Used as a map key.
 */
record SameAnomaly(Anomaly anomaly, List<Integer> txns, List<Edge> edges) {
  private static final Comparator<Edge> ORDER = Comparator.comparingInt(Edge::from).thenComparingInt(Edge::to)
      .thenComparing(Edge::type).thenComparingInt(Edge::key).thenComparingInt(Edge::value);

  static SameAnomaly of(Certificate c) {
    return new SameAnomaly(c.anomaly(), Arrays.stream(c.txns()).sorted().distinct().boxed().toList(),
        c.edges().stream().sorted(ORDER).distinct().toList());
  }
}
