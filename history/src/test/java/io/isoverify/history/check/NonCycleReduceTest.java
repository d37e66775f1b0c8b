package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reduce over several tallies, as the Spark driver runs it over partitions: keys
 * recoded per tally, the counted transactions across tallies, the first examples of each
 * kind in (transaction, read) order whatever tally they come from, the lowest duplicate.
 */
class NonCycleReduceTest {
  /** Local value v has code 100 + v. */
  private static final int[] CODES = {100, 101, 102, 103};

  private final byte[] outcome = new byte[200];

  /** Folds one key (local number {@code key}) into {@code tally}: "TXN KIND VALUE OP" quads. */
  private void fold(NonCycleTally tally, int key, String ops) {
    String[] f = ops.trim().split("\\s+");
    KeyOps block = new KeyOps();
    for (int i = 0; i < f.length; i += 4) {
      OpKind kind = f[i + 1].equals("w") ? OpKind.WRITE
          : f[i + 1].equals("a") ? OpKind.APPEND : OpKind.READ;
      block.add(Integer.parseInt(f[i]), Integer.parseInt(f[i + 3]), kind.ordinal(),
          Integer.parseInt(f[i + 2]));
    }
    KeyRules rules = new KeyRules();
    rules.run(block, key, outcome);
    tally.add(rules, key, CODES);
  }

  private void set(Outcome o, int... txns) {
    for (int t : txns) {
      outcome[t] = (byte) o.ordinal();
    }
  }

  @Test
  void anUnknownReaderCountsWhenACommittedOneReadItsWriteInAnotherPart() {
    set(Outcome.UNKNOWN, 0, 2);
    NonCycleTally a = new NonCycleTally(10);
    fold(a, 0, "0 w 0 0  1 r 0 10");
    NonCycleTally b = new NonCycleTally(10);
    fold(b, 0, "0 r 1 1  2 r 1 20");
    NonCycleFindings f = NonCycleReduce.reduce(List.of(a, b), new int[][] {{5}, {2}}, outcome, 10);
    assertNull(f.duplicate());
    assertEquals(Map.of(Anomaly.THIN_AIR_READ, 1L), f.counts(), "unread unknown T2 imposes nothing");
    Certificate c = f.examples().get(0);
    assertEquals("[0] [2] [1]", Arrays.toString(c.txns()) + " " + Arrays.toString(c.keys()) + " "
        + Arrays.toString(c.ops()));
    // a thin-air read has no writer, so no WR edge
    assertEquals(List.of(), c.edges());
  }

  @Test
  void theFirstExamplesOfEachKindInTransactionOrderAcrossParts() {
    NonCycleTally even = new NonCycleTally(3);
    NonCycleTally odd = new NonCycleTally(3);
    StringBuilder evenOps = new StringBuilder();
    StringBuilder oddOps = new StringBuilder();
    for (int t = 0; t < 150; t++) {
      (t % 2 == 0 ? evenOps : oddOps).append(t).append(" r 0 ").append(t).append("  ");
    }
    fold(even, 0, evenOps.toString());
    fold(odd, 0, oddOps.toString());
    NonCycleFindings f = NonCycleReduce.reduce(List.of(odd, even), new int[][] {{1}, {0}},
        outcome, 3);
    assertEquals(Map.of(Anomaly.THIN_AIR_READ, 150L), f.counts());
    List<String> shown = new ArrayList<>();
    f.examples().forEach(c -> shown.add(c.txns()[0] + "@k" + c.keys()[0]));
    assertEquals(List.of("0@k0", "1@k1", "2@k0"), shown);
    assertEquals(List.of(), NonCycleReduce.reduce(List.of(odd, even), new int[][] {{1}, {0}},
        outcome, 0).examples());
  }

  @Test
  void theLowestDuplicateAppendAcrossPartsRefusesTheHistory() {
    NonCycleTally a = new NonCycleTally(10);
    fold(a, 0, "0 a 0 0  1 a 0 50  2 r 3 60");
    NonCycleTally b = new NonCycleTally(10);
    fold(b, 0, "3 w 1 10  4 a 1 30");
    NonCycleFindings f = NonCycleReduce.reduce(List.of(a, b), new int[][] {{8}, {9}}, outcome, 10);
    assertEquals(new DuplicateWrite(9, 101, 3, 4), f.duplicate());
    assertEquals(List.of(), f.examples());
    assertEquals(Map.of(), f.counts());
    assertEquals("key k9 has the element v101 put by both T3 and T4, at least once by an append:"
        + " list-append histories need unique appended elements, so the history is not checked",
        f.duplicate().reason("k9", "v101", "T3", "T4"));
  }

  @Test
  void repeatedWrittenValuesAreCheckedNotRefused() {
    NonCycleTally a = new NonCycleTally(10);
    fold(a, 0, "0 w 0 0  1 w 0 50  2 r 0 60  3 r 2 70");
    NonCycleFindings f = NonCycleReduce.reduce(List.of(a), null, outcome, 10);
    assertNull(f.duplicate());
    assertEquals(Map.of(Anomaly.THIN_AIR_READ, 1L), f.counts(), "T2 may read T0's or T1's 0");
  }
}
