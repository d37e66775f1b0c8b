package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;

/**
 * What the tests of constraint avoidance share (tests only): a history's known graph with its
 * pruning graph and first index, and the comparison of two resolutions of a key.
 */
final class ChainResolutions {
  private ChainResolutions() {
  }

  /** The known graph of a history, its pruning graph under a level, and the index on it. */
  record Indexed(KnownGraph g, CycleGraph graph, ReachabilityIndex index) {
  }

  /**
   * The history in the DSL, indexed as {@link Pruner} indexes it first (real-time edges when
   * {@code realTime}); null when its known graph is cyclic (no key is resolved then).
   */
  static Indexed indexed(String text, Level level, boolean realTime) {
    KnownGraph g = new KnownGraph(PolygraphInput.of(HistoryDsl.parse(text)), realTime);
    CycleGraph graph = new CycleGraph(level, g.vertexCount(), g.known);
    int[] topo = TopologicalOrder.of(graph.out);
    if (topo == null) {
      return null;
    }
    ReachabilityIndex index = ReachabilityBackends.cpu().build(
        graph.withCover(topo, SessionChainOrderingTest.sessions(graph, g)), 1);
    return new Indexed(g, graph, index);
  }

  /** A check of one key's chains lo..lo+m-1 ({@code unread}: null under SI). */
  interface KeyCheck {
    void check(Indexed x, boolean[] unread, int key, int lo, int m);
  }

  /**
   * Runs {@code check} on every key of at least {@code minChains} chains of the history,
   * indexed as {@link #indexed} does; false, checking nothing, when its known graph is cyclic.
   */
  static boolean eachKey(String text, Level level, boolean realTime, int minChains,
      KeyCheck check) {
    Indexed x = indexed(text, level, realTime);
    if (x == null) {
      return false;
    }
    boolean[] unread = level == Level.SI ? null : x.g().chains.unreadSingles();
    for (int key = 0; key < x.g().keyCount; key++) {
      int lo = x.g().chains.keyChainStart[key];
      int m = x.g().chains.keyChainStart[key + 1] - lo;
      if (m >= minChains) {
        check.check(x, unread, key, lo, m);
      }
    }
    return true;
  }

  /** The same forced edges, constraints and count of ordered pairs, in the same order. */
  static void assertSameResolution(String where, long expectedOrdered, EdgeList expectedKnown,
      ChainPairs expectedPairs, long ordered, EdgeList known, ChainPairs pairs) {
    assertEquals(expectedOrdered, ordered, where);
    assertEquals(expectedKnown.size(), known.size(), where);
    for (int e = 0; e < known.size(); e++) {
      assertEquals(expectedKnown.from(e), known.from(e), where);
      assertEquals(expectedKnown.to(e), known.to(e), where);
      assertEquals(expectedKnown.type(e), known.type(e), where);
    }
    assertEquals(expectedPairs.count(), pairs.count(), where);
    for (int c = 0; c < pairs.count(); c++) {
      assertEquals(expectedPairs.wwFrom(c, 0), pairs.wwFrom(c, 0), where);
      assertEquals(expectedPairs.wwTo(c, 0), pairs.wwTo(c, 0), where);
    }
  }
}
