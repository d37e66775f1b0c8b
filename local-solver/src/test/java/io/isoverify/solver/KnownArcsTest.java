package io.isoverify.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.EdgeType;
import org.junit.jupiter.api.Test;

/** The theory's first order ({@link KnownArcs#seedPositions}). */
class KnownArcsTest {
  private static final byte SO = (byte) EdgeType.SO.ordinal();
  private static final byte RW = (byte) EdgeType.RW.ordinal();

  /**
   * Five transactions, known edges 0 -SO-> 1 and 3 -RW-> 2, one constraint between 2 and 4.
   * Without timestamps: Kahn, FIFO in id order. With end times: the earliest whose
   * predecessors are placed first, so 1 (ended at 5) still follows 0 (ended at 40), and 2
   * follows 3.
   */
  @Test
  void theFirstOrderFollowsEndTimesWhereTheKnownEdgesLeaveAChoice() {
    Component c = new Component(new int[] {0, 1, 2, 3, 4}, new int[] {0, 3}, new int[] {1, 2},
        new byte[] {SO, RW}, new int[] {-1, 7}, new int[] {0, 1, 2}, new int[] {2, 4},
        new int[] {4, 2}, new byte[] {(byte) EdgeType.WW.ordinal(), (byte) EdgeType.WW.ordinal()},
        new int[] {8, 8});
    // FIFO in id order: sources 0, 3, 4, then 1 (after 0), 2 (after 3)
    assertArrayEquals(new int[] {0, 3, 4, 1, 2}, order(c));
    Component timed = c.withTimes(new long[] {40, 5, 20, 10, 30});
    // 3 (10), then 2 (20, its predecessor placed), 4 (30), 0 (40), 1 (5, after 0)
    assertArrayEquals(new int[] {3, 2, 4, 0, 1}, order(timed));
    // for SI each transaction's RW node comes just before it, in the same order
    KnownArcs.Seed seed = KnownArcs.seedPositions(new BaseEdges(timed), true);
    assertArrayEquals(new int[] {7, 9, 3, 1, 5, 6, 8, 2, 0, 4}, seed.position());
    assertTrue(seed.acyclic());
  }

  /**
   * Known edges 0 -SO-> 1 -RW-> 0 close a cycle: the seed says so (the theory then builds its
   * static layer at once and finds the cycle), and puts the two last, in id order.
   */
  @Test
  void aKnownCycleIsSaid() {
    Component c = new Component(new int[] {0, 1, 2}, new int[] {0, 1}, new int[] {1, 0},
        new byte[] {SO, RW}, new int[] {-1, 7}, new int[] {0, 1}, new int[] {2},
        new int[] {0}, new byte[] {(byte) EdgeType.WW.ordinal()}, new int[] {8});
    KnownArcs.Seed seed = KnownArcs.seedPositions(new BaseEdges(c), false);
    assertFalse(seed.acyclic());
    assertArrayEquals(new int[] {1, 2, 0}, seed.position());
    assertArrayEquals(new int[] {0, 1}, new AcyclicityTheory(new BaseEdges(c), false).knownCycle());
  }

  /** The transactions in the order of their seed positions (SER). */
  private static int[] order(Component c) {
    int[] positions = KnownArcs.seedPositions(new BaseEdges(c), false).position();
    assertTrue(KnownArcs.seedPositions(new BaseEdges(c), false).acyclic());
    int[] order = new int[positions.length];
    for (int v = 0; v < positions.length; v++) {
      order[positions[v]] = v;
    }
    return order;
  }
}
