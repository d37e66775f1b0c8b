package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ListRules} gives the same result whether each read holds its own copy of its list
 * ({@link KeyLists#add}, as the Spark engine feeds it) or the reads share stored prefixes
 * ({@link KeyLists#addPrefix}, as History's shared read lists do in-process, where
 * {@link ListPrefixes} skips the checks it knows find nothing; the reference checks every
 * read element by element): on thousands of random keys
 * whose reads are mostly prefixes of one list, some broken (elements out of order, twice,
 * from nowhere, dropped, from aborted appenders, the reader's own appends), with unknown
 * outcomes, on both passes.
 */
class ListPrefixesTest {
  private static final int APPEND = OpKind.APPEND.ordinal();
  private static final int READ = OpKind.READ.ordinal();
  private static final byte[] OUTCOMES = {(byte) Outcome.COMMITTED.ordinal(),
      (byte) Outcome.ABORTED.ordinal(), (byte) Outcome.UNKNOWN.ordinal()};

  @Test
  void sharedStoresGiveWhatPerReadListsGive() {
    Random random = new Random(1129);
    int skipped = 0;
    int findings = 0;
    for (int round = 0; round < 4000; round++) {
      Key key = Key.random(random);
      BitSet counted = new BitSet();
      for (int t = 0; t < key.outcome.length; t++) {
        if (key.outcome[t] == OUTCOMES[0] || key.outcome[t] == OUTCOMES[2]
            && random.nextBoolean()) {
          counted.set(t);
        }
      }
      for (BitSet pass : Arrays.asList(null, counted)) {
        String own = result(key, false, pass);
        String shared = result(key, true, pass);
        assertEquals(own, shared, "round " + round + ": " + key);
        findings += own.contains("findings []") ? 0 : 1;
      }
      skipped += key.sharedStores() ? 1 : 0;
    }
    // the rounds cover both sides: stores that are shared, and reads with findings
    assertTrue(skipped > 1000, "shared stores in " + skipped + " rounds");
    assertTrue(findings > 1000, "findings in " + findings + " runs");
  }

  private static String result(Key key, boolean shared, BitSet counted) {
    KeyOps ops = new KeyOps();
    for (int[] o : key.ops) {
      ops.add(o[0], o[1], o[2], o[3]);
    }
    ops.sortByOp();
    KeyLists lists = new KeyLists();
    for (int r = 0; r < key.readTxn.size(); r++) {
      int[] list = key.lists.get(r);
      if (shared) {
        int[] branch = key.branchOf.get(r);
        lists.addPrefix(key.readTxn.get(r), key.readOp.get(r), branch, list.length, branch);
      } else {
        lists.add(key.readTxn.get(r), key.readOp.get(r));
        for (int v : list) {
          lists.element(v);
        }
      }
    }
    ListRules rules = new ListRules(shared); // the reference checks every read in full
    rules.run(ops, lists, 3, key.outcome, counted);
    StringBuilder s = new StringBuilder("decided ").append(rules.decided())
        .append(" listKey ").append(rules.listKey()).append(" order [");
    for (int i = 0; i < rules.orderSize(); i++) {
      s.append(rules.orderTxn(i)).append(' ');
    }
    s.append("] pairs [");
    for (int p = 0; p < rules.pairs().count(); p++) {
      s.append(rules.pairs().reader(p)).append('>').append(rules.pairs().writer(p)).append(' ');
    }
    s.append("] findings [");
    if (rules.decided()) {
      for (NonCycleFinding f : rules.findings()) {
        s.append(f.anomaly()).append(Arrays.toString(f.txns())).append(Arrays.toString(f.ops()))
            .append(f.value()).append('/').append(f.otherValue()).append(' ');
      }
    }
    return s.append(']').toString();
  }

  /** One key: its operations (txn, op, kind, local value), reads in op order, outcomes. */
  private static final class Key {
    final List<int[]> ops = new ArrayList<>();
    final List<Integer> readTxn = new ArrayList<>();
    final List<Integer> readOp = new ArrayList<>();
    final List<int[]> lists = new ArrayList<>();
    /** Per read, the shared array its list is a prefix of (ReadLists' branches). */
    final List<int[]> branchOf = new ArrayList<>();
    byte[] outcome;

    static Key random(Random random) {
      Key k = new Key();
      int txns = 2 + random.nextInt(7);
      k.outcome = new byte[txns];
      for (int t = 0; t < txns; t++) {
        int p = random.nextInt(10);
        k.outcome[t] = p < 6 ? OUTCOMES[0] : p < 8 ? OUTCOMES[1] : OUTCOMES[2];
      }
      // appends: transaction t appends some values, their order the list's true order
      List<int[]> appends = new ArrayList<>(); // (txn, value)
      int values = 0;
      for (int t = 0; t < txns; t++) {
        int n = random.nextInt(3);
        for (int i = 0; i < n; i++) {
          int v = values > 0 && random.nextInt(12) == 0 ? random.nextInt(values) : values++;
          appends.add(new int[] {t, v});
        }
      }
      List<Integer> truth = new ArrayList<>();
      for (int[] a : appends) {
        truth.add(a[1]);
      }
      if (random.nextInt(4) == 0 && truth.size() > 1) {
        int i = random.nextInt(truth.size() - 1);
        truth.set(i, truth.set(i + 1, truth.get(i))); // two appends out of order
      }
      // operations: each transaction's appends, and reads, in a random interleaving
      List<int[]> pending = new ArrayList<>(); // (txn, kind, value or read index)
      for (int[] a : appends) {
        pending.add(new int[] {a[0], APPEND, a[1]});
      }
      int reads = 1 + random.nextInt(8);
      List<int[]> readLists = new ArrayList<>();
      for (int r = 0; r < reads; r++) {
        readLists.add(list(random, truth, values));
        pending.add(new int[] {random.nextInt(txns), READ, r});
      }
      java.util.Collections.shuffle(pending, random);
      int[][] branchOfRead = branches(random, readLists);
      for (int op = 0; op < pending.size(); op++) {
        int[] p = pending.get(op);
        if (p[1] == APPEND) {
          k.ops.add(new int[] {p[0], op, APPEND, p[2]});
        } else {
          int[] list = readLists.get(p[2]);
          k.ops.add(new int[] {p[0], op, READ, list.length == 0 ? -1 : list[list.length - 1]});
          k.readTxn.add(p[0]);
          k.readOp.add(op);
          k.lists.add(list);
          k.branchOf.add(branchOfRead[p[2]]);
        }
      }
      return k;
    }

    /** A prefix of the truth, sometimes broken. */
    private static int[] list(Random random, List<Integer> truth, int values) {
      List<Integer> l = new ArrayList<>(truth.subList(0, random.nextInt(truth.size() + 1)));
      switch (l.isEmpty() ? 9 : random.nextInt(14)) {
        case 0 -> l.add(random.nextInt(l.size()), values + random.nextInt(2)); // from nowhere
        case 1 -> l.add(l.get(random.nextInt(l.size()))); // twice
        case 2 -> l.remove(random.nextInt(l.size())); // dropped
        case 3 -> java.util.Collections.reverse(l);
        default -> { }
      }
      return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Shared arrays as History's read lists make them, the reads taken in an order of their
     * own (the file's rows): a list goes on the last array when one is a prefix of the
     * other (the array grows to the longer), else on a new one.
     */
    private static int[][] branches(Random random, List<int[]> lists) {
      List<Integer> rows = new ArrayList<>();
      for (int r = 0; r < lists.size(); r++) {
        rows.add(r);
      }
      java.util.Collections.shuffle(rows, random);
      List<int[]> contents = new ArrayList<>();
      int[] branchIndex = new int[lists.size()];
      for (int r : rows) {
        int[] l = lists.get(r);
        int last = contents.size() - 1;
        if (last >= 0 && prefixes(contents.get(last), l)) {
          if (l.length > contents.get(last).length) {
            contents.set(last, l.clone());
          }
        } else {
          contents.add(l.clone());
          last++;
        }
        branchIndex[r] = last;
      }
      int[][] out = new int[lists.size()][];
      for (int r = 0; r < lists.size(); r++) {
        out[r] = contents.get(branchIndex[r]);
      }
      return out;
    }

    private static boolean prefixes(int[] a, int[] b) {
      for (int i = 0; i < Math.min(a.length, b.length); i++) {
        if (a[i] != b[i]) {
          return false;
        }
      }
      return true;
    }

    /** Do two reads share an array? */
    boolean sharedStores() {
      return branchOf.stream().distinct().count() < branchOf.size();
    }

    @Override
    public String toString() {
      StringBuilder s = new StringBuilder("outcomes ").append(Arrays.toString(outcome));
      for (int[] o : ops) {
        s.append(' ').append(Arrays.toString(o));
      }
      for (int[] l : lists) {
        s.append(" list ").append(Arrays.toString(l));
      }
      return s.toString();
    }
  }
}
