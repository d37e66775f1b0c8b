package io.isoverify.history.check;

import io.isoverify.history.History;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;

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
 * columns), freed on return. {@link #forEachInParts} runs the rules on parallel threads
 * over ranges of keys, for results that do not depend on the ranges.
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

  /** Receives each key's results in a part of the keys, with that part's own state. */
  public interface RulesVisitor<T> {
    /** As {@link Visitor#key}, for the part whose state is {@code part}. */
    void key(T part, int key, KeyRules rules, int[] valueCode);
  }

  /**
   * As {@link #forEach}, on parallel threads over consecutive ranges of the keys
   * ({@link #forEachBlockInParts}), each range with its own state from {@code newPart}: the
   * states, in key order (each range's keys are visited in increasing order, every key
   * once). For results that do not depend on how the keys are cut.
   */
  public static <T> List<T> forEachInParts(History h, Supplier<T> newPart,
      RulesVisitor<T> visitor) {
    return forEachInParts(h, defaultParts(h), newPart, visitor);
  }

  /** The same in {@code parts} ranges of keys (tests: results must not depend on it). */
  public static <T> List<T> forEachInParts(History h, int parts, Supplier<T> newPart,
      RulesVisitor<T> visitor) {
    return forEachInParts(h, group(h, parts), newPart, visitor);
  }

  /** The same over the operations of {@code grouping} (of history h). */
  public static <T> List<T> forEachInParts(History h, Grouping grouping, Supplier<T> newPart,
      RulesVisitor<T> visitor) {
    byte[] outcome = outcomes(h);
    List<RulesPart<T>> states = forEachBlockInParts(grouping, null,
        () -> new RulesPart<>(newPart.get(), new KeyRules()), (part, k, block, local) -> {
          part.rules().run(block, k, outcome);
          visitor.key(part.state(), k, part.rules(), local.code);
        });
    List<T> out = new ArrayList<>(states.size());
    for (RulesPart<T> p : states) {
      out.add(p.state());
    }
    return out;
  }

  /**
   * A history's operations grouped by key once, for several passes over its keys in parts
   * (in process: the per-key rules, then the read lists' rules over the list keys); 13 bytes
   * per operation while it is held.
   */
  public static final class Grouping {
    final Blocks blocks;
    final int parts;

    private Grouping(Blocks blocks, int parts) {
      this.blocks = blocks;
      this.parts = parts;
    }
  }

  /** The operations of h grouped by key, to be visited in {@link #defaultParts} parts. */
  public static Grouping group(History h) {
    return group(h, defaultParts(h));
  }

  /** The same, to be visited in {@code parts} parts. */
  static Grouping group(History h, int parts) {
    return new Grouping(new Blocks(h, null, parts), parts);
  }

  /** A part's state and its rules' scratch. */
  private record RulesPart<T>(T state, KeyRules rules) {}

  /** Receives each key's block and its value numbering, valid only during the call. */
  interface BlockVisitor {
    void key(int key, KeyOps block, LocalValues local);
  }

  /**
   * Hands {@code visitor} the block of every key {@code k} with {@code only[k]} (every key
   * when null), in key order.
   */
  static void forEachBlock(History h, boolean[] only, BlockVisitor visitor) {
    Blocks blocks = new Blocks(h, only);
    blocks.visit(0, blocks.keys, visitor);
  }

  /** Receives each key's block in a part of the keys, with that part's own state. */
  interface PartVisitor<T> {
    void key(T part, int key, KeyOps block, LocalValues local);
  }

  /**
   * How many parts {@link #forEachBlockInParts} cuts a history's keys into: one per available
   * processor, at most {@link #MAX_PARTS}, one per {@link #OPS_PER_PART} operations at least.
   */
  public static int defaultParts(History h) {
    return Math.max(1, Math.min(Math.min(MAX_PARTS, Runtime.getRuntime().availableProcessors()),
        h.opCount() / OPS_PER_PART + 1));
  }

  /**
   * As {@link #forEachBlock}, the keys cut into {@code parts} consecutive ranges with about
   * as many operations each (some empty when there are few keys), visited on parallel
   * threads, each range with its own state from {@code newPart}: the states, in key order.
   * For rules whose results are reduced independently of how keys are partitioned (as the
   * Spark engine's partitions are: {@link NonCycleReduce}, {@link ListReduce}). Time
   * O(operations + keys) over the processors, plus one sequential pass grouping the
   * operations.
   */
  static <T> List<T> forEachBlockInParts(History h, boolean[] only, int parts,
      Supplier<T> newPart, PartVisitor<T> visitor) {
    return forEachBlockInParts(new Blocks(h, only, parts), null, parts, newPart, visitor);
  }

  /**
   * The same over operations grouped already, only the keys {@code only} marks (every key
   * when null): the blocks are those a grouping of these keys alone gives (the counting sort
   * is stable), the parts cut by the grouping's operations.
   */
  static <T> List<T> forEachBlockInParts(Grouping grouping, boolean[] only,
      Supplier<T> newPart, PartVisitor<T> visitor) {
    return forEachBlockInParts(grouping.blocks, only, grouping.parts, newPart, visitor);
  }

  private static <T> List<T> forEachBlockInParts(Blocks blocks, boolean[] only, int parts,
      Supplier<T> newPart, PartVisitor<T> visitor) {
    int[] bounds = blocks.split(parts);
    List<T> states = new ArrayList<>();
    for (int p = 0; p + 1 < bounds.length; p++) {
      states.add(newPart.get());
    }
    IntStream.range(0, states.size()).parallel().forEach(p -> {
      T part = states.get(p);
      blocks.visit(bounds[p], bounds[p + 1], only,
          (k, block, local) -> visitor.key(part, k, block, local));
    });
    return states;
  }

  /** The most parts {@link #forEachBlockInParts} cuts the keys into. */
  static final int MAX_PARTS = 8;
  /** Below this many operations per part, one thread does the whole. */
  static final int OPS_PER_PART = 1 << 16;

  /**
   * The keyed operations of the keys {@code only} marks (every key when null), grouped by
   * key in one stable counting sort: key k's are at {@code start[k] .. start[k+1]-1} of the
   * columns the rules read. Read-only once made, so threads may visit ranges of keys at once.
   */
  private static final class Blocks {
    final int keys;
    final boolean[] only;
    final int[] start;
    final int[] op;
    final int[] txn;
    final int[] value;
    final byte[] kind;

    Blocks(History h, boolean[] only) {
      this(h, only, 1);
    }

    /**
     * The counting sort in {@code parts} ranges of transactions (about as many operations
     * each) on parallel threads: each range counts its keys' operations, then scatters them
     * after those of the ranges before it, so the order is the one-range order. O(operations
     * / parts + keys * parts); fewer ranges when keys outnumber operations per range.
     */
    Blocks(History h, boolean[] only, int parts) {
      this.keys = h.keys().size();
      this.only = only;
      int ranges = Math.max(1, Math.min(parts, h.opCount() / Math.max(1, keys)));
      int[] bound = new int[ranges + 1];
      for (int p = 1; p < ranges; p++) {
        long target = (long) h.opCount() * p / ranges;
        int t = bound[p - 1];
        while (t < h.txnCount() && h.firstOp(t) < target) {
          t++;
        }
        bound[p] = t;
      }
      bound[ranges] = h.txnCount();
      int[][] count = new int[ranges][];
      IntStream.range(0, ranges).parallel().forEach(p -> {
        int[] c = new int[keys];
        for (int o = h.firstOp(bound[p]), end = h.firstOp(bound[p + 1]); o < end; o++) {
          int k = h.opKey(o);
          if (k >= 0 && (only == null || only[k])) {
            c[k]++;
          }
        }
        count[p] = c;
      });
      // start[k]: where key k's block begins; count[p][k] becomes where range p's part of it does
      start = new int[keys + 1];
      int at = 0;
      for (int k = 0; k < keys; k++) {
        start[k] = at;
        for (int p = 0; p < ranges; p++) {
          int c = count[p][k];
          count[p][k] = at;
          at += c;
        }
      }
      start[keys] = at;
      op = new int[at];
      txn = new int[at];
      value = new int[at];
      kind = new byte[at];
      IntStream.range(0, ranges).parallel().forEach(p -> {
        int[] fill = count[p];
        for (int t = bound[p]; t < bound[p + 1]; t++) {
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
      });
    }

    /** Keys from..to-1 in order, with scratch of this call's own. */
    void visit(int from, int to, BlockVisitor visitor) {
      visit(from, to, null, visitor);
    }

    /** The same, only the keys {@code also} marks too (every key when null). */
    void visit(int from, int to, boolean[] also, BlockVisitor visitor) {
      KeyOps block = new KeyOps();
      LocalValues local = new LocalValues();
      for (int k = from; k < to; k++) {
        if ((only != null && !only[k]) || (also != null && !also[k])) {
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

    /** Key bounds of {@code parts} ranges (some empty) with about as many operations each. */
    int[] split(int parts) {
      int total = start[keys];
      parts = Math.max(1, parts);
      int[] bounds = new int[parts + 1];
      int k = 0;
      for (int p = 1; p < parts; p++) {
        long target = (long) total * p / parts;
        while (k < keys && start[k] < target) {
          k++;
        }
        bounds[p] = k;
      }
      bounds[parts] = keys;
      return bounds;
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
