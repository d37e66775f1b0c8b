package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The per-key list kernel on hand-built blocks, as the Spark engine feeds it: operations and
 * reads in any order (sorted by the blocks), values numbered in any way, and the two passes
 * over an unknown outcome's list.
 */
class ListRulesTest {
  private static final int APPEND = OpKind.APPEND.ordinal();
  private static final int READ = OpKind.READ.ordinal();
  private static final byte C = (byte) Outcome.COMMITTED.ordinal();
  private static final byte U = (byte) Outcome.UNKNOWN.ordinal();

  /**
   * x: T0 appends 1, T1 appends 2 and 3, T2 reads [1 3 2], T3 reads [1 2 9 3]; values 1, 2,
   * 3, 9 as local values v[0..3].
   */
  private static String run(boolean reversed, int[] v) {
    int[][] ops = {{0, 0, APPEND, v[0]}, {1, 1, APPEND, v[1]}, {1, 2, APPEND, v[2]},
        {2, 3, READ, v[1]}, {3, 4, READ, v[2]}};
    int[][] lists = {{2, 3, v[0], v[2], v[1]}, {3, 4, v[0], v[1], v[3], v[2]}};
    KeyOps block = new KeyOps();
    for (int i = 0; i < ops.length; i++) {
      int[] o = ops[reversed ? ops.length - 1 - i : i];
      block.add(o[0], o[1], o[2], o[3]);
    }
    block.sortByOp();
    KeyLists reads = new KeyLists();
    for (int i = 0; i < lists.length; i++) {
      int[] l = lists[reversed ? lists.length - 1 - i : i];
      reads.add(l[0], l[1]);
      for (int e = 2; e < l.length; e++) {
        reads.element(l[e]);
      }
    }
    reads.sortByOp();
    ListRules rules = new ListRules();
    rules.run(block, reads, 7, new byte[] {C, C, C, C}, null);
    assertTrue(rules.decided());
    StringBuilder s = new StringBuilder("order");
    for (int i = 0; i < rules.orderSize(); i++) {
      s.append(' ').append(rules.orderTxn(i));
    }
    for (NonCycleFinding f : rules.findings()) {
      s.append(", ").append(f.anomaly().displayName()).append(" T").append(f.readTxn())
          .append(" key ").append(f.key()).append(" ops ").append(java.util.Arrays.toString(f.ops()));
    }
    return s.toString();
  }

  @Test
  void theOrderOfTheBlocksAndTheNumberingOfValuesChangeNothing() {
    // T2's run [3 2] is T1's appends out of order; T3's [2] stops inside them
    String expected = "order 0 1, IncompatibleOrder T2 key 7 ops [4, 3], "
        + "IntermediateRead T2 key 7 ops [1, 1, 3], IntermediateRead T3 key 7 ops [1, 2, 4], "
        + "ThinAirRead T3 key 7 ops [4]";
    assertEquals(expected, run(false, new int[] {0, 1, 2, 3}));
    assertEquals(expected, run(true, new int[] {3, 0, 2, 1}));
  }

  @Test
  void anUnknownOutcomesLongerListIsDecidedOnTheSecondPass() {
    // T0 appends 1 (op 0); T1 reads [1] (op 1); T2, unknown, appends 2 (op 2), reads [1 2] (op 3)
    KeyOps block = new KeyOps();
    block.add(0, 0, APPEND, 0);
    block.add(1, 1, READ, 0);
    block.add(2, 2, APPEND, 1);
    block.add(2, 3, READ, 1);
    KeyLists reads = new KeyLists();
    reads.add(1, 1);
    reads.element(0);
    reads.add(2, 3);
    reads.element(0);
    reads.element(1);
    byte[] outcome = {C, C, U};
    ListRules rules = new ListRules();
    rules.run(block, reads, 0, outcome, null);
    assertFalse(rules.decided());
    assertEquals(1, rules.pairs().count());
    assertEquals(List.of(2, 2), List.of(rules.pairs().reader(0), rules.pairs().writer(0)));

    BitSet committed = new BitSet();
    committed.set(0, 2);
    rules.run(block, reads, 0, outcome, committed);
    assertTrue(rules.decided() && rules.listKey());
    assertArrayEquals(new int[] {0}, order(rules));
    assertEquals(0, rules.pairs().count());

    BitSet all = new BitSet();
    all.set(0, 3);
    rules.run(block, reads, 0, outcome, all);
    assertArrayEquals(new int[] {0, 2}, order(rules));
    assertEquals(List.of(), rules.findings());
  }

  private static int[] order(ListRules rules) {
    int[] out = new int[rules.orderSize()];
    for (int i = 0; i < out.length; i++) {
      out[i] = rules.orderTxn(i);
    }
    return out;
  }
}
