package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Elle's list-append inference over a whole history (Kingsbury and Alvaro, "Elle: Inferring
 * Isolation Anomalies from Experimental Observations", VLDB 2020, section 4.2): per key read
 * as a list by a counted transaction, the observed order of its appenders, and the findings
 * of the read lists (IncompatibleOrder, DuplicateElements, and ThinAirRead, FutureRead,
 * AbortedRead, IntermediateRead through elements before the last). The per-key work is
 * {@link ListRules}, which both engines run (the Spark engine on its executors); the
 * whole-history work is {@link ListReduce}. This class is their result, and
 * {@link #of(History)} the in-process driver: the operations of the keys read as lists
 * grouped by key ({@link KeyGroups}), a first pass, the counted transactions, a second pass
 * over the keys the first could not decide, the reduce.
 *
 * <p>Encoding of the order, for key k: {@code orderTxn[orderStart[k] .. orderStart[k+1]-1]},
 * dense transaction ids; {@code listKey[k]} is true when counted transactions read k as a
 * list (its order is then fixed by the lists, even when empty). Cost in-process O(ops of the
 * keys read as lists + total length of the lists + appends of the lists' appenders).
 */
public final class ListOrders {
  private final int[] orderStart;
  private final int[] orderTxn;
  private final boolean[] listKey;
  private final NonCycleFindings findings;

  ListOrders(int[] orderStart, int[] orderTxn, boolean[] listKey, NonCycleFindings findings) {
    this.orderStart = orderStart;
    this.orderTxn = orderTxn;
    this.listKey = listKey;
    this.findings = findings;
  }

  /** A history of {@code keyCount} keys without read lists. */
  public static ListOrders none(int keyCount) {
    return new ListOrders(new int[keyCount + 1], new int[0], new boolean[keyCount],
        new NonCycleFindings(List.of(), Map.of(), null));
  }

  /** The observed orders and findings of a history held in memory. */
  public static ListOrders of(History h) {
    return of(h, NonCycleChecks.DEFAULT_EXAMPLES);
  }

  /** The same, keeping {@code examples} certificates of each anomaly. */
  public static ListOrders of(History h, int examples) {
    int keys = h.keys().size();
    if (h.readLists().isEmpty()) {
      return none(keys);
    }
    boolean[] read = new boolean[keys];
    for (int o : h.readLists().keySet()) {
      if (h.opKey(o) >= 0) {
        read[h.opKey(o)] = true;
      }
    }
    byte[] outcome = KeyGroups.outcomes(h);
    ListTally first = pass(h, read, outcome, null, examples);
    int[] undecided = first.undecidedKeys();
    if (undecided.length == 0) {
      return ListReduce.reduce(List.of(first), null, keys, outcome, examples);
    }
    boolean[] again = new boolean[keys];
    for (int k : undecided) {
      again[k] = true;
    }
    BitSet counted = ListReduce.counted(List.of(first), outcome);
    ListTally second = pass(h, again, outcome, counted, examples);
    return ListReduce.reduce(List.of(first, second), null, keys, outcome, examples);
  }

  /** The list rules on the keys {@code only} marks, with History's key and value codes. */
  private static ListTally pass(History h, boolean[] only, byte[] outcome, BitSet counted,
      int examples) {
    ListTally tally = new ListTally(examples);
    KeyLists lists = new KeyLists();
    ListRules rules = new ListRules();
    KeyGroups.forEachBlock(h, only, (key, block, local) -> {
      lists.clear();
      for (int i = 0; i < block.size(); i++) {
        int[] list = h.readList(block.op(i));
        if (list != null) {
          lists.add(block.txn(i), block.op(i));
          for (int v : list) {
            lists.element(local.of(v));
          }
        }
      }
      rules.run(block, lists, key, outcome, counted);
      tally.add(rules, key, local.code);
    });
    return tally;
  }

  /**
   * The non-cycle findings {@code found} (of the per-key rules, {@link NonCycleReduce}) with
   * those of the read lists added: the counts summed, and each list certificate kept, in
   * {@link NonCycleFinding#ORDER} after all of {@code found}'s, while its kind has fewer
   * than {@code examples}. {@code found} itself when it refuses the history (a duplicate
   * write: nothing else is reported).
   */
  public NonCycleFindings addedTo(NonCycleFindings found, int examples) {
    if (found.duplicate() != null || findings.counts().isEmpty()) {
      return found;
    }
    List<Certificate> examplesOut = new ArrayList<>(found.examples());
    Map<Anomaly, Long> counts = new EnumMap<>(Anomaly.class);
    counts.putAll(found.counts());
    Map<Anomaly, Long> kept = new EnumMap<>(Anomaly.class);
    kept.putAll(found.counts());
    for (Certificate c : findings.examples()) {
      if (kept.merge(c.anomaly(), 1L, Long::sum) <= examples) {
        examplesOut.add(c);
      }
    }
    findings.counts().forEach((a, n) -> counts.merge(a, n, Long::sum));
    return new NonCycleFindings(examplesOut, counts, null);
  }

  /** Order arrays: key k's observed appenders are orderTxn[orderStart[k]..orderStart[k+1]-1]. */
  public int[] orderStart() {
    return orderStart;
  }

  public int[] orderTxn() {
    return orderTxn;
  }

  /** listKey[k]: counted transactions read key k as a list. */
  public boolean[] listKeys() {
    return listKey;
  }

  /** The findings of the read lists alone: full counts, the first certificates of each kind. */
  public NonCycleFindings findings() {
    return findings;
  }
}
