package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The arcs of a {@link CycleGraph} built on several threads are those of one thread, in the
 * same order: every node's arcs in edge order (the pruning's paths and cycles depend on it).
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
}
