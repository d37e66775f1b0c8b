package io.isoverify.history.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Explanations of cycles whose edges rest on predicate reads (vbox 4.1), and of rows deleted,
 * one hand-made history per case: each step names the predicate read (or update) behind it, with what it
 * returned and the field value of the version it missed or saw, and the transactions are
 * shown with their predicate reads and the row fields their writes set. Asserts the steps'
 * operations and the whole text.
 */
class PredicateExplanationTest {
  private History h;

  /** Explains the cycle on {@link #h}, parsed first (the edges name its keys and values). */
  private Explanation explain(Edge... cycle) {
    Certificate c = new Certificate(Anomaly.CYCLE, new int[0], new int[0], new int[0],
        List.of(cycle), 0);
    return new Explainer(h).explain(c);
  }

  private Edge e(int from, int to, EdgeType t, String k, String value) {
    return new Edge(from, to, t, h.keys().encode(k),
        value.equals("init") ? History.INITIAL : h.values().find(Long.parseLong(value)));
  }

  private String render(Explanation x) {
    return new ExplanationText(h).render(x, "[1]");
  }

  @Test
  void aPhantomNamesThePredicateReadThatMissedTheRowAndTheFieldThatMatches() {
    // ops: T1 = 0 p, 1 r x 1; T2 = 2 i x 1 {1=5}
    h = HistoryDsl.parse("s1: [p 1 0 9 0; r x 1]\ns2: [i x 1 {1=5}]");
    Explanation x = explain(e(0, 1, EdgeType.RW, "x", "init"), e(1, 0, EdgeType.WR, "x", "1"));
    assertSteps(x, Anomaly.PHANTOM, List.of(0, 2), List.of(2, 1));
    assertEquals(List.of(0, 1, 2), x.ops());
    assertEquals("""
        [1]: a predicate read missed a row version that the same transaction then read (or the reverse)
        Let
          T1 = session s1, committed: [pr field 1 in [0, 9]: 0 rows; r x 1]
          T2 = session s2, committed: [ins x 1 {1=5}]
        Then:
          - T1's predicate read (field 1 in [0, 9]) did not return x, so it saw a version of x \
        that does not match: the initial state; T2 installed the next version, x = 1 \
        (field 1 = 5), so T1 -> T2 (RW on x);
          - T2 wrote x = 1 and T1 read it, so T2 -> T1 (WR on x).
        A contradiction: T1 < T2 < T1, so no order of the transactions explains what they read.
        Rules out SER, SI, SSER; the history could still be read committed.
        """, render(x));
  }

  @Test
  void predicateWriteSkewNamesBothPredicateReads() {
    // ops: T1 = 0 p, 1 i x; T2 = 2 p, 3 i y
    h = HistoryDsl.parse("s1: [p 1 1 1 0; i x 1 {1=1}]\ns2: [p 1 1 1 0; i y 2 {1=1}]");
    Explanation x = explain(e(0, 1, EdgeType.RW, "y", "init"), e(1, 0, EdgeType.RW, "x", "init"));
    assertSteps(x, Anomaly.PREDICATE_WRITE_SKEW, List.of(0, 3), List.of(2, 1));
    assertEquals("""
          - T1's predicate read (field 1 in [1, 1]) did not return y, so it saw a version of y \
        that does not match: the initial state; T2 installed the next version, y = 2 \
        (field 1 = 1), so T1 -> T2 (RW on y);
          - T2's predicate read (field 1 in [1, 1]) did not return x, so it saw a version of x \
        that does not match: the initial state; T1 installed the next version, x = 1 \
        (field 1 = 1), so T2 -> T1 (RW on x).
        """, steps(render(x)));
  }

  @Test
  void aPredicateUpdateThatSawAVersionIsItsReaderOfThatVersion() {
    // T2's update matched x (it saw T1's x, field 1 = 50; the initial state has no row) and
    // wrote y, which T1 read. Its first predicate read, which did not return x, agrees with
    // T1's version too, but shows less: the update is named.
    // ops: T1 = 0 i x, 1 r y 9; T2 = 2 p [0, 9], 3 p [40, 60], 4 w x 2, 5 w y 9
    Explanation x = readBackCycle("p 1 0 9 0; p 1 40 60 1");
    assertEquals(List.of(5, 1), ops(x.steps().get(1)));
    assertEquals("""
          - T2's predicate update (field 1 in [40, 60]) updated x, so it saw a version of x that \
        matches: the one T1 wrote, x = 1 (field 1 = 50), so T1 -> T2 (WR on x);
          - T2 wrote y = 9 and T1 read it, so T2 -> T1 (WR on y).
        """, steps(render(x)));
  }

  @Test
  void aVersionAPredicateReadSawIsExplainedByTheReadItAgreesWith() {
    // T2's first predicate read on [40, 60] did not return x, which T1's version (field 1 =
    // 50) would have matched; its update on [0, 100] then matched x, so saw T1's version: the
    // WR edge from T1 is the update's, not the first read's.
    // ops: T1 = 0 i x, 1 r y 9; T2 = 2 p [40, 60], 3 p [0, 100], 4 w x 2, 5 w y 9
    readBackCycle("p 1 40 60 0; p 1 0 100 1");
  }

  /**
   * T1 inserts x (field 1 = 50) and reads y = 9; T2 runs {@code predicates}, the last of
   * which updates x, then writes y = 9: the cycle T1 -WR(x)-> T2 -WR(y)-> T1, whose first step
   * must be the update (op 3) reading T1's insert (op 0).
   */
  private Explanation readBackCycle(String predicates) {
    h = HistoryDsl.parse("s1: [i x 1 {1=50}; r y 9]\ns2: [" + predicates + "; w x 2 {1=7}; w y 9]");
    Explanation x = explain(e(0, 1, EdgeType.WR, "x", "1"), e(1, 0, EdgeType.WR, "y", "9"));
    assertEquals(List.of(0, 3), ops(x.steps().get(0)));
    return x;
  }

  private static List<Integer> ops(Step s) {
    return List.of(s.fromOp(), s.toOp());
  }

  /** The explanation's pattern, and each step's (from, to) operations in order. */
  @SafeVarargs
  private static void assertSteps(Explanation x, Anomaly pattern, List<Integer>... steps) {
    assertEquals(pattern, x.pattern());
    assertEquals(List.of(steps), x.steps().stream().map(PredicateExplanationTest::ops).toList());
  }

  @Test
  void ofSeveralPredicateReadsTheOneThatDisagreesWithTheVersionIsNamed() {
    // T1's first predicate read (field 2) says nothing of field 1; its second one missed x,
    // whose next version matches it: ops T1 = 0 p2, 1 p1, 2 r x 1; T2 = 3 i x
    h = HistoryDsl.parse("s1: [p 2 0 9 0; p 1 0 9 0; r x 1]\ns2: [i x 1 {1=5}]");
    Explanation x = explain(e(0, 1, EdgeType.RW, "x", "init"), e(1, 0, EdgeType.WR, "x", "1"));
    assertEquals(List.of(1, 3), ops(x.steps().get(0)));
    assertEquals(List.of(1, 2, 3), x.ops());
  }

  @Test
  void aDeleteIsSaidToDeleteTheRow() {
    // write skew by deletes: each reads the row the other deletes
    // ops: T1 = 0 i x, 1 i y; T2 = 2 r x, 3 d y; T3 = 4 r y, 5 d x
    h = HistoryDsl.parse("s0: [i x 1 {1=5}; i y 2 {1=5}]\ns1: [r x 1; d y 3]\ns2: [r y 2; d x 4]");
    Explanation x = explain(e(1, 2, EdgeType.RW, "x", "1"), e(2, 1, EdgeType.RW, "y", "2"));
    assertEquals(Anomaly.WRITE_SKEW, x.pattern());
    assertEquals("""
          - T2 read x = 1 and T3 deleted x, the next version, so T2 -> T3 (RW on x);
          - T3 read y = 2 and T2 deleted y, the next version, so T3 -> T2 (RW on y).
        """, steps(render(x)));
    assertEquals("  T2 = session s1, committed: [r x 1; del y 3]", render(x).split("\n")[2]);
  }

  /** The lines of a rendered explanation that explain its steps. */
  private static String steps(String text) {
    StringBuilder s = new StringBuilder();
    for (String line : text.split("\n")) {
      if (line.startsWith("  - ")) {
        s.append(line).append('\n');
      }
    }
    return s.toString();
  }
}
