package io.isoverify.history.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One hand-made history per named anomaly with its cycle certificate written down by hand,
 * asserting the whole explanation: class, pattern, levels, transactions, keys, the operations
 * behind each edge, and only those operations.
 */
class ExplainerTest {
  private static final List<Level> ALL = List.of(Level.SER, Level.SI, Level.SSER);

  private History h;

  /** The certificate the last {@link #explain} call explained. */
  private Certificate explained;

  private Explanation explain(String text, Edge... cycle) {
    h = HistoryDsl.parse(text);
    explained = new Certificate(Anomaly.CYCLE, new int[0], new int[0], new int[0], List.of(cycle), 0);
    return new Explainer(h).explain(explained);
  }

  private int key(String k) {
    return h.keys().encode(k);
  }

  private int val(long v) {
    return h.values().find(v);
  }

  private Edge e(int from, int to, EdgeType t, String k, int value) {
    return new Edge(from, to, t, key(k), value);
  }

  private static Step step(Edge e, int fromOp, int toOp) {
    return new Step(e, fromOp, toOp);
  }

  private Explanation expected(Anomaly adya, Anomaly pattern, String name, List<Level> out,
      String possible, List<Integer> txns, List<Integer> keys, List<Step> steps, List<Integer> ops) {
    return new Explanation(adya, pattern, name, out, possible, txns, keys, steps, ops,
        CertificateSummary.of(h, explained));
  }

  @Test
  void writeSkewIsG2ItemAndLeavesSiPossible() {
    // Ops: T1 = 0 r x, 1 r y, 2 w x; T2 = 3 r x, 4 r y, 5 w y. Given starting at T2.
    String text = "a: [r x init; r y init; w x 1]\nb: [r x init; r y init; w y 1]";
    h = HistoryDsl.parse(text);
    Explanation x = explain(text, Edge.of(1, 0, EdgeType.RW), Edge.of(0, 1, EdgeType.RW));
    int xk = key("x");
    int yk = key("y");
    assertEquals(expected(Anomaly.G2_ITEM, Anomaly.WRITE_SKEW, "G2-item", List.of(Level.SER, Level.SSER),
        "SI", List.of(0, 1), List.of(yk, xk),
        List.of(step(new Edge(0, 1, EdgeType.RW, yk, History.INITIAL), 1, 5),
            step(new Edge(1, 0, EdgeType.RW, xk, History.INITIAL), 3, 2)),
        List.of(1, 2, 3, 5)), x);
    assertEquals("""
        G2-item (WriteSkew): two transactions read what the other overwrote
        Let
          T1 = session a, committed: [...; r y init; w x 1]
          T2 = session b, committed: [r x init; ...; w y 1]
        Then:
          - T1 read y = init and T2 installed the next version, y = 1, so T1 -> T2 (RW on y);
          - T2 read x = init and T1 installed the next version, x = 1, so T2 -> T1 (RW on x).
        A contradiction: T1 < T2 < T1, so no order of the transactions explains what they read.
        Rules out SER, SSER; the history could still be SI.
        """, new ExplanationText(h).render(x));
  }

  @Test
  void aSetOfEdgesIsCutDownToItsShortestCycle() {
    // A conflict core, not one cycle in order: the write skew plus a longer way round through T3.
    String text = "a: [r x init; r y init; w x 1]\nb: [r x init; r y init; w y 1]\nc: [r x 1; w z 1]";
    Explanation x = explain(text, Edge.of(0, 2, EdgeType.WR), Edge.of(1, 0, EdgeType.RW),
        new Edge(2, 1, EdgeType.SO, -1, -1), Edge.of(0, 1, EdgeType.RW));
    assertEquals(List.of(new Edge(0, 1, EdgeType.RW, key("y"), History.INITIAL),
        new Edge(1, 0, EdgeType.RW, key("x"), History.INITIAL)), x.steps().stream().map(Step::edge).toList());
    assertEquals(Anomaly.WRITE_SKEW, x.pattern());
  }

  @Test
  void lostUpdateIsGSingleWithBothReads() {
    // T1 = 0 w x 1; T2 = 1 r x 1, 2 w x 2; T3 = 3 r x 1, 4 w x 3.
    Explanation x = explain("a: [w x 1]\nb: [r x 1; w x 2]\nc: [r x 1; w x 3]",
        Edge.of(2, 1, EdgeType.RW), Edge.of(1, 2, EdgeType.WW));
    int xk = key("x");
    assertEquals(expected(Anomaly.G_SINGLE, Anomaly.LOST_UPDATE, "G-single", ALL, "read committed",
        List.of(1, 2), List.of(xk),
        List.of(step(e(1, 2, EdgeType.WW, "x", val(2)), 2, 4), step(e(2, 1, EdgeType.RW, "x", val(1)), 3, 2)),
        List.of(1, 2, 3, 4)), x);
  }

  @Test
  void writeCycleIsG0() {
    Explanation x = explain("a: [w x 1; w y 2]\nb: [w x 2; w y 1]",
        Edge.of(0, 1, EdgeType.WW), new Edge(1, 0, EdgeType.WW, 1, -1));
    assertEquals(expected(Anomaly.G0, null, "G0", ALL, null, List.of(0, 1), List.of(key("x"), key("y")),
        List.of(step(e(0, 1, EdgeType.WW, "x", val(1)), 0, 2), step(e(1, 0, EdgeType.WW, "y", val(1)), 3, 1)),
        List.of(0, 1, 2, 3)), x);
  }

  @Test
  void circularInformationFlowIsG1c() {
    Explanation x = explain("a: [w x 1; r y 1]\nb: [r x 1; w y 1]",
        Edge.of(0, 1, EdgeType.WR), Edge.of(1, 0, EdgeType.WR));
    assertEquals(expected(Anomaly.G1C, null, "G1c", ALL, "read uncommitted", List.of(0, 1),
        List.of(key("x"), key("y")),
        List.of(step(e(0, 1, EdgeType.WR, "x", val(1)), 0, 2), step(e(1, 0, EdgeType.WR, "y", val(1)), 3, 1)),
        List.of(0, 1, 2, 3)), x);
  }

  @Test
  void fracturedRead() {
    Explanation x = explain("a: [w x 1; w y 1]\nb: [r x 1; r y init]",
        Edge.of(0, 1, EdgeType.WR), new Edge(1, 0, EdgeType.RW, 1, -1)); // key 1 is y
    assertEquals(expected(Anomaly.G_SINGLE, Anomaly.FRACTURED_READ, "G-single", ALL, "read committed",
        List.of(0, 1), List.of(key("x"), key("y")),
        List.of(step(e(0, 1, EdgeType.WR, "x", val(1)), 0, 2),
            step(e(1, 0, EdgeType.RW, "y", History.INITIAL), 3, 1)),
        List.of(0, 1, 2, 3)), x);
  }

  @Test
  void causalityViolation() {
    // T1 = 0 w x 1; T2 = 1 r x 1, 2 w y 1; T3 = 3 r y 1, 4 r x init.
    Explanation x = explain("a: [w x 1]\nb: [r x 1; w y 1]\nc: [r y 1; r x init]",
        Edge.of(2, 0, EdgeType.RW), Edge.of(0, 1, EdgeType.WR), Edge.of(1, 2, EdgeType.WR));
    assertEquals(expected(Anomaly.G_SINGLE, Anomaly.CAUSALITY_VIOLATION, "G-single", ALL, "read committed",
        List.of(0, 1, 2), List.of(key("x"), key("y")),
        List.of(step(e(0, 1, EdgeType.WR, "x", val(1)), 0, 1), step(e(1, 2, EdgeType.WR, "y", val(1)), 2, 3),
            step(e(2, 0, EdgeType.RW, "x", History.INITIAL), 4, 0)),
        List.of(0, 1, 2, 3, 4)), x);
  }

  @Test
  void longForkIsGNonadjacent() {
    // T1 = 0 w x 1; T2 = 1 w y 1; T3 = 2 r x 1, 3 r y init; T4 = 4 r y 1, 5 r x init.
    Explanation x = explain("a: [w x 1]\nb: [w y 1]\nc: [r x 1; r y init]\nd: [r y 1; r x init]",
        Edge.of(0, 2, EdgeType.WR), Edge.of(2, 1, EdgeType.RW), Edge.of(1, 3, EdgeType.WR),
        Edge.of(3, 0, EdgeType.RW));
    assertEquals(expected(Anomaly.G_NONADJACENT, Anomaly.LONG_FORK, "G-nonadjacent", ALL, "read committed",
        List.of(0, 2, 1, 3), List.of(key("x"), key("y")),
        List.of(step(e(0, 2, EdgeType.WR, "x", val(1)), 0, 2),
            step(e(2, 1, EdgeType.RW, "y", History.INITIAL), 3, 1),
            step(e(1, 3, EdgeType.WR, "y", val(1)), 1, 4),
            step(e(3, 0, EdgeType.RW, "x", History.INITIAL), 5, 0)),
        List.of(0, 1, 2, 3, 4, 5)), x);
  }

  @Test
  void sessionGuaranteeViolationIsGSingleProcess() {
    Explanation x = explain("a: [w x 1] [r x init]", Edge.of(0, 1, EdgeType.SO), Edge.of(1, 0, EdgeType.RW));
    assertEquals(expected(Anomaly.G_SINGLE, Anomaly.SESSION_GUARANTEE_VIOLATION, "G-single-process", ALL,
        "read committed", List.of(0, 1), List.of(key("x")),
        List.of(step(Edge.of(0, 1, EdgeType.SO), -1, -1), step(e(1, 0, EdgeType.RW, "x", History.INITIAL), 1, 0)),
        List.of(0, 1)), x);
  }

  @Test
  void realtimeViolationRulesOutOnlySser() {
    Explanation x = explain("a: [w x 1]@1-2\nb: [r x init]@3-4",
        Edge.of(0, 1, EdgeType.RT), Edge.of(1, 0, EdgeType.RW));
    assertEquals(expected(Anomaly.G_SINGLE, Anomaly.REALTIME_VIOLATION, "G-single-realtime",
        List.of(Level.SSER), "SER", List.of(0, 1), List.of(key("x")),
        List.of(step(Edge.of(0, 1, EdgeType.RT), -1, -1), step(e(1, 0, EdgeType.RW, "x", History.INITIAL), 1, 0)),
        List.of(0, 1)), x);
    assertEquals("T1 ended (at 2) before T2 started (at 3), so T1 -> T2 (RT)",
        new ExplanationText(h).because(x.steps().get(0)));
  }

  @Test
  void readSkewThroughAVersionOrder() {
    // T1 = 0 w x 1, 1 w y 1; T2 = 2 w x 2; T3 = 3 r x 2, 4 r y init.
    Explanation x = explain("a: [w x 1; w y 1]\nb: [w x 2]\nc: [r x 2; r y init]",
        Edge.of(0, 1, EdgeType.WW), Edge.of(1, 2, EdgeType.WR), new Edge(2, 0, EdgeType.RW, 1, -1));
    assertEquals(expected(Anomaly.G_SINGLE, Anomaly.READ_SKEW, "G-single", ALL, "read committed",
        List.of(0, 1, 2), List.of(key("x"), key("y")),
        List.of(step(e(0, 1, EdgeType.WW, "x", val(1)), 0, 2), step(e(1, 2, EdgeType.WR, "x", val(2)), 2, 3),
            step(e(2, 0, EdgeType.RW, "y", History.INITIAL), 4, 1)),
        List.of(0, 1, 2, 3, 4)), x);
  }

  @Test
  void abortedReadKeepsItsCertificate() {
    h = HistoryDsl.parse("a: [w x 1]!\nb: [r x 1]");
    Certificate c = NonCycleChecks.check(h).get(0);
    Explanation x = new Explainer(h).explain(c);
    assertEquals(new Explanation(Anomaly.ABORTED_READ, null, "AbortedRead", ALL, "read uncommitted",
        List.of(1, 0), List.of(key("x")), List.of(step(e(0, 1, EdgeType.WR, "x", val(1)), 0, 1)),
        List.of(0, 1), "T2 read x = 1, written by T1, which aborted"), x);
    assertEquals("""
        AbortedRead: a read returned a value written by an aborted transaction (G1a)
        Let
          T2 = session b, committed: [r x 1]
          T1 = session a, aborted: [w x 1]
        Then: T2 read x = 1, written by T1, which aborted.
        Rules out SER, SI, SSER; the history could still be read uncommitted.
        """, new ExplanationText(h).render(x));
  }

  @Test
  void trimKeepsOnlyTheOperationsOfTheCycle() {
    h = HistoryDsl.parse("a: [r x init; r y init; r z init; w x 1]\nb: [r x init; r y init; w y 1; w z 2]");
    Certificate c = new Certificate(Anomaly.G2_ITEM, new int[] {0, 1}, new int[0], new int[] {0, 1, 2, 3, 4, 5, 6, 7},
        List.of(Edge.of(0, 1, EdgeType.RW), Edge.of(1, 0, EdgeType.RW)), 0);
    Certificate t = new Explainer(h).trim(c);
    assertEquals(List.of(1, 3, 4, 6), java.util.Arrays.stream(t.ops()).boxed().toList());
    assertEquals(List.of(key("y"), key("x")), java.util.Arrays.stream(t.keys()).boxed().toList());
  }
}
