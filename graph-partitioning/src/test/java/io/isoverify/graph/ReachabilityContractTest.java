package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every reachability backend on the class path ({@link ReachabilityBackends#all()}: the CPU
 * here; the gpu module's tests extend this class, so there the CUDA backend too), built and
 * then grown arc by arc, equals a naive BFS on random DAGs (fixed seeds), on the SER graph
 * and the SI split graph; each arc marks a node of every answer it changes. A backend that cannot run here is skipped, saying why.
 */
public class ReachabilityContractTest {

  static List<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    Object[][] runs = {{1L, Level.SER, 1}, {2L, Level.SER, 2}, {3L, Level.SI, 1},
        {4L, Level.SI, 2}, {5L, Level.SER, 3}, {6L, Level.SI, 3}};
    for (ReachabilityBackend b : ReachabilityBackends.all()) {
      for (Object[] r : runs) {
        cases.add(Arguments.of(b, r[0], r[1], r[2]));
      }
    }
    return cases;
  }

  @ParameterizedTest(name = "{0}: seed {1}, {2}, threads {3}")
  @MethodSource("io.isoverify.graph.ReachabilityContractTest#cases")
  public void equalsNaiveBfs(ReachabilityBackend backend, long seed, Level level, int threads) {
    String unavailable = backend.unavailableReason();
    assumeTrue(unavailable == null, () -> backend.name() + " skipped: " + unavailable);
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
      ChainCover sessions = ChainCover.of(nodeChain, nodePos, chains);
      ReachabilityIndex index = backend.build(g.withCover(topo, sessions), threads);
      assertSameAsBfs(g, index, "seed " + seed + " round " + round);
      ChainCover cover = ChainCover.best(g, topo, sessions);
      assertTrue(cover.count <= chains);
      assertSameAsBfs(g, backend.build(g.withCover(topo, cover), threads),
          "greedy cover, seed " + seed + " round " + round);
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
        boolean[][] before = answers(index, nodes);
        boolean[] marks = new boolean[nodes];
        index.markChanges(marks);
        boolean added = g.addToIndex(index, u, v, type);
        index.markChanges(null);
        if (cyclic) {
          break; // a refused edge may leave part of its arcs in; the pruner rebuilds then
        }
        assertTrue(added);
        edges = with;
        assertSameAsBfs(next, index, "seed " + seed + " round " + round + " added " + i);
        // every answer the arcs changed has a marked node (Pruner retests only those)
        for (int x = 0; x < nodes; x++) {
          for (int y = 0; y < nodes; y++) {
            if (before[x][y] != index.reaches(x, y)) {
              assertTrue(marks[x] || marks[y], "seed " + seed + " round " + round + " added "
                  + i + ": " + x + " -> " + y + " changed, neither node marked");
            }
          }
        }
      }
    }
  }

  /** The public graph of a backend: built from arc arrays, refusing a cycle. */
  @Test
  public void publicGraphOfArcs() {
    ReachabilityBackend cpu = ReachabilityBackends.cpu();
    // 0 -> 1 -> 2 on chain 0; 3 -> 1, 3 on chain 1
    ChainCoverGraph g = ChainCoverGraph.of(4, new int[] {0, 1, 3}, new int[] {1, 2, 1}, 3,
        new int[] {0, 0, 0, 1}, new int[] {0, 1, 2, 0}, 2);
    ReachabilityIndex index = cpu.build(g, 1);
    assertTrue(index.reaches(3, 2));
    assertFalse(index.reaches(0, 3));
    assertFalse(index.addArc(2, 3), "3 -> 1 -> 2 is a path: 2 -> 3 closes a cycle");
    assertTrue(index.addArc(0, 3));
    assertTrue(index.reaches(0, 3));
    assertFalse(index.reaches(3, 0));
    assertThrows(IllegalArgumentException.class, () -> ChainCoverGraph.of(2, new int[] {0, 1},
        new int[] {1, 0}, 2, new int[] {0, 0}, new int[] {0, 1}, 1));
  }

  /**
   * Each answer equals the search's; into a node on a chain, so does the chain's own
   * ({@link ReachabilityIndex#earliest}).
   */
  private static void assertSameAsBfs(CycleGraph g, ReachabilityIndex index, String where) {
    for (int u = 0; u < g.nodeCount(); u++) {
      boolean[] seen = bfs(g.out, u);
      for (int v = 0; v < g.nodeCount(); v++) {
        assertEquals(seen[v], index.reaches(u, v), where + ": " + u + " -> " + v);
        int c = index.chainOf(v);
        if (c >= 0) {
          assertEquals(seen[v], index.earliest(u, c) <= index.positionOf(v),
              where + ": " + u + " -> " + v + " by its chain");
        }
      }
    }
  }

  private static boolean[][] answers(ReachabilityIndex index, int nodes) {
    boolean[][] out = new boolean[nodes][nodes];
    for (int x = 0; x < nodes; x++) {
      for (int y = 0; y < nodes; y++) {
        out[x][y] = index.reaches(x, y);
      }
    }
    return out;
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
