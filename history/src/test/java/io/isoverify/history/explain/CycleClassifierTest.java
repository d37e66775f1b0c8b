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
}
