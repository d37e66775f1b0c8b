package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Iterative Tarjan and cycle finding against naive mutual reachability (fixed seeds). */
class StronglyConnectedTest {

  @Test
  void componentsEqualMutualReachability() {
    Random rnd = new Random(11);
    for (int round = 0; round < 200; round++) {
      int n = 1 + rnd.nextInt(30);
      Csr g = randomGraph(rnd, n, rnd.nextInt(3 * n + 1));
      StronglyConnected scc = new StronglyConnected(g);
      boolean[][] reach = new boolean[n][];
      for (int u = 0; u < n; u++) {
        reach[u] = ReachabilityContractTest.bfs(g, u);
      }
      for (int u = 0; u < n; u++) {
        for (int v = 0; v < n; v++) {
          assertEquals(reach[u][v] && reach[v][u], scc.component[u] == scc.component[v],
              "round " + round + ": " + u + ", " + v);
          // numbering is reverse topological: arcs go to lower or equal numbers
          if (reach[u][v]) {
            assertTrue(scc.component[u] >= scc.component[v]);
          }
        }
      }
    }
  }

  @Test
  void deepPathNeedsNoRecursion() {
    int n = 1_000_000;
    int[] tail = new int[n];
    int[] head = new int[n];
    for (int i = 0; i < n; i++) {
      tail[i] = i;
      head[i] = (i + 1) % n;
    }
    StronglyConnected scc = new StronglyConnected(Csr.of(n, tail, head, n));
    assertEquals(1, scc.count);
  }

  @Test
  void anyCycleReturnsARealCycle() {
    Random rnd = new Random(12);
    for (int round = 0; round < 200; round++) {
      int n = 1 + rnd.nextInt(20);
      int m = rnd.nextInt(2 * n + 1);
      int[] tail = new int[m];
      int[] head = new int[m];
      for (int a = 0; a < m; a++) {
        tail[a] = rnd.nextInt(n);
        head[a] = rnd.nextInt(n);
      }
      Csr g = Csr.of(n, tail, head, m);
      int[] cycle = Paths.anyCycle(g);
      if (TopologicalOrder.of(g) != null) {
        assertNull(cycle);
        continue;
      }
      assertNotNull(cycle);
      for (int i = 0; i < cycle.length; i++) {
        int next = cycle[(i + 1) % cycle.length];
        // arcs in the graph's own numbering: each enters the node the next one leaves
        assertEquals(g.head[cycle[i]], g.tail(next), "round " + round);
      }
    }
  }

  private static Csr randomGraph(Random rnd, int n, int m) {
    int[] tail = new int[m];
    int[] head = new int[m];
    for (int a = 0; a < m; a++) {
      tail[a] = rnd.nextInt(n);
      head[a] = rnd.nextInt(n);
    }
    return Csr.of(n, tail, head, m);
  }
}
