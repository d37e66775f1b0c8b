package io.isoverify.history.check;

import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The non-cycle results (mtc Table I) of a set of keys, folded key by key from
 * {@link KeyRules} (or, in a tally of their own, from {@link ListRules}: Elle's list findings
 * and the reads of unknown outcomes' appends): what one Spark partition sends the driver, or
 * the whole history in-process; {@link NonCycleReduce} then combines the tallies. It holds
 * <ul>
 *   <li>the count per anomaly of the findings of committed readers (they always count) and
 *       a bounded set of their first findings per anomaly, in {@link NonCycleFinding#ORDER};</li>
 *   <li>every finding of an unknown-outcome reader (whether it counts is only known once
 *       every key is seen) and every unknown-outcome read (reader, writer);</li>
 *   <li>the lowest duplicate append ({@link DuplicateWrite}).</li>
 * </ul>
 * Findings are kept as records with the caller's value codes (no text: a certificate is
 * worded at report time, from its operations). Keys stay the caller's (Spark: block-local
 * numbers).
 * Cost: O(1) per pair, amortised O(log examples) per kept finding (the candidates of a
 * kind are cut back to the first {@code examples} whenever they reach twice as many, and a
 * finding after the cut's last is dropped).
 */
public final class NonCycleTally implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final byte COMMITTED = (byte) Outcome.COMMITTED.ordinal();
  private static final byte UNKNOWN = (byte) Outcome.UNKNOWN.ordinal();

  private final int examples;
  final long[] counts = new long[Anomaly.values().length];
  /** Per anomaly ordinal: candidates among committed readers' findings; the cut's last. */
  private final List<ArrayList<NonCycleFinding>> kept = new ArrayList<>();
  private final NonCycleFinding[] bound = new NonCycleFinding[Anomaly.values().length];
  final List<NonCycleFinding> unknown = new ArrayList<>();
  /** Unknown-outcome reads as reader << 32 | writer. */
  private long[] pairs = new long[16];
  private int pairCount;
  /** The lowest duplicate append's operation (-1: none), key, value code and transactions. */
  int dupOp = -1;
  int dupKey;
  int dupValue;
  int dupFirstTxn;
  int dupSecondTxn;

  /** @param examples how many findings of each anomaly the reduce will keep */
  public NonCycleTally(int examples) {
    this.examples = examples;
    for (int a = 0; a < counts.length; a++) {
      kept.add(new ArrayList<>());
    }
  }

  /**
   * Folds in the last run of {@code rules}, on key {@code key} (the caller's code), whose
   * local value v has code {@code valueCode[v]}.
   */
  public void add(KeyRules rules, int key, int[] valueCode) {
    KeyOps ops = rules.ops();
    int d = rules.duplicate();
    if (d >= 0 && (dupOp < 0 || ops.op(d) < dupOp)) {
      dupOp = ops.op(d);
      dupKey = key;
      dupValue = KeyOps.code(ops.value(d), valueCode);
      dupFirstTxn = ops.txn(rules.firstWrite(ops.value(d)));
      dupSecondTxn = ops.txn(d);
    }
    add(rules.pairs());
    for (NonCycleFinding f : rules.findings()) {
      add(f, rules.outcome(f.readTxn()), valueCode);
    }
  }

  /**
   * Folds in the last run of the list rules (Elle list-append: their pairs and findings, the
   * edges and findings of the "counted" fixpoint over lists), whose local value v has code
   * {@code valueCode[v]}.
   */
  public void add(ListRules rules, int[] valueCode) {
    add(rules.pairs());
    for (NonCycleFinding f : rules.findings()) {
      add(f, rules.outcome(f.readTxn()), valueCode);
    }
  }

  private void add(ReadPairs read) {
    for (int p = 0; p < read.count(); p++) {
      if (pairCount == pairs.length) {
        pairs = Arrays.copyOf(pairs, Math.max(16, pairCount * 2));
      }
      pairs[pairCount++] = ((long) read.reader(p) << 32) | read.writer(p);
    }
  }

  /** A finding of a reader with Outcome ordinal {@code outcome}, local values. */
  private void add(NonCycleFinding f, byte outcome, int[] valueCode) {
    if (outcome == UNKNOWN) {
      unknown.add(f.withValues(valueCode));
    } else if (outcome == COMMITTED) {
      int a = f.anomaly().ordinal();
      counts[a]++;
      if (bound[a] == null || NonCycleFinding.ORDER.compare(f, bound[a]) < 0) {
        keep(a, f.withValues(valueCode));
      }
    }
  }

  private void keep(int a, NonCycleFinding e) {
    if (examples <= 0) {
      return;
    }
    ArrayList<NonCycleFinding> list = kept.get(a);
    list.add(e);
    if (list.size() >= Math.max(64L, 2L * examples)) {
      cut(a);
    }
  }

  /** Keeps the first {@code examples} candidates of anomaly {@code a}. */
  private void cut(int a) {
    ArrayList<NonCycleFinding> list = kept.get(a);
    if (list.size() > examples) {
      list.sort(NonCycleFinding.ORDER);
      list.subList(examples, list.size()).clear();
      bound[a] = list.get(examples - 1);
    }
  }

  /** Sent (to the driver) with only what the reduce can use: the cut candidates, the pairs. */
  private void writeObject(ObjectOutputStream out) throws IOException {
    for (int a = 0; a < counts.length; a++) {
      cut(a);
    }
    pairs = Arrays.copyOf(pairs, pairCount);
    out.defaultWriteObject();
  }

  /** The kept findings of committed readers, every anomaly, in no particular order. */
  List<NonCycleFinding> kept() {
    List<NonCycleFinding> all = new ArrayList<>();
    kept.forEach(all::addAll);
    return all;
  }

  int pairCount() {
    return pairCount;
  }

  int pairReader(int p) {
    return (int) (pairs[p] >>> 32);
  }

  int pairWriter(int p) {
    return (int) pairs[p];
  }
}
