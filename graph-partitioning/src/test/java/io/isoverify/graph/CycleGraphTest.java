package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The arcs of a {@link CycleGraph} built on several threads are those of one thread, in the
 * same order: every node's arcs in edge order (the pruning's paths and cycles depend on it);
 * and under SI the compact arcs answer as the two-arc form.
 */
class CycleGraphTest {

  @ParameterizedTest(name = "{0}, {1} threads")
  @CsvSource({"SER, 2", "SI, 3", "SSER, 4"})
  void threadsBuildTheSameArcs(Level level, int threads) {
    Random rnd = new Random(61);
    int vertices = 5_000;
    EdgeList edges = new EdgeList();
    EdgeType[] types = EdgeType.values();
    // more edges than a one-thread build takes, ending in a range of one vertex's edges
    while (edges.size() < 3 * CycleGraph.PARALLEL_EDGES) {
      edges.add(rnd.nextInt(vertices), rnd.nextInt(vertices),
          types[rnd.nextInt(types.length)].ordinal(), rnd.nextInt(100));
    }
    for (int i = 0; i < 1000; i++) {
      edges.add(7, rnd.nextInt(vertices), EdgeType.RW.ordinal(), 1);
    }
    CycleGraph one = new CycleGraph(level, vertices, edges);
    CycleGraph many = new CycleGraph(level, vertices, edges, threads);
    assertTrue(one.out.head.length >= edges.size());
    assertArrayEquals(one.out.start, many.out.start);
    assertArrayEquals(one.out.head, many.out.head);
  }

  /**
   * A graph extended by the edges added since it was built ({@link CycleGraph#extended}, the
   * pruning rounds' rebuilds) has the arcs of one built from all the edges, in the same order,
   * extended once or twice, with no new edge, and with new edges of vertices that had none.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"SER", "SI", "SSER"})
  void anExtendedGraphHasTheArcsOfANewOne(Level level) {
    Random rnd = new Random(63);
    EdgeType[] types = EdgeType.values();
    for (int round = 0; round < 200; round++) {
      int vertices = 1 + rnd.nextInt(40);
      EdgeList edges = new EdgeList();
      CycleGraph g = new CycleGraph(level, vertices, edges);
      for (int step = 0; step < 3; step++) {
        for (int i = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(4 * vertices); i > 0; i--) {
          // some rounds add edges of a few vertices only
          int from = rnd.nextBoolean() ? rnd.nextInt(vertices) : rnd.nextInt(1 + vertices / 4);
          edges.add(from, rnd.nextInt(vertices), types[rnd.nextInt(types.length)].ordinal(), 0);
        }
        g = CycleGraph.extended(g, edges);
        CycleGraph fresh = new CycleGraph(level, vertices, edges);
        assertArrayEquals(fresh.out.start, g.out.start, "round " + round + " step " + step);
        assertArrayEquals(fresh.out.head, g.out.head, "round " + round + " step " + step);
        assertArrayEquals(fresh.paths().start, g.paths().start, "round " + round);
        assertArrayEquals(fresh.paths().head, g.paths().head, "round " + round);
        // one arc per edge, and under SI dep(v) -> anti(v) per vertex
        assertEquals(edges.size() + (level == Level.SI ? vertices : 0), g.arcCount(),
            "round " + round);
      }
    }
  }

  /**
   * The same on several threads ({@link CycleGraph#extended(CycleGraph, EdgeList, int)}): new
   * edges past the threshold, twice, the second time ending in a run of one vertex's edges.
   */
  @ParameterizedTest(name = "{0}, {1} threads")
  @CsvSource({"SER, 2", "SI, 3", "SSER, 4"})
  void threadsExtendAGraphAsOneDoes(Level level, int threads) {
    Random rnd = new Random(64);
    EdgeType[] types = EdgeType.values();
    int vertices = 5_000;
    EdgeList edges = new EdgeList();
    for (int i = 0; i < CycleGraph.PARALLEL_EDGES; i++) {
      edges.add(rnd.nextInt(vertices), rnd.nextInt(vertices),
          types[rnd.nextInt(types.length)].ordinal(), 0);
    }
    CycleGraph g = new CycleGraph(level, vertices, edges, threads);
    for (int step = 0; step < 2; step++) {
      for (int i = 0; i < 2 * CycleGraph.PARALLEL_EDGES; i++) {
        edges.add(rnd.nextInt(vertices), rnd.nextInt(vertices),
            types[rnd.nextInt(types.length)].ordinal(), 0);
      }
      for (int i = step * 1000; i > 0; i--) {
        edges.add(9, rnd.nextInt(vertices), EdgeType.RW.ordinal(), 0);
      }
      g = CycleGraph.extended(g, edges, threads);
      CycleGraph fresh = new CycleGraph(level, vertices, edges);
      assertArrayEquals(fresh.out.start, g.out.start, "step " + step);
      assertArrayEquals(fresh.out.head, g.out.head, "step " + step);
    }
  }

  /**
   * Under SI the compact arcs the index is built from answer as the two-arc form cycles are
   * explained on: a node reaches dep(v) in one iff in the other, and anti(v) in the compact
   * form iff it reaches anti(v) or dep(v) in the other (the class comment's claim), on random
   * graphs with cycles.
   */
  @Test
  void compactArcsReachAsTheSplitGraph() {
    Random rnd = new Random(62);
    EdgeType[] types = EdgeType.values();
    for (int round = 0; round < 200; round++) {
      int vertices = 2 + rnd.nextInt(12);
      EdgeList edges = new EdgeList();
      for (int i = rnd.nextInt(3 * vertices); i > 0; i--) {
        edges.add(rnd.nextInt(vertices), rnd.nextInt(vertices),
            types[rnd.nextInt(types.length)].ordinal(), 0);
      }
      CycleGraph g = new CycleGraph(Level.SI, vertices, edges);
      boolean[][] compact = closure(g.out);
      boolean[][] split = closure(g.paths());
      for (int x = 0; x < g.nodeCount(); x++) {
        for (int v = 0; v < vertices; v++) {
          assertEquals(split[x][2 * v], compact[x][2 * v], "round " + round);
          assertEquals(split[x][2 * v + 1] || split[x][2 * v], compact[x][2 * v + 1],
              "round " + round + " node " + x + " anti " + v);
        }
      }
    }
  }

  /** reach[x][y]: a path of one arc or more from x to y, or x == y. */
  private static boolean[][] closure(Csr g) {
    int n = g.start.length - 1;
    boolean[][] reach = new boolean[n][n];
    for (int x = 0; x < n; x++) {
      java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
      reach[x][x] = true;
      work.add(x);
      while (!work.isEmpty()) {
        int u = work.poll();
        for (int a = g.start[u]; a < g.start[u + 1]; a++) {
          if (!reach[x][g.head[a]]) {
            reach[x][g.head[a]] = true;
            work.add(g.head[a]);
          }
        }
      }
    }
    return reach;
  }
}
