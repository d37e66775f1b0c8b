package io.isoverify.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link WitnessBuilder}'s passes over the edges in parallel parts give the witness of one
 * pass: on random acyclic typed graphs (fixed seeds; every edge goes forward in a hidden
 * random order, so the SI split graph is acyclic too), the order and, for SI, the start
 * points built with parts of 1 to 40 edges equal those built in one part, and the order is
 * topological.
 */
class WitnessBuilderPartsTest {
  private static final EdgeType[] TYPES = {EdgeType.SO, EdgeType.WR, EdgeType.WW, EdgeType.RW};

  @Test
  void partsGiveTheWitnessOfOnePass() {
    int checked = 0;
    for (long seed = 0; seed < 300; seed++) {
      Random r = new Random(seed);
      Graph g = new Graph(r, 2 + r.nextInt(60), r.nextInt(400));
      for (Level level : new Level[] {Level.SER, Level.SI}) {
        Witness one = new WitnessBuilder(g, g.n, List.of(), List.of()).build(level);
        Witness parts = new WitnessBuilder(g, g.n, List.of(), List.of())
            .build(level, 1 + r.nextInt(40));
        assertArrayEquals(one.order(), parts.order(), "seed " + seed + " " + level);
        assertArrayEquals(one.snapshot(), parts.snapshot(), "seed " + seed + " " + level);
        int[] position = new int[g.n];
        for (int k = 0; k < parts.order().length; k++) {
          position[parts.order()[k]] = k;
        }
        for (int e = 0; e < g.edgeCount(); e++) {
          if (g.from(e) > 0 && g.type(e) != EdgeType.RW.ordinal()) {
            assertTrue(position[g.from(e) - 1] < position[g.to(e) - 1], "seed " + seed);
          }
        }
        checked += g.edgeCount() > 80 ? 1 : 0;
      }
    }
    assertTrue(checked > 100, checked + " inputs of more than 80 edges");
  }

  /** Vertex 0 the initial transaction; vertex v > 0 is transaction v - 1. */
  private static final class Graph extends EdgeRowsInput {
    final int n;

    Graph(Random r, int vertices, int m) {
      n = vertices;
      int[] rank = new int[n];
      List<Integer> shuffled = new ArrayList<>();
      for (int v = 1; v < n; v++) {
        shuffled.add(v);
      }
      java.util.Collections.shuffle(shuffled, r);
      for (int i = 0; i < shuffled.size(); i++) {
        rank[shuffled.get(i)] = i + 1;
      }
      for (int i = 0; i < m && n > 2; i++) {
        int a = 1 + r.nextInt(n - 1);
        int b = 1 + r.nextInt(n - 1);
        if (a != b) {
          int from = rank[a] < rank[b] ? a : b;
          int to = from == a ? b : a;
          known.add(new int[] {r.nextInt(8) == 0 ? 0 : from, to, TYPES[r.nextInt(4)].ordinal(), 0});
        }
      }
    }

    @Override
    public int vertexCount() {
      return n;
    }

    @Override
    public int txnOf(int v) {
      return v == 0 ? Component.INITIAL_TXN : v - 1;
    }

    @Override
    public List<Component> components() {
      return List.of();
    }
  }
}
