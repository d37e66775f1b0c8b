package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What predicate reads say, as observations (vbox 4.1): candidates, virtual keys, findings. */
class PredicateObservationsTest {
  @Test
  void anUnmatchedRowAllowsTheInitialStateAndTheVersionsThePredicateIsFalseOn() {
    // vbox's Figure 1 shape: T2 finds neither x with v=1 nor y with v=2
    History h = HistoryDsl.parse("s1: [i x 1 {1=0}; i y 2 {1=2}]\ns2: [p 1 1 1 0; p 1 2 2 0]\n"
        + "s3: [w y 3 {1=3}; w x 4 {1=1}]");
    PredicateObservations o = PredicateObservations.of(h);
    assertEquals(List.of("T2 x [init, T1]", "T2 y [init, T3]"), show(h, o));
    assertEquals(0, o.unchecked());
    assertEquals(0, o.virtualKeyCount());
  }

  @Test
  void aFieldSomeVersionsInheritIsOrderedOnAVirtualKey() {
    History h = HistoryDsl.parse("s1: [i x 1 {1=1}]\ns2: [w x 2 {2=5}]\ns3: [p 1 1 1 0]");
    PredicateObservations o = PredicateObservations.of(h);
    assertEquals(1, o.virtualKeyCount());
    int virtual = h.keys().size();
    assertEquals("x", h.showKey(o.realKey(virtual)));
    assertEquals(List.of(0), java.util.Arrays.stream(o.virtualWriters(0)).boxed().toList());
    assertEquals(List.of("T3 x' [init]"), show(h, o));
  }

  @Test
  void aReturnedRowNoVersionMatchesIsAFindingAndAFormatWithoutFieldsChecksNothing() {
    History h = HistoryDsl.parse("s1: [i x 1 {1=5}]\ns2: [p 1 0 1 1; r x 1]");
    NonCycleFindings f = PredicateObservations.of(h).addedTo(NonCycleChecks.findings(h, 10), 10);
    assertEquals(Map.of(Anomaly.PREDICATE_MISMATCH, 1L), f.counts());
    Certificate c = f.examples().get(0);
    assertEquals(List.of(1, 2), java.util.Arrays.stream(c.ops()).boxed().toList());
    assertNull(PredicateObservations.of(HistoryDsl.parse("s1: [i x 1 {1=5}]")).firstUnchecked());
  }

  private static List<String> show(History h, PredicateObservations o) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < o.count(); i++) {
      List<String> c = new ArrayList<>();
      for (int j = o.candStart(i); j < o.candEnd(i); j++) {
        c.add(o.candTxn(j) < 0 ? "init" : h.showTxn(o.candTxn(j)));
      }
      String key = o.key(i) < h.keys().size() ? h.showKey(o.key(i)) : h.showKey(o.realKey(o.key(i))) + "'";
      out.add(h.showTxn(o.reader(i)) + " " + key + " " + c);
    }
    return out;
  }
}
