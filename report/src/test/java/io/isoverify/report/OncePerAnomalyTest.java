package io.isoverify.report;

import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An anomaly several levels report is shown and numbered once, with the levels it breaks,
 * even when each level's check made its own certificate object, found it through another
 * number of constraints or started the cycle elsewhere; the verdict lines and counts stay
 * per level.
 */
class OncePerAnomalyTest {
  /** The same certificate as another object, found through {@code choices} constraints. */
  private static Certificate copy(Certificate c, int choices) {
    return new Certificate(c.anomaly(), c.txns(), c.keys(), c.ops(), c.edges(), choices);
  }

  private static RunReport run() {
    History h = SampleRuns.writeSkewAndAbortedRead().history();
    Certificate skew = new Certificate(Anomaly.G2_ITEM, new int[] {0, 1}, new int[0], new int[0],
        List.of(Edge.of(0, 1, EdgeType.RW), Edge.of(1, 0, EdgeType.RW)), 0);
    Certificate skewRotated = new Certificate(Anomaly.G2_ITEM, new int[] {1, 0}, new int[0], new int[0],
        List.of(Edge.of(1, 0, EdgeType.RW), Edge.of(0, 1, EdgeType.RW)), 2);
    Certificate aborted = NonCycleChecks.check(h).get(0);
    Certificate abortedAgain = copy(NonCycleChecks.check(h).get(0), 0);
    Map<Anomaly, Long> both = Map.of(Anomaly.G2_ITEM, 1L, Anomaly.ABORTED_READ, 1L);
    return new RunReport("run-once", "skew.jsonl", "jsonl", h, List.of(
        new LevelReport(Level.SER, Verdict.VIOLATED, null, List.of(skew, aborted), both, null, 1L),
        new LevelReport(Level.SI, Verdict.VIOLATED, null, List.of(abortedAgain), Map.of(Anomaly.ABORTED_READ, 1L),
            null, 1L),
        new LevelReport(Level.SSER, Verdict.VIOLATED, null, List.of(aborted, skewRotated), both, null, 1L)),
        new LinkedHashMap<>());
  }

  @Test
  void equalContentIsOneAnomalyWithItsLevels() {
    ExplainedRun r = ExplainedRun.of(run(), ReportFiles.SHOWN_PER_KIND);
    assertEquals(2, r.distinct().size());
    assertEquals(List.of(Level.SER, Level.SSER), r.distinct().get(0).levels());
    assertEquals(List.of(Level.SER, Level.SI, Level.SSER), r.distinct().get(1).levels());
    assertEquals(0, r.distinct().get(0).certificate().choices(), "the first level's certificate");
    assertEquals(List.of(2, 1), r.levels().get(2).shown().stream().map(ExplainedRun.Shown::number).toList());
  }

  @Test
  void theTextListsEachOnceUnderTheVerdictLines() {
    assertEquals("""
        SER   VIOLATED  2 anomalies (AbortedRead 1, G2-item 1) (0.00 s)
        SI    VIOLATED  1 anomaly (AbortedRead 1) (0.00 s)
        SSER  VIOLATED  2 anomalies (AbortedRead 1, G2-item 1) (0.00 s)
              [1] G2-item (WriteSkew) breaks SER, SSER: G2-item: T1 -RW-> T2 -RW-> T1
              [2] AbortedRead breaks SER, SI, SSER: T4 read z = 1, written by T3, which aborted
        """, ReportText.render(run()).lines().skip(1).map(l -> l + "\n").reduce("", String::concat));
  }

  @Test
  void theHtmlShowsEachOnce() {
    ExplainedRun r = ExplainedRun.of(run(), ReportFiles.SHOWN_PER_KIND);
    String html = ReportHtml.render(r, Pictures.draw(r, Pictures.ELK));
    assertEquals(2, html.split("<section class=\"anomaly\"", -1).length - 1, html);
    assertTrue(html.contains("<h3>[2] AbortedRead breaks SER, SI, SSER</h3>"), html);
  }

  @Test
  void theUnlistedAreCountedPerLevel() throws Exception {
    RunReport big = SampleRuns.abortedReads(12);
    String text = ReportText.render(big);
    assertTrue(text.contains("      [5] AbortedRead breaks SER: "), text);
    assertTrue(text.endsWith("      ... not listed here: SER 7 (counts above; examples in the report files)\n"), text);
  }
}
