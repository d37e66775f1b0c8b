package io.isoverify.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import org.junit.jupiter.api.Test;

/**
 * A serial order replays predicate reads (vbox): each returns exactly the rows whose field
 * lies in its range in the state it sees, its own writes included; an order that makes a
 * predicate read miss a matching row, or return one that does not match, is rejected with
 * the row named.
 */
class PredicateReplayTest {
  // T1 inserts x (field 1 = 5); T2's predicate read of [0, 9] returns nothing; T3 moves x out
  // of the range; T4 writes y in the range, then reads the range with its own row in it
  private static final History H = HistoryDsl.parse("s1: [i x 1 {1=5}]\ns2: [p 1 0 9 0]\n"
      + "s3: [w x 2 {1=50}]\ns4: [w y 3 {1=7}; p 1 0 9 1; w y 3 {1=7}]");

  @Test
  void anOrderInWhichEveryPredicateReadReturnsItsRangeIsAccepted() {
    assertEquals(Check.ok(), SerialReplay.check(H, new int[] {1, 0, 2, 3}, false));
    assertEquals(Check.ok(), SerialReplay.check(H, new int[] {0, 2, 1, 3}, false));
  }

  @Test
  void aMissedMatchingRowIsNamed() {
    assertEquals("the predicate read of T2 (field 1 in [0, 9]) did not return key x, which in "
        + "the witness's order matches it",
        SerialReplay.check(H, new int[] {0, 1, 2, 3}, false).problem());
  }

  @Test
  void aReturnedRowThatDoesNotMatchIsNamed() {
    // T2 sets field 2 only: x keeps field 1 = 50 from T1, out of T3's range
    History h = HistoryDsl.parse("s1: [i x 1 {1=50}]\ns2: [w x 2 {2=3}]\ns3: [p 1 0 9 1; r x 2]");
    assertEquals("the predicate read of T3 (field 1 in [0, 9]) returned key x, which in the "
        + "witness's order does not match it",
        SerialReplay.check(h, new int[] {0, 1, 2}, false).problem());
  }
}
