package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Elle's list-append inference: each key's observed order and the findings, asserted whole. */
class ListOrdersTest {
  @Test
  void theLongestListOrdersTheAppendsItShows() {
    // T4's internal read [1 2 4] is the longest list of x; T3's 3 is in no list
    History h = HistoryDsl.parse("s1: [a x 1; a x 2]\ns2: [r x (1 2)]\ns3: [a x 3]\n"
        + "s4: [a x 4; r x (1 2 4)]\ns5: [r y ()]");
    ListOrders lists = ListOrders.of(h);
    int x = h.keys().encode("x");
    int y = h.keys().encode("y");
    assertArrayEquals(new int[] {0, 3}, order(lists, x));
    assertArrayEquals(new int[0], order(lists, y));
    assertEquals(true, lists.listKeys()[y]);
    assertEquals(List.of(), lists.findings());
  }

  @Test
  void anUnknownAppenderAListShowsCommittedAndItsListsCount() {
    History h = HistoryDsl.parse("s1: [a x 1; r y (7 7)]?\ns2: [r x (1)]\ns3: [a y 7]");
    ListOrders lists = ListOrders.of(h);
    assertArrayEquals(new int[] {0}, order(lists, h.keys().encode("x")));
    assertEquals("DuplicateElements T1", show(h, lists));
    History unread = HistoryDsl.parse("s1: [a x 1; r y (7 7)]?\ns2: [r x ()]\ns3: [a y 7]");
    assertEquals("", show(unread, ListOrders.of(unread)));
  }

  @Test
  void findingsNameTheirKindAndReaders() {
    History h = HistoryDsl.parse("s1: [a x 1]\ns2: [a x 2]!\ns3: [a x 3; a x 4]\n"
        + "s4: [r x (1 2 3 9 4)]\ns5: [r x (1 3)]");
    // T5's [1 3] stops inside T3's appends at its last element: KeyRules reports that read
    assertEquals("AbortedRead T4 T2, IntermediateRead T4 T3, ThinAirRead T4, "
        + "IncompatibleOrder T5 T4", show(h, ListOrders.of(h)));
  }

  private static int[] order(ListOrders lists, int key) {
    return java.util.Arrays.copyOfRange(lists.orderTxn(), lists.orderStart()[key],
        lists.orderStart()[key + 1]);
  }

  private static String show(History h, ListOrders lists) {
    return lists.findings().stream().map(f -> f.anomaly().displayName() + " "
        + java.util.Arrays.stream(f.txns()).mapToObj(h::showTxn).collect(Collectors.joining(" ")))
        .collect(Collectors.joining(", "));
  }

}
