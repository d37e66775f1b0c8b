package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** RT frontier edges: their reachability equals the full real-time relation. */
class RealTimeEdgesTest {

  @Test
  void frontierEdgesOnAHandMadeHistory() {
    // T1 [0,10]; T2 [5,20]; T3 [12,30]; T4 [25,40]; T5 [21,22]
    // frontier of T1 (end 10): starts in (10, 22] -> T3, T5 ; T2 (end 20): (20, 22] -> T5
    // T5 (end 22): starts after 22 -> T4 (ends 40), window (22, 40] -> T4 ; T3 (end 30): none
    History h = HistoryDsl.parse("""
        a: [w x 1]@0-10
        b: [w x 2]@5-20
        c: [w x 3]@12-30
        d: [w x 4]@25-40
        e: [w x 5]@21-22
        f: [w x 6]
        """);
    Partition p = Partitioner.partition(h, Level.SSER, PartitionOptions.defaults());
    assertEquals(Set.of("T1-RT->T3", "T1-RT->T5", "T2-RT->T5", "T5-RT->T4"),
        Render.known(h, p, EdgeType.RT));
    assertEquals(4, p.stats().rtEdges());
    Partition ser = Partitioner.partition(h, Level.SER, PartitionOptions.defaults());
    assertEquals(0, ser.stats().rtEdges());
  }

  @Test
  void staleReadAfterACompletedWriteIsAnSserCycleOnly() {
    // T2 starts after T1 ended yet reads x's initial state: T2 -RW-> T1 against T1 -RT-> T2
    History h = HistoryDsl.parse("""
        s1: [w x 1]@0-1
        s2: [r x init]@5-6
        """);
    Partition sser = Partitioner.partition(h, Level.SSER, PartitionOptions.defaults());
    assertEquals(Set.of("T1-RT->T2", "T2-RW(x)->T1"),
        Set.of(Render.cycle(h, sser.knownCycle()).split(" ")));
    assertFalse(Partitioner.partition(h, Level.SER, PartitionOptions.defaults()).violated());
  }

  @Test
  void reachabilityEqualsNaiveClosureOnRandomTimestamps() {
    Random rnd = new Random(21);
    for (int round = 0; round < 100; round++) {
      int n = 1 + rnd.nextInt(25);
      long[] start = new long[n];
      long[] end = new long[n];
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < n; i++) {
        start[i] = rnd.nextInt(50);
        end[i] = start[i] + rnd.nextInt(15);
        text.append("s").append(i).append(": [w k").append(i).append(" 1]@")
            .append(start[i]).append('-').append(end[i]).append('\n');
      }
      History h = HistoryDsl.parse(text.toString());
      PolygraphInput in = PolygraphInput.of(h);
      Vertices vertices = new Vertices(in);
      EdgeList rt = new EdgeList();
      RealTimeEdges.add(VertexTimes.of(in, vertices), rt);
      assertTrue(rt.size() <= (long) n * n);
      int[] tail = new int[rt.size()];
      int[] head = new int[rt.size()];
      for (int e = 0; e < rt.size(); e++) {
        tail[e] = rt.from(e);
        head[e] = rt.to(e);
      }
      Csr g = Csr.of(vertices.count(), tail, head, rt.size());
      for (int u = 1; u < vertices.count(); u++) {
        boolean[] seen = ReachabilityContractTest.bfs(g, u);
        for (int v = 1; v < vertices.count(); v++) {
          int tu = vertices.txnOf[u];
          int tv = vertices.txnOf[v];
          boolean expected = u == v || h.endTs(tu) < h.startTs(tv);
          assertEquals(expected, seen[v], "round " + round + ": " + u + " -> " + v);
        }
      }
    }
  }
}
