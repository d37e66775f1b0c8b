package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.check.Level;
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
    int[] keysWithPairs = {0};
    for (int round = 0; round < 300; round++) {
      String text = DifferentialTest.randomHistory(rnd, 14, false);
      String where = level + " round " + round + ":\n" + text;
      ChainResolutions.eachKey(text, level, false, 2, (x, unread, key, lo, m) -> {
        KnownGraph g = x.g();
        EdgeList knownA = new EdgeList();
        EdgeList knownB = new EdgeList();
        ChainPairs pairsA = new ChainPairs(g.chains);
        ChainPairs pairsB = new ChainPairs(g.chains);
        long orderedA = SessionChainOrdering.resolveKey(g.chains, x.graph(), x.index(), lo, m,
            g.chainOf, g.posOf, unread, knownA, pairsA, Long.MAX_VALUE);
        long orderedB = SessionChainOrdering.resolveKey(g.chains, x.graph(), x.index(), lo, m,
            g.chainOf, g.posOf, unread, knownB, pairsB, 0);
        ChainResolutions.assertSameResolution("key " + key + ", " + where, orderedA, knownA,
            pairsA, orderedB, knownB, pairsB);
        keysWithPairs[0] += pairsA.count() > 0 ? 1 : 0;
      });
    }
    assertTrue(keysWithPairs[0] > 50, "only " + keysWithPairs[0] + " keys with constraints");
  }

  /**
   * The forced edges of a chain towards its candidates are those of the candidates no other
   * candidate covers (the pairwise definition): random subsets of each key's chains of random
   * and serial histories as candidates, under SER and SI (where the query leaves the RW-entry node).
   */
  @ParameterizedTest(name = "{0} seed {1}")
  @CsvSource({"SER, 63", "SI, 64"})
  void theForcedCandidatesAreTheUncoveredOnes(Level level, long seed) {
    Random rnd = new Random(seed);
    int[] skipped = {0};
    int entry = level == Level.SI ? 1 : 0;
    for (int round = 0; round < 300; round++) {
      String text = round % 2 == 0 ? DifferentialTest.randomHistory(rnd, 14, false)
          : ChainOrderingTest.serialHistory(rnd, 40);
      String where = level + " round " + round + ":\n" + text;
      ChainResolutions.eachKey(text, level, false, 3, (x, unread, key, lo, m) -> {
        Chains chains = x.g().chains;
        ReachabilityIndex index = x.index();
        int[] head = new int[m];
        int[] headAt = new int[2 * m];
        for (int c = 0; c < m; c++) {
          head[c] = x.graph().chainNode(chains.versions.slotVertex[chains.chainHead[lo + c]]);
          headAt[2 * c] = index.chainOf(head[c]);
          headAt[2 * c + 1] = index.positionOf(head[c]);
        }
        int a = rnd.nextInt(m);
        int[] candidates = new int[m];
        int count = 0;
        for (int c = 0; c < m; c++) {
          if (c != a && rnd.nextBoolean()) {
            candidates[count++] = c;
          }
        }
        EdgeList got = new EdgeList();
        SessionChainOrdering.forceCovering(chains, lo, got, index, x.graph().induced, unread,
            head, headAt, a, candidates, count, new int[m]);
        EdgeList expected = new EdgeList();
        for (int i = 0; i < count; i++) {
          int b = candidates[i];
          boolean covered = false;
          for (int j = 0; j < count; j++) {
            int c = candidates[j];
            covered |= head[c] != head[b] && index.reaches(head[c] + entry, head[b]);
          }
          if (!covered && !ChainOrdering.bothUnread(unread, lo + a, lo + b)) {
            chains.addBefore(lo + a, lo + b, expected);
          }
        }
        skipped[0] += count - expected.size();
        ChainResolutions.assertSameResolution("key " + key + ", " + where, 0, expected,
            new ChainPairs(chains), 0, got, new ChainPairs(chains));
      });
    }
    assertTrue(skipped[0] > 100, "only " + skipped[0] + " candidates covered or left out");
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
