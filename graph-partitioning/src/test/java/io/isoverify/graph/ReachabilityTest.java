package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ChainReachability}, built and then grown arc by arc, equals a naive BFS on random
 * DAGs (fixed seeds).
 */
class ReachabilityTest {

  @ParameterizedTest(name = "seed {0}, {1}, threads {2}")
  @CsvSource({"1, SER, 1", "2, SER, 2", "3, SI, 1", "4, SI, 2", "5, SER, 3", "6, SI, 3"})
  void equalsNaiveBfs(long seed, Level level, int threads) {
    Random rnd = new Random(seed);
    for (int round = 0; round < 20; round++) {
      int n = 2 + rnd.nextInt(40);
      int chains = 1 + rnd.nextInt(Math.min(n, 12));
      // vertices in id order form a topological order; vertex v is on chain v % chains
      int[] chainOf = new int[n];
      int[] posOf = new int[n];
      int[] last = new int[chains];
      java.util.Arrays.fill(last, -1);
      EdgeList edges = new EdgeList();
      for (int v = 0; v < n; v++) {
        int c = v % chains;
        chainOf[v] = c;
        posOf[v] = last[c] < 0 ? 0 : posOf[last[c]] + 1;
        if (last[c] >= 0) {
          edges.add(last[c], v, EdgeType.SO.ordinal(), -1);
        }
        last[c] = v;
      }
      int extra = rnd.nextInt(2 * n + 1);
      for (int i = 0; i < extra; i++) {
        int u = rnd.nextInt(n);
        int v = rnd.nextInt(n);
        if (u < v) {
          edges.add(u, v, EdgeType.values()[rnd.nextInt(5)].ordinal(), 0);
        }
      }
      CycleGraph g = new CycleGraph(level, n, edges);
      int nodes = g.nodeCount();
      int[] nodeChain = new int[nodes];
      int[] nodePos = new int[nodes];
      for (int x = 0; x < nodes; x++) {
        boolean chained = level != Level.SI || x % 2 == 0;
        nodeChain[x] = chained ? chainOf[g.vertex(x)] : -1;
        nodePos[x] = chained ? posOf[g.vertex(x)] : -1;
      }
      int[] topo = TopologicalOrder.of(g.out);
      assertNotNull(topo);
      ChainReachability index = new ChainReachability(g, topo, nodeChain, nodePos, chains, threads);
      assertSameAsBfs(g, index, "seed " + seed + " round " + round);
      ChainCover cover = ChainCover.best(g, topo, ChainCover.of(nodeChain, nodePos, chains));
      assertTrue(cover.count <= chains);
      assertSameAsBfs(g, new ChainReachability(g, topo, cover.chainOf, cover.posOf, cover.count,
          threads), "greedy cover, seed " + seed + " round " + round);
      // then edges added one by one: the index stays exact, and refuses cycle-closing ones
      for (int i = 0; i < n; i++) {
        int u = rnd.nextInt(n);
        int v = rnd.nextInt(n);
        int type = EdgeType.values()[rnd.nextInt(5)].ordinal();
        EdgeList one = new EdgeList();
        one.add(u, v, type, 0);
        EdgeList with = new EdgeList();
        with.addRange(edges, 0, edges.size());
        with.addRange(one, 0, 1);
        CycleGraph next = new CycleGraph(level, n, with);
        boolean cyclic = TopologicalOrder.of(next.out) == null;
        boolean added = g.addToIndex(index, u, v, type);
        if (cyclic) {
          break; // a refused edge may leave part of its arcs in; the pruner rebuilds then
        }
        assertTrue(added);
        edges = with;
        assertSameAsBfs(next, index, "seed " + seed + " round " + round + " added " + i);
      }
    }
  }

  private static void assertSameAsBfs(CycleGraph g, ChainReachability index, String where) {
    for (int u = 0; u < g.nodeCount(); u++) {
      boolean[] seen = bfs(g.out, u);
      for (int v = 0; v < g.nodeCount(); v++) {
        assertEquals(seen[v], index.reaches(u, v), where + ": " + u + " -> " + v);
      }
    }
  }

  static boolean[] bfs(Csr g, int from) {
    boolean[] seen = new boolean[g.nodeCount()];
    int[] queue = new int[g.nodeCount()];
    int tail = 0;
    queue[tail++] = from;
    seen[from] = true;
    for (int i = 0; i < tail; i++) {
      int u = queue[i];
      for (int a = g.start[u]; a < g.start[u + 1]; a++) {
        if (!seen[g.head[a]]) {
          seen[g.head[a]] = true;
          queue[tail++] = g.head[a];
        }
      }
    }
    return seen;
  }
}
