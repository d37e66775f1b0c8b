package io.isoverify.history.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Adya's class and suffix from the edge types alone, on cycles no mtc shape names. */
class CycleClassifierTest {
  /** Four transactions writing distinct keys: no lost update can match. */
  private final History h = HistoryDsl.parse("a: [w a 1]\nb: [w b 1]\nc: [w c 1]\nd: [w d 1]");

  private CycleClassifier.Classification classify(EdgeType... types) {
    List<Step> steps = new ArrayList<>();
    for (int i = 0; i < types.length; i++) {
      steps.add(new Step(new Edge(i, (i + 1) % types.length, types[i], i, -1), -1, -1));
    }
    return CycleClassifier.classify(h, steps);
  }

  @Test
  void sessionOrderSeparatesAntiDependencies() {
    assertEquals(new CycleClassifier.Classification(Anomaly.G_NONADJACENT, null, true, false),
        classify(EdgeType.RW, EdgeType.SO, EdgeType.RW, EdgeType.WW));
    assertEquals("G-nonadjacent-process", classify(EdgeType.RW, EdgeType.SO, EdgeType.RW, EdgeType.WW).adyaName());
  }

  @Test
  void adjacentAntiDependenciesAcrossTheWrapAreG2Item() {
    assertEquals(new CycleClassifier.Classification(Anomaly.G2_ITEM, null, false, false),
        classify(EdgeType.RW, EdgeType.WR, EdgeType.RW));
  }

  @Test
  void realtimeWinsOverProcessAndNamesTheViolation() {
    CycleClassifier.Classification c = classify(EdgeType.WR, EdgeType.SO, EdgeType.RT, EdgeType.WW);
    assertEquals(new CycleClassifier.Classification(Anomaly.G1C, Anomaly.REALTIME_VIOLATION, true, true), c);
    assertEquals("G1c-realtime", c.adyaName());
  }

  @Test
  void writeCycleThroughSessionOrderIsG0Process() {
    assertEquals("G0-process", classify(EdgeType.WW, EdgeType.SO).adyaName());
    assertEquals(Anomaly.CYCLE, classify(EdgeType.SO, EdgeType.SO).adya());
  }

  /** The certificate's anomaly, from its edges alone, as every engine names a cycle. */
  private static Anomaly anomalyOf(EdgeType... types) {
    List<Edge> cycle = new ArrayList<>();
    for (int i = 0; i < types.length; i++) {
      cycle.add(new Edge(i, (i + 1) % types.length, types[i], i, -1));
    }
    return CycleClassifier.anomalyOf(cycle);
  }

  @Test
  void theCertificatesAnomalyIsTheClassTheExplanationShows() {
    // the shapes on which the engines' former classifiers disagreed with this one
    assertEquals(Anomaly.G0, anomalyOf(EdgeType.SO, EdgeType.WW));
    assertEquals(Anomaly.G0, classify(EdgeType.SO, EdgeType.WW).adya());
    assertEquals("G0-process", classify(EdgeType.SO, EdgeType.WW).adyaName());
    assertEquals(Anomaly.G_NONADJACENT, anomalyOf(EdgeType.RW, EdgeType.WR, EdgeType.RW, EdgeType.WR));
    assertEquals(Anomaly.G2_ITEM, anomalyOf(EdgeType.RW, EdgeType.RW));
    assertEquals(Anomaly.G1C, anomalyOf(EdgeType.WR, EdgeType.SO, EdgeType.WW));
    assertEquals(Anomaly.G_SINGLE, anomalyOf(EdgeType.WW, EdgeType.RW));
    // a real-time edge: counted as RealtimeViolation, the pattern the title shows
    assertEquals(Anomaly.REALTIME_VIOLATION, anomalyOf(EdgeType.WR, EdgeType.RT, EdgeType.RW));
    assertEquals(Anomaly.REALTIME_VIOLATION, classify(EdgeType.WR, EdgeType.RT, EdgeType.RW).pattern());
    for (EdgeType[] shape : new EdgeType[][] {{EdgeType.WR, EdgeType.RW}, {EdgeType.RW, EdgeType.SO, EdgeType.RW},
        {EdgeType.WW, EdgeType.WR, EdgeType.WW}, {EdgeType.RW, EdgeType.WW, EdgeType.RW, EdgeType.WW}}) {
      assertEquals(classify(shape).adya(), anomalyOf(shape), java.util.Arrays.toString(shape));
    }
  }
}
