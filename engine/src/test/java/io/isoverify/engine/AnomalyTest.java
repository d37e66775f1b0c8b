package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One hand-made history per named anomaly, and its valid twin: the verdict at every level
 * and the certificate's anomaly and cycle (rotated to start at its smallest transaction).
 */
class AnomalyTest {
  private static final String SKEW_CYCLE = "T1 -RW(y=init)-> T2 -RW(x=init)-> T1";

  @Test
  void overwritesInOppositeOrdersIsG0() {
    // T3 saw x from T1 and y from T2, so T2 overwrote x after T1 and T1 overwrote y after
    // T2. Pruning derives both write orders and shows the write cycle; over the unpruned
    // polygraph the solver's conflict shows one way out, the read-write cycle it closes.
    String dsl = "s1: [w x 1; w y 1]\ns2: [w x 2; w y 2]\ns3: [r x 1; r y 2]";
    for (Pipelines.Encoding encoding : Pipelines.available()) {
      Anomaly a = encoding == Pipelines.Encoding.PARTITIONED ? Anomaly.G0 : Anomaly.G_SINGLE;
      String cycle = encoding == Pipelines.Encoding.PARTITIONED
          ? "T1 -WW(y=1)-> T2 -WW(x=2)-> T1" : "T2 -WR(y=2)-> T3 -RW(x=1)-> T2";
      expect(HistoryDsl.parse(dsl), encoding, a, cycle, a, cycle, a, cycle);
    }
    holds("s1: [w x 1; w y 1]\ns2: [w x 2; w y 2]\ns3: [r x 1; r y 1]");
  }

  @Test
  void circularInformationFlowIsG1c() {
    String cycle = "T1 -WR(x=1)-> T2 -WR(y=1)-> T1";
    violated("s1: [w x 1; r y 1]\ns2: [w y 1; r x 1]",
        Anomaly.G1C, cycle, Anomaly.G1C, cycle, Anomaly.G1C, cycle);
    holds("s1: [w x 1; r y init]\ns2: [w y 1; r x 1]");
  }

  @Test
  void readSkewIsGSingle() {
    String cycle = "T1 -WR(y=1)-> T2 -RW(x=init)-> T1";
    violated("s1: [w x 1; w y 1]\ns2: [r x init; r y 1]",
        Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle);
    holds("s1: [w x 1; w y 1]\ns2: [r x 1; r y 1]");
  }

  @Test
  void writeSkewViolatesSerButNotSi() {
    violated("s1: [r x init; r y init; w x 1]\ns2: [r x init; r y init; w y 1]",
        Anomaly.G2_ITEM, SKEW_CYCLE, null, null, Anomaly.G2_ITEM, SKEW_CYCLE);
    holds("s1: [r x init; r y init; w x 1]\ns2: [r x 1; r y init; w y 1]");
  }

  @Test
  void lostUpdateViolatesEveryLevel() {
    String twoReads = "T1 -RW(x=init)-> T2 -RW(x=init)-> T1";
    String overwrite = "T1 -WW(x=1)-> T2 -RW(x=init)-> T1";
    History h = HistoryDsl.parse("s1: [r x init; w x 1]\ns2: [r x init; w x 2]");
    for (Pipelines.Encoding encoding : Pipelines.available()) {
      if (encoding == Pipelines.Encoding.PARTITIONED) {
        // pruning orders the two writes and shows the overwrite at every level
        expect(h, encoding, Anomaly.G_SINGLE, overwrite, Anomaly.G_SINGLE, overwrite,
            Anomaly.G_SINGLE, overwrite);
        continue;
      }
      Map<Level, LevelResult> r = expect(h, encoding, Anomaly.G2_ITEM, twoReads,
          Anomaly.G_SINGLE, overwrite, Anomaly.G2_ITEM, twoReads);
      // under SI the write order of x is a real choice: the conflict names that one constraint
      assertEquals(1, r.get(Level.SI).conflicts().size());
      assertEquals(1, r.get(Level.SI).conflicts().get(0).side0().size());
    }
    holds("s1: [r x init; w x 1]\ns2: [r x 1; w x 2]");
  }

  @Test
  void longForkViolatesSi() {
    // two anti-dependencies, never adjacent: G-nonadjacent (Adya, as Elle names it), which SI
    // forbids as well
    String cycle = "T1 -WR(x=1)-> T3 -RW(y=init)-> T2 -WR(y=1)-> T4 -RW(x=init)-> T1";
    violated("s1: [w x 1]\ns2: [w y 1]\ns3: [r x 1; r y init]\ns4: [r x init; r y 1]",
        Anomaly.G_NONADJACENT, cycle, Anomaly.G_NONADJACENT, cycle, Anomaly.G_NONADJACENT, cycle);
    holds("s1: [w x 1]\ns2: [w y 1]\ns3: [r x 1; r y init]\ns4: [r x 1; r y 1]");
  }

  @Test
  void causalityViolation() {
    String cycle = "T1 -WR(x=1)-> T2 -WR(y=1)-> T3 -RW(x=init)-> T1";
    violated("s1: [w x 1]\ns2: [r x 1; w y 1]\ns3: [r y 1; r x init]",
        Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle);
    holds("s1: [w x 1]\ns2: [r x 1; w y 1]\ns3: [r y 1; r x 1]");
  }

  @Test
  void fracturedRead() {
    String cycle = "T1 -WR(x=1)-> T2 -RW(y=init)-> T1";
    violated("s1: [w x 1; w y 1]\ns2: [r x 1; r y init]",
        Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle);
    holds("s1: [w x 1; w y 1]\ns2: [r x 1; r y 1]");
  }

  @Test
  void sessionGuaranteeViolation() {
    String cycle = "T1 -SO-> T2 -RW(x=init)-> T1";
    violated("s1: [w x 1] [r x init]",
        Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle, Anomaly.G_SINGLE, cycle);
    holds("s1: [w x 1] [r x 1]");
  }

  @Test
  void realTimeViolationOnlyUnderSser() {
    violated("s1: [w x 1]@0-1\ns2: [r x init]@2-3", null, null, null, null,
        Anomaly.REALTIME_VIOLATION, "T1 -RT-> T2 -RW(x=init)-> T1");
    holds("s1: [w x 1]@0-1\ns2: [r x 1]@2-3");
    // overlapping in time, the stale read is fine under SSER too
    holds("s1: [w x 1]@0-3\ns2: [r x init]@2-4");
  }

  @Test
  void nonCycleAnomaliesViolateEveryLevelWithoutSearch() {
    Map<String, Anomaly> cases = Map.of("s1: [w x 1]!\ns2: [r x 1]", Anomaly.ABORTED_READ,
        "s1: [w x 1]\ns2: [r x 7]", Anomaly.THIN_AIR_READ);
    for (Pipelines.Encoding encoding : Pipelines.available()) {
      cases.forEach((dsl, anomaly) -> {
        Map<Level, LevelResult> r = Pipelines.verify(HistoryDsl.parse(dsl), encoding);
        for (Level level : Level.values()) {
          assertEquals(Verdict.VIOLATED, r.get(level).verdict());
          assertEquals(1, r.get(level).certificates().size());
          assertEquals(anomaly, r.get(level).certificates().get(0).anomaly());
        }
      });
    }
  }

  /** The witnesses over the unpruned polygraph (a pruned graph may order ties differently). */
  @Test
  void witnessesOfAValidHistory() {
    Map<Level, LevelResult> r = Pipelines.verify(HistoryDsl.parse("s1: [w x 1] [r y 2]\ns2: [r x 1; w y 2]"),
        Pipelines.Encoding.UNPRUNED);
    assertEquals(List.of(0, 2, 1), toList(r.get(Level.SER).witness().order()));
    assertEquals(List.of(0, 2, 1), toList(r.get(Level.SI).witness().order()));
    // T2 (index 2) must see T1's commit, T1's successor must see T2's
    assertEquals(List.of(0, 1, 2), toList(r.get(Level.SI).witness().snapshot()));
  }

  private static List<Integer> toList(int[] a) {
    List<Integer> out = new ArrayList<>();
    for (int x : a) {
      out.add(x);
    }
    return out;
  }

  static void holds(String dsl) {
    for (Pipelines.Encoding encoding : Pipelines.available()) {
      Map<Level, LevelResult> r = Pipelines.verify(HistoryDsl.parse(dsl), encoding);
      for (Level level : Level.values()) {
        assertEquals(Verdict.HOLDS, r.get(level).verdict(), level + " " + encoding + " on " + dsl);
        assertNotNull(r.get(level).witness());
        assertTrue(r.get(level).certificates().isEmpty());
      }
    }
  }

  private static Map<Level, LevelResult> violated(String dsl, Anomaly ser, String serCycle,
      Anomaly si, String siCycle, Anomaly sser, String sserCycle) {
    return violated(HistoryDsl.parse(dsl), ser, serCycle, si, siCycle, sser, sserCycle);
  }

  /** The same expectations over every encoding; returns the unpruned results. */
  private static Map<Level, LevelResult> violated(History h, Anomaly ser, String serCycle,
      Anomaly si, String siCycle, Anomaly sser, String sserCycle) {
    Map<Level, LevelResult> first = null;
    for (Pipelines.Encoding encoding : Pipelines.available()) {
      Map<Level, LevelResult> r = expect(h, encoding, ser, serCycle, si, siCycle, sser, sserCycle);
      first = first == null ? r : first;
    }
    return first;
  }

  /** A null anomaly means the level holds. */
  static Map<Level, LevelResult> expect(History h, Pipelines.Encoding encoding, Anomaly ser,
      String serCycle, Anomaly si, String siCycle, Anomaly sser, String sserCycle) {
    Map<Level, LevelResult> r = Pipelines.verify(h, encoding);
    Anomaly[] anomalies = {ser, si, sser};
    String[] cycles = {serCycle, siCycle, sserCycle};
    for (Level level : Level.values()) {
      LevelResult lr = r.get(level);
      Anomaly want = anomalies[level.ordinal()];
      String where = level + " " + encoding;
      if (want == null) {
        assertEquals(Verdict.HOLDS, lr.verdict(), where);
        continue;
      }
      assertEquals(Verdict.VIOLATED, lr.verdict(), where);
      assertNull(lr.witness());
      assertEquals(1, lr.certificates().size(), where);
      Certificate c = lr.certificates().get(0);
      assertEquals(want, c.anomaly(), where + ": " + c.edges());
      assertEquals(cycles[level.ordinal()], rotated(h, c.edges()), where);
    }
    return r;
  }

  /** "T1 -WR(x=1)-> T2 -RW(y=init)-> T1", starting at the smallest transaction. */
  static String rotated(History h, List<Edge> cycle) {
    int first = 0;
    for (int i = 1; i < cycle.size(); i++) {
      if (cycle.get(i).from() < cycle.get(first).from()) {
        first = i;
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < cycle.size(); k++) {
      Edge e = cycle.get((first + k) % cycle.size());
      sb.append(h.showTxn(e.from())).append(" -").append(e.type());
      if (e.key() >= 0) {
        sb.append('(').append(h.showKey(e.key())).append('=').append(h.showValue(e.value())).append(')');
      }
      sb.append("-> ");
    }
    return sb.append(h.showTxn(cycle.get(first).from())).toString();
  }
}
