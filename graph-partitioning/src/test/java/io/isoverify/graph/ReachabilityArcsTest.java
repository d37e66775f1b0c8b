package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Pruner#reachabilityArcs}, the known graph as the P-SCC step reads it, reaches from
 * every vertex exactly what the known edges reach, and every pair is a known edge, on random
 * histories pruned to the fixpoint (fixed seeds), with the rounds rebuilding the index and
 * with every round updating it (edges known after the last build).
 */
class ReachabilityArcsTest {

  @ParameterizedTest(name = "{0} seed {1} incremental {2}")
  @CsvSource({"SER, 51, false", "SI, 52, false", "SSER, 53, false", "SER, 54, true",
      "SI, 55, true", "SSER, 56, true"})
  void theArcsReachWhatTheKnownEdgesReach(Level level, long seed, boolean incremental) {
    Random rnd = new Random(seed);
    long arcs = 0;
    long edges = 0;
    int compared = 0;
    for (int round = 0; round < 1000; round++) {
      History h = HistoryDsl.parse(DifferentialTest.randomHistory(rnd, 14, level == Level.SSER));
      KnownGraph g = new KnownGraph(PolygraphInput.of(h), level == Level.SSER);
      Pruner pruner = new Pruner(level, g.vertexCount(), g.chainOf, g.posOf, g.sessionChains,
          1, ReachabilityBackends.cpu(), incremental, g.known, new ChainPairs(g.chains),
          new ReadPruning(g.versions, g.known, g.chainOf));
      if (!pruner.resolveChains(g.chains, g.keyCount, PartitionOptions.DENSE_CHAINS, false,
          g.times)) {
        continue;
      }
      pruner.prune(100, PhaseProgress.NONE);
      if (pruner.knownCycle != null || pruner.conflictCycles != null) {
        continue;
      }
      int[][] pairs = pruner.reachabilityArcs();
      assertNotNull(pairs, "the CPU index keeps its merged arcs");
      int n = g.vertexCount();
      Set<Long> known = new HashSet<>();
      int[] from = new int[g.known.size()];
      int[] to = new int[g.known.size()];
      for (int e = 0; e < g.known.size(); e++) {
        from[e] = g.known.from(e);
        to[e] = g.known.to(e);
        known.add((long) from[e] * n + to[e]);
      }
      for (int i = 0; i < pairs[0].length; i++) {
        assertTrue(known.contains((long) pairs[0][i] * n + pairs[1][i]),
            level + " round " + round + ": " + pairs[0][i] + " -> " + pairs[1][i]
                + " is no known edge");
      }
      Csr all = Csr.of(n, from, to, from.length);
      Csr reduced = Csr.of(n, pairs[0], pairs[1], pairs[0].length);
      for (int u = 0; u < n; u++) {
        assertArrayEquals(ReachabilityContractTest.bfs(all, u),
            ReachabilityContractTest.bfs(reduced, u), level + " round " + round + " from " + u);
      }
      arcs += pairs[0].length;
      edges += from.length;
      compared++;
    }
    // the comparison means something only where many histories reach the components, and
    // the arcs leave out a good part of the edges
    assertTrue(compared > 100 && arcs * 10 < edges * 8,
        compared + " histories compared, " + arcs + " arcs for " + edges + " known edges");
  }
}
