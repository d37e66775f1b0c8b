package io.isoverify.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker re-derives list-append orders from the raw read lists (Elle). */
class ListCheckerTest {
  @Test
  void writeOrdersMustAgreeWithTheReadLists() {
    // T3's lists: x = [1 2], y = [2 1]: T1 before T2 on x, T2 before T1 on y (G0)
    History h = HistoryDsl.parse("s1: [a x 1; a y 1]\ns2: [a x 2; a y 2]\ns3: [r x (1 2); r y (2 1)]");
    int x = h.keys().encode("x");
    int y = h.keys().encode("y");
    Edge xOrder = new Edge(0, 1, EdgeType.WW, x, h.values().find(1L));
    Edge yOrder = new Edge(1, 0, EdgeType.WW, y, h.values().find(2L));
    assertEquals(Check.ok(), CycleCheck.check(h, Level.SER, List.of(xOrder, yOrder)));
    Edge forgedX = new Edge(1, 0, EdgeType.WW, x, h.values().find(2L));
    Edge forgedY = new Edge(0, 1, EdgeType.WW, y, h.values().find(1L));
    assertEquals("T2 -WW-> T1 on x is not supported by the read lists: a read list of x shows "
        + "T1's append before T2's",
        CycleCheck.check(h, Level.SER, List.of(forgedX, forgedY)).problem());
  }

  @Test
  void antiDependenciesMustPointPastTheListRead() {
    // T3 read x = [1]; T2's 2 is in no list, so it came after: T3 -RW-> T2
    History h = HistoryDsl.parse("s1: [a x 1]\ns2: [a x 2; r y ()]\ns3: [a y 1; r x (1)]");
    int x = h.keys().encode("x");
    int y = h.keys().encode("y");
    List<Edge> cycle = List.of(new Edge(1, 2, EdgeType.RW, y, History.INITIAL),
        new Edge(2, 1, EdgeType.RW, x, h.values().find(1L)));
    assertEquals(Check.ok(), CycleCheck.check(h, Level.SER, cycle));
    History seen = HistoryDsl.parse("s1: [a x 1]\ns2: [a x 2; r y ()]\ns3: [a y 1; r x (1)]\n"
        + "s4: [r x (2 1)]");
    assertEquals("T3 -RW-> T2 on x is not supported by the read lists: a read list of x shows T2's "
        + "append but does not extend T3's", CycleCheck.check(seen, Level.SER, cycle).problem());
  }

  @Test
  void witnessesReplayWholeLists() {
    // register semantics would accept T1, T2, T3 (T3's last element is T2's 2), lists do not
    History h = HistoryDsl.parse("s1: [a x 1]\ns2: [a x 2]\ns3: [r x (2)]");
    assertEquals("T3 read x as a list of 1 elements, but in the witness it sees another list "
        + "(they differ at element 0)", SerialReplay.check(h, new int[] {0, 1, 2}, false).problem());
    assertEquals(Check.ok(), SerialReplay.check(h, new int[] {1, 2, 0}, false));
    assertEquals("T3 read x as a list of 1 elements, but in the witness it sees another list "
        + "(they differ at element 0)",
        SnapshotReplay.check(h, new int[] {0, 1, 2}, new int[] {0, 1, 2}).problem());
    assertEquals(Check.ok(), SnapshotReplay.check(h, new int[] {1, 0, 2}, new int[] {0, 1, 1}));
  }

  @Test
  void listAnomaliesAreReCheckedOnTheRawLists() {
    History h = HistoryDsl.parse("s1: [a x 1]\ns2: [a x 2]\ns3: [r x (1 2)]\ns4: [r x (2 1)]\n"
        + "s5: [r x (1)]\ns6: [r x (1 1)]");
    int x = h.keys().encode("x");
    int[] reader = {h.firstOp(2), h.firstOp(3), h.firstOp(4), h.firstOp(5)};
    assertEquals(Check.ok(), ListAnomalyCheck.check(h, certificate(Anomaly.INCOMPATIBLE_ORDER,
        new int[] {3, 2}, x, new int[] {reader[0], reader[1]})));
    assertEquals("one of the two read lists of x is a prefix of the other",
        ListAnomalyCheck.check(h, certificate(Anomaly.INCOMPATIBLE_ORDER, new int[] {4, 2}, x,
            new int[] {reader[0], reader[2]})).problem());
    assertEquals(Check.ok(), ListAnomalyCheck.check(h, certificate(Anomaly.DUPLICATE_ELEMENTS,
        new int[] {5}, x, new int[] {reader[3]})));
    assertEquals("the read list of x holds no element twice", ListAnomalyCheck.check(h,
        certificate(Anomaly.DUPLICATE_ELEMENTS, new int[] {4}, x, new int[] {reader[2]})).problem());
  }

  private static Certificate certificate(Anomaly a, int[] txns, int key, int[] ops) {
    return new Certificate(a, txns, new int[] {key}, ops, List.of());
  }
}
