package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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
 * over the keys the first could not decide (each pass on parallel threads over parts of the
 * keys, {@link KeyGroups#forEachBlockInParts}), the reduce.
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
    return of(h, examples, KeyGroups.defaultParts(h));
  }

  /** The same with the keys cut into {@code parts} parts (the result does not depend on it). */
  static ListOrders of(History h, int examples, int parts) {
    return of(h, examples, parts, null);
  }

  /**
   * The same over the operations {@code grouping} grouped by key already (of every key of h;
   * null: grouped here, those of the list keys alone), so that a caller whose per-key rules
   * grouped them does not group them again; the result does not depend on it.
   */
  public static ListOrders of(History h, int examples, KeyGroups.Grouping grouping) {
    return of(h, examples, KeyGroups.defaultParts(h), grouping);
  }

  private static ListOrders of(History h, int examples, int parts,
      KeyGroups.Grouping grouping) {
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
    List<ListTally> first = pass(h, read, outcome, null, examples, parts, grouping);
    boolean[] again = new boolean[keys];
    boolean any = false;
    for (ListTally part : first) {
      for (int k : part.undecidedKeys()) {
        again[k] = true;
        any = true;
      }
    }
    if (!any) {
      return ListReduce.reduce(first, null, keys, outcome, examples);
    }
    BitSet counted = ListReduce.counted(first, outcome);
    List<ListTally> both = new ArrayList<>(first);
    both.addAll(pass(h, again, outcome, counted, examples, parts, grouping));
    return ListReduce.reduce(both, null, keys, outcome, examples);
  }

  /** One part's tally of the list rules and its scratch. */
  private record Part(ListTally tally, KeyLists lists, ListRules rules, Mapped mapped) {}

  /**
   * A key's local value numbers of the elements of one shared array of read lists
   * (History's branches: a key's reads are usually prefixes of one), so that each element
   * is looked up once per key instead of once per read that shows it.
   */
  private static final class Mapped {
    int[] branch;
    int count;
    int[] local = new int[64];

    /** Local numbers of {@code list[0..n)}, a prefix of a shared array, from {@code local}. */
    int[] of(int[] list, int n, KeyGroups.LocalValues values) {
      if (list != branch) {
        branch = list;
        count = 0;
      }
      if (local.length < n) {
        local = java.util.Arrays.copyOf(local, Math.max(n, 2 * local.length));
      }
      for (int j = count; j < n; j++) {
        local[j] = values.of(list[j]);
      }
      count = Math.max(count, n);
      return local;
    }
  }

  /**
   * The list rules on the keys {@code only} marks, with History's key and value codes: one
   * tally per part of the keys, run on parallel threads ({@link KeyGroups#forEachBlockInParts};
   * the reduce does not depend on the parts).
   */
  private static List<ListTally> pass(History h, boolean[] only, byte[] outcome, BitSet counted,
      int examples, int partCount, KeyGroups.Grouping grouping) {
    Supplier<Part> newPart =
        () -> new Part(new ListTally(examples), new KeyLists(), new ListRules(), new Mapped());
    KeyGroups.PartVisitor<Part> rules = (part, key, block, local) -> {
      KeyLists lists = part.lists();
      lists.clear();
      part.mapped().branch = null; // a new key: new local numbers
      for (int i = 0; i < block.size(); i++) {
        int[] list = h.readListShared(block.op(i));
        if (list != null) {
          int n = h.readListLength(block.op(i));
          lists.addPrefix(block.txn(i), block.op(i), part.mapped().of(list, n, local), n, list);
        }
      }
      part.rules().run(block, lists, key, outcome, counted);
      part.tally().add(part.rules(), key, local.code);
    };
    List<Part> parts = grouping == null
        ? KeyGroups.forEachBlockInParts(h, only, partCount, newPart, rules)
        : KeyGroups.forEachBlockInParts(grouping, only, newPart, rules);
    List<ListTally> tallies = new ArrayList<>(parts.size());
    for (Part p : parts) {
      tallies.add(p.tally());
    }
    return tallies;
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
