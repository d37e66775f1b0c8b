package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ChainPairs#closingEdge}, which tests a side without writing it out and one reader
 * per session, names the same edge as testing every edge of the written-out side in order,
 * on random histories whose few keys are read by many transactions of a few sessions.
 */
class ChainPairsTest {

  /**
   * T2 and T4, one session, read T1's x = 1; T5 wrote x = 2 blind, concurrent with T1, and
   * T4 follows it (through T3's read of T5's y): "T1's x before T5's" has the edges
   * T1 -WW-> T5, T2 -RW-> T5 and T4 -RW-> T5, and only the last closes a cycle. The test of
   * the session's last reader finds it, and the search inside the session names it.
   */
  @ParameterizedTest
  @EnumSource(Level.class)
  void aLaterReaderOfTheSameSessionClosesTheCycle(Level level) {
    History h = HistoryDsl.parse("""
        s1: [w x 1]
        s2: [r x 1] [r y 5] [r x 1]
        s3: [w y 5; w x 2]
        """);
    int[] found = compared(h, level);
    assertEquals(2, found[0], "sides");
    assertEquals(1, found[2], "closing by a reader's edge");
  }

  @ParameterizedTest
  @EnumSource(Level.class)
  void closingEdgeIsTheFirstEdgeOfTheWrittenSideThatClosesACycle(Level level) {
    Random rnd = new Random(20261127L + level.ordinal());
    int[] total = new int[3];
    for (int round = 0; round < 400; round++) {
      int[] found = compared(HistoryDsl.parse(history(rnd)), level);
      for (int i = 0; i < 3; i++) {
        total[i] += found[i];
      }
    }
    assertTrue(total[0] > 2000 && total[1] > 600 && total[2] > 300, total[0] + " sides, "
        + total[1] + " closing, " + total[2] + " by a reader's edge");
  }

  /**
   * Compares, for every side of every constraint of h at level once the chains are resolved,
   * {@link ChainPairs#closingEdge} with the first edge of the written-out side that closes a
   * cycle; returns how many sides it compared, how many close one, how many by a reader's
   * RW edge (none when the known graph is already cyclic).
   */
  private static int[] compared(History h, Level level) {
    int[] found = new int[3];
    KnownGraph g = new KnownGraph(PolygraphInput.of(h), level == Level.SSER);
    ChainPairs cons = new ChainPairs(g.chains);
    Pruner pruner = new Pruner(level, g.vertexCount(), g.chainOf, g.posOf, g.sessionChains, 1,
        ReachabilityBackends.cpu(), false, g.known, cons,
        new ReadPruning(g.versions, g.known, g.chainOf));
    if (!pruner.resolveChains(g.chains, g.keyCount, PartitionOptions.DENSE_CHAINS, false,
        g.times)) {
      return found;
    }
    CycleGraph graph = new CycleGraph(level, g.vertexCount(), g.known);
    int[] topo = TopologicalOrder.of(graph.out);
    if (topo == null) {
      return found;
    }
    ChainCover sessions = level == Level.SI ? splitSessions(g)
        : ChainCover.of(g.chainOf, g.posOf, g.sessionChains);
    ReachabilityIndex index = ReachabilityBackends.cpu()
        .build(graph.withCover(topo, ChainCover.best(graph, topo, sessions)), 1);
    EdgeList side = new EdgeList();
    for (int c = 0; c < cons.count(); c++) {
      for (int s = 0; s < 2; s++) {
        cons.side(c, s, side);
        int expected = -1;
        for (int i = 0; i < side.size() && expected < 0; i++) {
          if (graph.closesCycle(index, side.from(i), side.to(i), side.type(i))) {
            expected = i;
          }
        }
        assertEquals(expected, cons.closingEdge(c, s, graph, index, g.chainOf),
            level + " constraint " + c + " side " + s);
        found[0]++;
        found[1] += expected >= 0 ? 1 : 0;
        found[2] += expected > 0 ? 1 : 0;
      }
    }
    return found;
  }

  /** The SI split graph's chains: each transaction's dependency node on its session's. */
  private static ChainCover splitSessions(KnownGraph g) {
    int n = g.vertexCount();
    int[] chain = new int[2 * n];
    int[] pos = new int[2 * n];
    for (int v = 0; v < n; v++) {
      chain[2 * v] = g.chainOf[v];
      pos[2 * v] = g.posOf[v];
      chain[2 * v + 1] = -1;
    }
    return ChainCover.of(chain, pos, g.sessionChains);
  }

  /**
   * 40 transactions run one after another by four sessions at random, each one or two
   * operations on three keys: a write of a new value, or a read of the key's current value,
   * or now and then of the one before it (so that some histories leave constraints a read
   * decides, and a few are not serializable).
   */
  private static String history(Random rnd) {
    String[] keys = {"x", "y", "z"};
    String[] current = {"init", "init", "init"};
    String[] previous = {"init", "init", "init"};
    StringBuilder[] sessions = new StringBuilder[4];
    int value = 1;
    for (int t = 0; t < 40; t++) {
      int s = rnd.nextInt(sessions.length);
      if (sessions[s] == null) {
        sessions[s] = new StringBuilder("s" + (s + 1) + ":");
      }
      sessions[s].append(" [");
      for (int o = 1 + rnd.nextInt(2); o > 0; o--) {
        int k = rnd.nextInt(keys.length);
        if (rnd.nextInt(3) == 0) {
          previous[k] = current[k];
          current[k] = String.valueOf(value++);
          sessions[s].append("w ").append(keys[k]).append(' ').append(current[k]);
        } else {
          sessions[s].append("r ").append(keys[k]).append(' ')
              .append(rnd.nextInt(8) == 0 ? previous[k] : current[k]);
        }
        sessions[s].append(o > 1 ? "; " : "");
      }
      sessions[s].append(']');
    }
    StringBuilder out = new StringBuilder();
    for (StringBuilder session : sessions) {
      if (session != null) {
        out.append(session).append('\n');
      }
    }
    return out.toString();
  }
}
