package io.isoverify.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.graph.Component;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The theory's static layer made in parts (parallel counting sorts) is the one of a single
 * pass, array for array, with the same left-out arcs in the same order: random components
 * under SER and SI, over random node orders (so that many known arcs go against the order and
 * are left out), 1 to 4 parts.
 */
class AcyclicityTheoryPartsTest {
  @Test
  void partsBuildTheLayerOfOnePass() {
    int late = 0;
    for (int seed = 0; seed < 300; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      Component c = RandomComponents.next(rnd, 2 + rnd.nextInt(60), 1 + rnd.nextInt(20));
      boolean snapshot = seed % 2 == 1;
      BaseEdges base = new BaseEdges(c);
      int nodes = snapshot ? 2 * c.vertexCount() : c.vertexCount();
      int[] positions = new int[nodes];
      for (int i = 0; i < nodes; i++) {
        int j = rnd.nextInt(i + 1);
        positions[i] = positions[j];
        positions[j] = i;
      }
      Object[] one = new AcyclicityTheory(base, snapshot, Integer.MAX_VALUE, 1)
          .staticLayerOver(positions);
      int parts = 2 + seed % 3;
      Object[] many = new AcyclicityTheory(base, snapshot, 1, parts).staticLayerOver(positions);
      String where = "seed " + seed + ", " + parts + " parts";
      assertArrayEquals((long[]) one[0], (long[]) many[0], where + ": left-out arcs");
      int[][] a = (int[][]) one[1];
      int[][] b = (int[][]) many[1];
      for (int k = 0; k < a.length; k++) {
        assertArrayEquals(a[k], b[k], where + ": array " + k);
      }
      late += ((long[]) one[0]).length;
    }
    assertTrue(late > 300, "only " + late + " arcs against the orders");
  }
}
