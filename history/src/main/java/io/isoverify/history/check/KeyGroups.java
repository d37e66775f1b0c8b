package io.isoverify.history.check;

import io.isoverify.history.History;
import java.util.Arrays;

/**
 * A History's operations grouped by key, each key's block run through {@link KeyRules} (mtc
 * Table I's non-cycle rules, cobra section 3's effective writes and reads-from): how
 * the in-process engine feeds the per-key rules (the Spark engine feeds them from a shuffle
 * by key). One stable counting sort of the keyed operations by key (so each key's block is
 * in operation-id order), then every key 0..keys-1 in order, also the keys without
 * operations. A key's values are numbered locally by first appearance (a hash table sized
 * to the key); the visitor gets the local-to-History code map.
 *
 * <p>Cost: O(operations + keys) time; 13 bytes per keyed operation of scratch (the sorted
 * columns), freed on return.
 */
public final class KeyGroups {
  private KeyGroups() {}

  /** Receives each key's results, valid only during the call. */
  public interface Visitor {
    /** Key {@code key}: the rules' last run; local value v is History's value code valueCode[v]. */
    void key(int key, KeyRules rules, int[] valueCode);
  }

  /** Every transaction's Outcome ordinal, by dense id. */
  public static byte[] outcomes(History h) {
    byte[] outcome = new byte[h.txnCount()];
    for (int t = 0; t < outcome.length; t++) {
      outcome[t] = (byte) h.outcome(t).ordinal();
    }
    return outcome;
  }

  /** Runs the rules on every key of {@code h}, in key order, handing each to {@code visitor}. */
  public static void forEach(History h, Visitor visitor) {
    byte[] outcome = outcomes(h);
    KeyRules rules = new KeyRules();
    forEachBlock(h, null, (k, block, local) -> {
      rules.run(block, k, outcome);
      visitor.key(k, rules, local.code);
    });
  }

  /** Receives each key's block and its value numbering, valid only during the call. */
  interface BlockVisitor {
    void key(int key, KeyOps block, LocalValues local);
  }

  /**
   * Hands {@code visitor} the block of every key {@code k} with {@code only[k]} (every key
   * when null), in key order.
   */
  static void forEachBlock(History h, boolean[] only, BlockVisitor visitor) {
    int keys = h.keys().size();
    int[] start = new int[keys + 1];
    for (int o = 0; o < h.opCount(); o++) {
      int k = h.opKey(o);
      if (k >= 0 && (only == null || only[k])) {
        start[k + 1]++;
      }
    }
    for (int k = 0; k < keys; k++) {
      start[k + 1] += start[k];
    }
    // the columns the rules read, scattered in one sequential pass over the operations
    int n = start[keys];
    int[] op = new int[n];
    int[] txn = new int[n];
    int[] value = new int[n];
    byte[] kind = new byte[n];
    int[] fill = Arrays.copyOf(start, keys);
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        int k = h.opKey(o);
        if (k >= 0 && (only == null || only[k])) {
          int i = fill[k]++;
          op[i] = o;
          txn[i] = t;
          value[i] = h.opValue(o);
          kind[i] = (byte) h.opKindOrdinal(o);
        }
      }
    }
    KeyOps block = new KeyOps();
    LocalValues local = new LocalValues();
    for (int k = 0; k < keys; k++) {
      if (only != null && !only[k]) {
        continue;
      }
      block.clear();
      local.clear(start[k + 1] - start[k]);
      for (int i = start[k]; i < start[k + 1]; i++) {
        block.add(txn[i], op[i], kind[i], local.of(value[i]));
      }
      visitor.key(k, block, local);
    }
  }

  /**
   * One key's values numbered by first appearance: an open-addressing table sized to the
   * key's operations, so it stays in cache (History's value codes are spread over the whole
   * history). code[local] is the History value code; {@link #of} numbers values not seen
   * yet (list elements too), so callers read {@code code} after numbering.
   */
  static final class LocalValues {
    private int[] table = new int[64];
    private int mask;
    private int count;
    int[] code = new int[64];

    void clear(int operations) {
      int capacity = Math.max(64, Integer.highestOneBit(Math.max(1, operations)) << 2);
      if (table.length < capacity) {
        table = new int[capacity];
      }
      mask = capacity - 1;
      Arrays.fill(table, 0, capacity, -1);
      count = 0;
    }

    /** The local index of History value code v (History.INITIAL kept). */
    int of(int v) {
      if (v < 0) {
        return v;
      }
      for (int slot = (v * 0x9E3779B9) >>> 7 & mask; ; slot = (slot + 1) & mask) {
        int local = table[slot];
        if (local < 0) {
          if (count == code.length) {
            code = Arrays.copyOf(code, count * 2);
          }
          code[count] = v;
          table[slot] = count;
          if (2 * (count + 1) > mask) {
            grow(); // only list elements outnumber the key's operations (sized for them)
          }
          return count++;
        }
        if (code[local] == v) {
          return local;
        }
      }
    }

    /** Twice the table, the numbered values placed again. */
    private void grow() {
      int capacity = 2 * (mask + 1);
      table = new int[capacity];
      mask = capacity - 1;
      Arrays.fill(table, -1);
      for (int local = 0; local <= count; local++) {
        int slot = (code[local] * 0x9E3779B9) >>> 7 & mask;
        while (table[slot] >= 0) {
          slot = (slot + 1) & mask;
        }
        table[slot] = local;
      }
    }
  }
}
