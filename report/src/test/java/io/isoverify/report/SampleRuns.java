package io.isoverify.report;

import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.solver.CertificateFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The runs the report tests render: a write skew with an aborted read, and 10^5 aborted reads. */
final class SampleRuns {
  private SampleRuns() {}

  /**
   * SER violated by a write skew (T1, T2; the cycle given by hand, as the cycle search
   * would give it) and an aborted read (T4 read T3's write); SI only by the aborted read.
   */
  static RunReport writeSkewAndAbortedRead() {
    History h = HistoryDsl.parse("""
        a: [r x init; r y init; w x 1]
        b: [r x init; r y init; w y 1]
        c: [w z 1]!
        d: [r z 1]
        """);
    int x = h.opKey(0);
    int y = h.opKey(1);
    Certificate skew = new CertificateFactory(h).cycle(List.of(new Edge(0, 1, EdgeType.RW, y, -1),
        new Edge(1, 0, EdgeType.RW, x, -1)), 0);
    Certificate aborted = NonCycleChecks.check(h).get(0);
    LevelReport ser = new LevelReport(Level.SER, Verdict.VIOLATED, null, List.of(skew, aborted),
        Map.of(Anomaly.G2_ITEM, 1L, Anomaly.ABORTED_READ, 1L), null, 12_000_000L);
    LevelReport si = new LevelReport(Level.SI, Verdict.VIOLATED, null, List.of(aborted),
        Map.of(Anomaly.ABORTED_READ, 1L), null, 3_000_000L);
    return new RunReport("run-1", "skew.jsonl", "jsonl", h, List.of(ser, si), phases());
  }

  /** {@code n} aborted writers, each read by a committed transaction: n AbortedReads. */
  static RunReport abortedReads(int n) throws InvalidHistoryException {
    HistoryBuilder b = new HistoryBuilder("generated");
    int writers = b.sessions().encode("writers");
    int readers = b.sessions().encode("readers");
    int[] keys = {b.keys().encode("x"), b.keys().encode("y"), b.keys().encode("z")};
    for (int i = 0; i < n; i++) {
      int value = b.values().encode((long) i);
      int key = keys[i % keys.length];
      b.add(2L * i, writers, 2L * i + 1, i, 0, OpKind.WRITE, key, value, Outcome.ABORTED, History.NO_TIME, History.NO_TIME);
      b.add(2L * i + 1, readers, 2L * i + 2, i, 0, OpKind.READ, key, value, Outcome.COMMITTED, History.NO_TIME, History.NO_TIME);
    }
    History h = b.build();
    // Every certificate goes to the report: bounding what is shown is the report's job.
    NonCycleFindings f = NonCycleChecks.findings(h, Integer.MAX_VALUE);
    LevelReport ser = new LevelReport(Level.SER, Verdict.VIOLATED, null, f.examples(), f.counts(), null, 5_000_000L);
    return new RunReport("run-big", "generated", "jsonl", h, List.of(ser), phases());
  }

  private static LinkedHashMap<String, Long> phases() {
    LinkedHashMap<String, Long> p = new LinkedHashMap<>();
    p.put("load", 40_000_000L);
    p.put("non-cycle checks", 2_000_000L);
    return p;
  }
}
