package io.isoverify.history.check;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The list-append results of a whole history from the tallies of its keys
 * ({@link ListTally}: one in-process, one per partition on Spark), written once for both
 * engines. The transactions that count (committed ones, and those with an unknown outcome
 * whose append a counted read list shows: Elle, VLDB 2020, 4.2) are a fixpoint over every
 * key, computed as {@link NonCycleReduce} computes the non-cycle checks' one, from the
 * first pass's pairs; a key whose longest counted list depended on it is run again with it
 * ({@link ListRules}, second pass). Then the observed orders are placed by key, and the
 * findings reduced to full counts and the first certificates of each anomaly in
 * {@link NonCycleFinding#ORDER}. Cost: O(transactions + pairs + observed appends + keys +
 * k log k) for k kept findings; primitive arrays.
 */
public final class ListReduce {
  private ListReduce() {}

  /** The transactions that count, from the first pass's tallies. */
  public static BitSet counted(List<ListTally> firstPass, byte[] outcome) {
    boolean[] c = NonCycleReduce.counted(tallies(firstPass), outcome);
    BitSet set = new BitSet(c.length);
    for (int t = 0; t < c.length; t++) {
      if (c[t]) {
        set.set(t);
      }
    }
    return set;
  }

  /**
   * The orders and findings from both passes' tallies: every list key decided in exactly
   * one of them.
   *
   * @param keyCode for tally p, the key code of its key j is {@code keyCode[p][j]}; null
   *     when the tallies' keys are codes already
   * @param outcome per dense transaction id, its Outcome ordinal
   */
  public static ListOrders reduce(List<ListTally> parts, int[][] keyCode, int keyCount,
      byte[] outcome, int examples) {
    int[] orderStart = new int[keyCount + 1];
    boolean[] listKey = new boolean[keyCount];
    for (int p = 0; p < parts.size(); p++) {
      ListTally part = parts.get(p);
      for (int j = 0; j < part.keyCount(); j++) {
        int k = key(keyCode, p, part.key(j));
        listKey[k] = true;
        orderStart[k + 1] = part.orderTo(j) - part.orderFrom(j);
      }
    }
    for (int k = 0; k < keyCount; k++) {
      orderStart[k + 1] += orderStart[k];
    }
    int[] orderTxn = new int[orderStart[keyCount]];
    for (int p = 0; p < parts.size(); p++) {
      ListTally part = parts.get(p);
      for (int j = 0; j < part.keyCount(); j++) {
        int from = part.orderFrom(j);
        int at = orderStart[key(keyCode, p, part.key(j))];
        for (int i = from; i < part.orderTo(j); i++) {
          orderTxn[at++] = part.orderTxn(i);
        }
      }
    }
    NonCycleFindings findings =
        NonCycleReduce.reduce(tallies(parts), keyCode, outcome, examples);
    return new ListOrders(orderStart, orderTxn, listKey, findings);
  }

  private static int key(int[][] keyCode, int part, int key) {
    return keyCode == null ? key : keyCode[part][key];
  }

  private static List<NonCycleTally> tallies(List<ListTally> parts) {
    List<NonCycleTally> out = new ArrayList<>(parts.size());
    for (ListTally t : parts) {
      out.add(t.findings);
    }
    return out;
  }
}
