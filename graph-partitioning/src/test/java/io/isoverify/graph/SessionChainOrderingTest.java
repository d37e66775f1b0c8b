package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SessionChainOrdering} keeps its first pass's searches in a table when the key's
 * chains times its session groups fit a budget, and searches again per pair of groups
 * otherwise (hot keys of very large histories), and the table's way searches from each
 * group's last answer. Both must force the same edges and make the same constraints, in the
 * same order (SER leaving out the pairs of unread versions): every key of random histories
 * (fixed seeds) is resolved both ways on the same index. The verdicts of the table's way are
 * the engine's differential tests' business.
 */
class SessionChainOrderingTest {

  @ParameterizedTest(name = "{0} seed {1}")
  @CsvSource({"SER, 61", "SI, 62"})
  void searchingAgainEqualsTheTable(Level level, long seed) {
    Random rnd = new Random(seed);
    int keysWithPairs = 0;
    for (int round = 0; round < 300; round++) {
      String text = DifferentialTest.randomHistory(rnd, 14, false);
      KnownGraph g = new KnownGraph(PolygraphInput.of(HistoryDsl.parse(text)), false);
      CycleGraph graph = new CycleGraph(level, g.vertexCount(), g.known);
      int[] topo = TopologicalOrder.of(graph.out);
      if (topo == null) {
        continue;
      }
      ReachabilityIndex index = ReachabilityBackends.cpu().build(
          graph.withCover(topo, sessions(graph, g)), 1);
      boolean[] unread = level == Level.SI ? null : g.chains.unreadSingles();
      for (int key = 0; key < g.keyCount; key++) {
        int lo = g.chains.keyChainStart[key];
        int m = g.chains.keyChainStart[key + 1] - lo;
        if (m < 2) {
          continue;
        }
        EdgeList knownA = new EdgeList();
        EdgeList knownB = new EdgeList();
        ChainPairs pairsA = new ChainPairs(g.chains);
        ChainPairs pairsB = new ChainPairs(g.chains);
        long orderedA = SessionChainOrdering.resolveKey(g.chains, graph, index, lo, m, g.chainOf,
            g.posOf, unread, knownA, pairsA, Long.MAX_VALUE);
        long orderedB = SessionChainOrdering.resolveKey(g.chains, graph, index, lo, m, g.chainOf,
            g.posOf, unread, knownB, pairsB, 0);
        String where = level + " round " + round + " key " + key + ":\n" + text;
        assertEquals(orderedA, orderedB, where);
        assertEquals(knownA.size(), knownB.size(), where);
        for (int e = 0; e < knownA.size(); e++) {
          assertEquals(knownA.from(e), knownB.from(e), where);
          assertEquals(knownA.to(e), knownB.to(e), where);
          assertEquals(knownA.type(e), knownB.type(e), where);
        }
        assertEquals(pairsA.count(), pairsB.count(), where);
        for (int c = 0; c < pairsA.count(); c++) {
          assertEquals(pairsA.wwFrom(c, 0), pairsB.wwFrom(c, 0), where);
          assertEquals(pairsA.wwTo(c, 0), pairsB.wwTo(c, 0), where);
        }
        if (pairsA.count() > 0) {
          keysWithPairs++;
        }
      }
    }
    assertTrue(keysWithPairs > 50, "only " + keysWithPairs + " keys with constraints");
  }

  /** The sessions as the index's chains, as {@link Pruner} makes them (SI: dependency nodes). */
  static ChainCover sessions(CycleGraph graph, KnownGraph g) {
    int nodes = graph.nodeCount();
    int[] nodeChain = new int[nodes];
    int[] nodePos = new int[nodes];
    java.util.Arrays.fill(nodeChain, -1);
    for (int v = 0; v < g.vertexCount(); v++) {
      nodeChain[graph.chainNode(v)] = g.chainOf[v];
      nodePos[graph.chainNode(v)] = g.posOf[v];
    }
    return ChainCover.of(nodeChain, nodePos, g.sessionChains);
  }
}
