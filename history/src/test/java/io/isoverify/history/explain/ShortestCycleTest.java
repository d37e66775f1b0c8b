package io.isoverify.history.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Shortest first, then fewest RW edges; through a vertex, through an edge, via init. */
class ShortestCycleTest {
  private final List<int[]> edges = new ArrayList<>();

  private void add(int from, int to, EdgeType t, int key) {
    edges.add(new int[] {from, to, t.ordinal(), key});
  }

  private ShortestCycle graph(int txns) {
    int n = edges.size();
    int[][] cols = new int[4][n];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < 4; c++) {
        cols[c][i] = edges.get(i)[c];
      }
    }
    return new ShortestCycle(txns, cols[0], cols[1], cols[2], cols[3]);
  }

  private static Edge e(int from, int to, EdgeType t, int key) {
    return new Edge(from, to, t, key, -1);
  }

  @Test
  void prefersShortThenFewAntiDependencies() {
    // Through 0: a 4-cycle without RW, and two 3-cycles 0->1->2->0 (two RW) and 0->3->2->0 (one RW).
    add(0, 4, EdgeType.WR, 0);
    add(4, 5, EdgeType.WR, 0);
    add(5, 6, EdgeType.WR, 0);
    add(6, 0, EdgeType.WR, 0);
    add(0, 1, EdgeType.RW, 1);
    add(1, 2, EdgeType.RW, 2);
    add(0, 3, EdgeType.WW, 3);
    add(3, 2, EdgeType.RW, 2);
    add(2, 0, EdgeType.WR, 4);
    ShortestCycle g = graph(7);
    assertEquals(List.of(e(0, 3, EdgeType.WW, 3), e(3, 2, EdgeType.RW, 2), e(2, 0, EdgeType.WR, 4)),
        g.throughVertex(0));
    // Through the edge 0 -RW-> 1 the only way back is 1 -> 2 -> 0.
    assertEquals(List.of(e(0, 1, EdgeType.RW, 1), e(1, 2, EdgeType.RW, 2), e(2, 0, EdgeType.WR, 4)),
        g.throughEdge(4));
    assertEquals(List.of(e(4, 5, EdgeType.WR, 0), e(5, 6, EdgeType.WR, 0), e(6, 0, EdgeType.WR, 0),
        e(0, 4, EdgeType.WR, 0)), g.throughVertex(4));
  }

  @Test
  void initialTransactionAndAcyclicParts() {
    add(-1, 0, EdgeType.WW, 0);
    add(0, 1, EdgeType.WR, 0);
    add(1, -1, EdgeType.RW, 1);
    add(1, 2, EdgeType.SO, -1);
    ShortestCycle g = graph(3);
    assertEquals(List.of(e(-1, 0, EdgeType.WW, 0), e(0, 1, EdgeType.WR, 0), e(1, -1, EdgeType.RW, 1)),
        g.throughVertex(-1));
    assertEquals(List.of(), g.throughVertex(2));
    assertEquals(List.of(), g.throughEdge(3));
  }
}
