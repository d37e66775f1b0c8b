package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The per-key rules on hand-made blocks of one key: writers, effective writes, external
 * reads and their writer, unknown-outcome reads, the duplicate, and the findings with their
 * local values (the whole-history results are NonCycleChecksTest's and the engines').
 */
class KeyRulesTest {
  /**
   * A block from "T KIND VALUE" triples ("0 w 1 0 r -1": T0 writes local value 1, then reads
   * the initial state); operation ids are 10 * position; outcomes one letter per
   * transaction (C, A, U).
   */
  private static KeyRules run(String outcomes, String ops) {
    String[] f = ops.trim().split("\\s+");
    KeyOps block = new KeyOps();
    for (int i = 0; i < f.length; i += 3) {
      OpKind kind = f[i + 1].equals("w") ? OpKind.WRITE
          : f[i + 1].equals("a") ? OpKind.APPEND : OpKind.READ;
      block.add(Integer.parseInt(f[i]), 10 * (i / 3), kind.ordinal(), Integer.parseInt(f[i + 2]));
    }
    byte[] outcome = new byte[outcomes.length()];
    for (int t = 0; t < outcome.length; t++) {
      Outcome o = switch (outcomes.charAt(t)) {
        case 'A' -> Outcome.ABORTED;
        case 'U' -> Outcome.UNKNOWN;
        default -> Outcome.COMMITTED;
      };
      outcome[t] = (byte) o.ordinal();
    }
    KeyRules rules = new KeyRules();
    rules.run(block, 7, outcome);
    return rules;
  }

  @Test
  void effectiveWritesAndExternalReadsResolvedToTheirWriter() {
    KeyRules r = run("CCAC", """
        0 w 0  0 w 1
        1 r 1  1 w 2  1 r 2
        2 w 3
        3 r 3  3 r -1  3 r 2""");
    assertEquals(2, r.writeCount(), "T0's last write and T1's; aborted T2's is not one");
    assertArrayEquals(new int[] {0, 1, 1, 2}, new int[] {r.writeTxn(0), r.writeValue(0),
        r.writeTxn(1), r.writeValue(1)});
    assertEquals(4, r.readCount(), "T1's read after its own write is internal");
    int[] at = new int[4];
    int[] writer = new int[4];
    for (int i = 0; i < 4; i++) {
      at[i] = r.readAt(i);
      writer[i] = r.readWriter(i);
    }
    assertArrayEquals(new int[] {2, 6, 7, 8}, at);
    assertArrayEquals(new int[] {0, KeyRules.NO_WRITER, KeyRules.INIT_WRITER, 1}, writer,
        "an aborted write is no effective write");
    assertEquals(1, r.firstWrite(1), "value 1's first write is block index 1");
    assertEquals(-1, r.duplicate());
  }

  @Test
  void aReadOfOnlyItsOwnLaterWriteHasNoWriter() {
    KeyRules r = run("C", "0 r 0  0 w 0");
    assertEquals(KeyRules.NO_WRITER, r.readWriter(0));
    assertEquals(Anomaly.FUTURE_READ, r.findings().get(0).anomaly());
  }

  @Test
  void theFirstAppendOfAValueAnotherTransactionPutIsTheDuplicate() {
    KeyRules r = run("CCACC", "0 a 0  0 a 0  1 w 1  2 a 0  3 w 1  4 a 1");
    assertEquals(3, r.duplicate(), "T0 appending twice is none; aborted T2's append counts");
    assertEquals(-1, run("CC", "0 w 0  1 w 0").duplicate(), "repeated writes are no duplicate");
    assertEquals(1, run("CC", "0 a 0  1 w 0").duplicate(), "a write of an appended element is");
    KeyRules first = run("C", "0 r 0  0 w 0");
    assertEquals(1, first.firstWrite(0));
    assertEquals(0, first.firstSeen(0));
  }

  /**
   * A read whose value several other transactions' effective writes carry has several
   * candidate writers (veristrong's WR constraint): MANY_WRITERS; aborted writers, writes
   * they overwrote and the reader's own write are no candidates.
   */
  @Test
  void readsOfARepeatedValueHaveEveryOtherEffectiveWriterAsCandidate() {
    KeyRules r = run("CCACCC", """
        0 w 0
        1 w 0
        2 w 0
        3 w 0  3 w 1
        4 r 0
        5 r 0  5 w 0""");
    assertEquals(KeyRules.MANY_WRITERS, r.readWriter(0), "T4: T0 and T1");
    assertEquals(KeyRules.MANY_WRITERS, r.readWriter(1), "T5: T0 and T1, not itself");
    assertEquals(List.of(), r.findings());
    KeyRules one = run("CAC", "0 w 0  1 w 0  2 r 0");
    assertEquals(0, one.readWriter(0), "the aborted writer is no candidate");
    KeyRules own = run("CC", "0 w 0  1 r 0  1 w 0");
    assertEquals(0, own.readWriter(0), "the reader's own write is no candidate");
  }

  /** Only a read's one candidate writer of unknown outcome is made to count. */
  @Test
  void anUnknownCandidateCountsOnlyWhenItIsTheOnlyOne() {
    KeyRules several = run("UCC", "0 w 0  1 w 0  2 r 0");
    assertEquals(0, several.pairs().count(), "T2 may have read committed T1's 0");
    KeyRules alone = run("UAC", "0 w 0  1 w 0  2 r 0");
    assertEquals(1, alone.pairs().count());
    assertArrayEquals(new int[] {2, 0}, new int[] {alone.pairs().reader(0), alone.pairs().writer(0)});
  }

  @Test
  void readsOfUnknownOutcomesValuesArePairedWithTheirWriter() {
    KeyRules r = run("UCAU", "0 w 0  1 r 0  2 r 0  3 r 0  3 w 1  3 r 0");
    assertEquals(2, r.pairs().count(), "aborted T2's read is left out, and T3's after its write");
    assertArrayEquals(new int[] {1, 0, 3, 0}, new int[] {r.pairs().reader(0), r.pairs().writer(0),
        r.pairs().reader(1), r.pairs().writer(1)});
  }

  @Test
  void findingsCarryLocalValuesAndTheOtherValueTheirSentenceNames() {
    KeyRules r = run("CCACCCC", """
        0 w 0  0 w 1
        1 r 0
        2 w 2
        3 r 2
        4 r 5
        5 w 3  5 r 1
        6 w 4  6 r 4  6 r 1  6 w 6  6 r 4""");
    List<String> got = r.findings().stream().map(f -> f.anomaly() + " " + f.readTxn() + " "
        + java.util.Arrays.toString(f.txns()) + " " + java.util.Arrays.toString(f.ops()) + " "
        + f.key() + " " + f.value() + " " + f.otherValue()).toList();
    assertEquals(List.of(
        "INTERMEDIATE_READ 1 [1, 0] [0, 10, 20] 7 0 1",
        "ABORTED_READ 3 [3, 2] [30, 40] 7 2 " + History.NO_VALUE,
        "THIN_AIR_READ 4 [4] [50] 7 5 " + History.NO_VALUE,
        "NOT_MY_OWN_WRITE 5 [5, 0] [60, 70] 7 1 3",
        "NOT_MY_OWN_WRITE 6 [6, 0] [80, 100] 7 1 4",
        "NOT_MY_LAST_WRITE 6 [6] [80, 110, 120] 7 4 6"), got);
  }

  @Test
  void repeatedReadsOfAnotherValueAreOneFindingPerTransaction() {
    KeyRules r = run("CC", "0 w 0  1 r -1  1 r 0  1 r -1");
    assertEquals(1, r.findings().size());
    NonCycleFinding f = r.findings().get(0);
    assertEquals(Anomaly.NON_REPEATABLE_READ, f.anomaly());
    assertArrayEquals(new int[] {10, 20}, f.ops());
    assertEquals(List.of(0, History.INITIAL), List.of(f.value(), f.otherValue()));
  }

  @Test
  void blocksAddedInAnotherOrderAreSortedByOperation() {
    KeyOps block = new KeyOps();
    block.add(1, 30, OpKind.READ.ordinal(), 0);
    block.add(0, 10, OpKind.WRITE.ordinal(), 0);
    block.add(0, 20, OpKind.READ.ordinal(), History.INITIAL);
    block.sortByOp();
    assertArrayEquals(new int[] {10, 20, 30, 0, 0, 1, 0, -1, 0},
        new int[] {block.op(0), block.op(1), block.op(2), block.txn(0), block.txn(1),
            block.txn(2), block.value(0), block.value(1), block.value(2)});
    assertEquals(1, block.values());
  }
}
