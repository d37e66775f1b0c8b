package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.explain.CertificateSummary;
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
    assertEquals(List.of(), lists.findings().examples());
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
    // T5's [1 3] stops inside T3's appends at its last element: KeyRules reports that read;
    // one read's findings come by kind
    assertEquals("ThinAirRead T4, AbortedRead T4 T2, IntermediateRead T4 T3, "
        + "IncompatibleOrder T5 T4", show(h, ListOrders.of(h)));
  }

  @Test
  void anUnknownOutcomesLongestListCountsOnlyOnceACountedListShowsItsAppend() {
    // T3's [2 1 2] is the longest list; it counts only when T4 (committed) shows T3's 2
    String three = "s1: [a x 1]\ns2: [r x (1)]\ns3: [a x 2; r x (2 1 2)]?";
    History uncounted = HistoryDsl.parse(three);
    assertArrayEquals(new int[] {0}, order(ListOrders.of(uncounted), 0));
    assertEquals("", show(uncounted, ListOrders.of(uncounted)));
    History counted = HistoryDsl.parse(three + "\ns4: [r x (1 2)]");
    assertArrayEquals(new int[] {2, 0}, order(ListOrders.of(counted), 0));
    assertEquals("IncompatibleOrder T2 T3, DuplicateElements T3, IncompatibleOrder T4 T3",
        show(counted, ListOrders.of(counted)));
  }

  @Test
  void aListHoldingTheReadersOwnLaterAppendIsAFutureRead() {
    History h = HistoryDsl.parse("s1: [r x (1 2); a x 1]\ns2: [a x 2]");
    assertEquals("FutureRead T1", show(h, ListOrders.of(h)));
    assertEquals("T1 read x = [1 2], holding 1, before appending it itself",
        CertificateSummary.of(h, ListOrders.of(h).findings().examples().get(0)));
    // the last element is the read's value: the per-key rules report it, as any read's
    History last = HistoryDsl.parse("s1: [r x (1); a x 1]");
    assertEquals("", show(last, ListOrders.of(last)));
    assertEquals(List.of("T1 read x = [1], holding 1, before appending it itself"),
        NonCycleChecks.check(last).stream().map(c -> CertificateSummary.of(last, c)).toList());
  }

  @Test
  void elementsNobodyAppendedMayOutnumberTheKeysOperations() {
    StringBuilder list = new StringBuilder();
    for (int v = 100; v < 400; v++) {
      list.append(v).append(' ');
    }
    History h = HistoryDsl.parse("s1: [a x 1]\ns2: [r x (" + list + "1)]");
    assertEquals("ThinAirRead T2",
        show(h, ListOrders.of(h)));
  }

  private static int[] order(ListOrders lists, int key) {
    return java.util.Arrays.copyOfRange(lists.orderTxn(), lists.orderStart()[key],
        lists.orderStart()[key + 1]);
  }

  private static String show(History h, ListOrders lists) {
    return lists.findings().examples().stream().map(f -> f.anomaly().displayName() + " "
        + java.util.Arrays.stream(f.txns()).mapToObj(h::showTxn).collect(Collectors.joining(" ")))
        .collect(Collectors.joining(", "));
  }

}
