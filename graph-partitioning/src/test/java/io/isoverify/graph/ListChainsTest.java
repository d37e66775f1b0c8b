package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Keys read as lists (Elle list-append): the read lists fix the chain of the appends they
 * show; appends no list shows come after it, and only their mutual order is a constraint.
 */
class ListChainsTest {
  private static final PartitionOptions ONE = PartitionOptions.defaults().withThreads(1);

  @Test
  void theLongestListIsOneChainAndLeavesNoConstraint() {
    // blind appends: as register writes they would be three concurrent chains
    History h = HistoryDsl.parse("s1: [a x 1]\ns2: [a x 2]\ns3: [a x 3]\ns4: [r x (2 1 3)]");
    Partition p = Partitioner.partition(h, Level.SER, ONE);
    assertEquals(set("T2-WW(x)->T1", "T1-WW(x)->T3", "init-WW(x)->T2"),
        Render.known(h, p, EdgeType.WW));
    assertEquals(set("T3-WR(x)->T4"), Render.known(h, p, EdgeType.WR));
    assertEquals(List.of(), Render.constraints(h, p));
    assertEquals(0, p.stats().constraintsBefore());
  }

  @Test
  void unobservedAppendsFollowTheObservedChainInEitherOrder() {
    History h = HistoryDsl.parse("s1: [a x 1]\ns2: [a x 2]\ns3: [a x 3]\ns4: [r x (1)]");
    // in the polygraph the order of the two unobserved appends is a constraint
    Partition si = Partitioner.partition(h, Level.SI, ONE.withFixedOrders(false));
    assertEquals(set("T1-WW(x)->T2", "T1-WW(x)->T3", "init-WW(x)->T1"),
        Render.known(h, si, EdgeType.WW));
    assertEquals(set("T4-RW(x)->T2", "T4-RW(x)->T3"), Render.known(h, si, EdgeType.RW));
    assertEquals(1, si.stats().constraintsBefore());
    assertNull(si.path());
    // under SER no cycle depends on it: the known graph is searched once, and a
    // topological order (Kahn's, by vertex number among the ready) puts T2 before T3
    Partition ser = Partitioner.partition(h, Level.SER, ONE);
    assertEquals(Render.known(h, si, EdgeType.WW), Render.known(h, ser, EdgeType.WW));
    assertEquals(Render.known(h, si, EdgeType.RW), Render.known(h, ser, EdgeType.RW));
    assertEquals(CheckPath.FIXED_ORDER, ser.path().path());
    assertEquals(0, ser.stats().constraintsBefore());
    assertEquals(List.of(), ser.components());
    assertEquals(List.of("T2-WW(x)->T3"), choices(h, ser));
    // SI too: the SER graph is acyclic, and so SI's with the same order
    Partition fixedSi = Partitioner.partition(h, Level.SI, ONE);
    assertEquals(CheckPath.FIXED_ORDER, fixedSi.path().path());
    assertEquals(List.of("T2-WW(x)->T3"), choices(h, fixedSi));
  }

  static List<String> choices(History h, Partition p) {
    List<String> out = new java.util.ArrayList<>();
    for (int e = 0; e < p.choiceEdgeCount(); e++) {
      out.add(Render.edge(h, p.txnOf(p.choiceFrom(e)), p.txnOf(p.choiceTo(e)), p.choiceType(e),
          p.choiceKey(e)));
    }
    return out;
  }

  private static Set<String> set(String... s) {
    return new TreeSet<>(List.of(s));
  }
}
