package io.isoverify.spark.stages;

import io.isoverify.graph.IntBuffer;
import io.isoverify.graph.KeyedOperations;
import io.isoverify.history.History;
import io.isoverify.history.check.KeyLists;
import io.isoverify.history.check.KeyOps;
import io.isoverify.history.check.KeyRules;
import io.isoverify.history.check.ListRules;
import io.isoverify.history.check.ListTally;
import io.isoverify.history.check.NonCycleTally;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import scala.Tuple2;

/**
 * The reduce side of the per-key job: the rows of one key at a time, as a
 * {@link KeyOps} block whose local values are the key's distinct values, through history's
 * per-key rules ({@link KeyRules}, the same code as in-process: mtc Table I's non-cycle
 * anomalies, cobra section 3's effective writes and reads-from), folded into the partition's
 * {@link KeyBlock}: the graph's effective writes and resolved external reads
 * ({@link KeyedOperations}) and the non-cycle tally ({@link NonCycleTally}: counts, first
 * findings with their summaries, unknown-outcome reads, the lowest duplicate write). When
 * the history has read lists, a key that has some also goes through history's list rules
 * ({@link ListRules}, Elle's inference, as in-process) into the block's {@link ListTally}; a
 * second pass over the same shuffled rows ({@link #relist}) runs them again, with the counted
 * transactions, on the keys the first pass could not decide.
 *
 * <p>The Spark value code of a (key, value) is the id of its first writing operation, or of
 * its first operation when nobody wrote it ({@link KeyStage}); a list element no operation
 * of the key carries has none (History.NO_VALUE: certificates read values off the excerpt).
 * List elements are numbered after the key's rows, through a table of the key's values.
 *
 * <p>A partition's rows are the {@link KeyedRows} chunks the map side made, merged and
 * put in key order, each key's rows by operation id ({@link KeyedRows#inKeyOrder}: O(n log n)
 * primitive sorts for the partition's n rows, then one gather per column, so that the rules
 * read the rows in turn). Cost per key: O(m) expected for its m operations (values numbered
 * through a hash table; the sort into operation-id order only checks them), plus O(e) for e
 * list elements.
 */
final class KeyChecks {
  /** What every task needs about the transactions: broadcast once. */
  record Context(TxnIndex index, int[] opStart, byte[] outcome, long[] txnId,
      int examples, boolean lists) implements Serializable {}

  /**
   * A second pass's input: the transactions that count, and per partition the (sorted)
   * local keys the first pass left undecided.
   */
  record Relist(BitSet counted, int[][] undecided) implements Serializable {}

  private final Context ctx;
  private final Relist again;
  private final int[] wanted;
  private final KeyOps ops = new KeyOps();
  private final KeyRules rules = new KeyRules();
  private final KeyedOperations graph = new KeyedOperations();
  private final NonCycleTally tally;
  private final IntBuffer keyFirstOp = new IntBuffer();
  private long[] keyFirstPos = new long[64];
  private boolean open;
  private int keys;
  private int next;
  private boolean keep;
  /** The rows being checked, and a row of the current key (for messages). */
  private KeyedRows rows;
  private int keyRow;
  /**
   * The key's values, one per operation that carries one, in arrival order: numbers, or
   * text in {@code raw}.
   */
  private long[] numbers = new long[16];
  private Object[] raw = new Object[16];
  private int valued;
  /** The key's distinct values by local index ({@link #numberValues}), for list elements. */
  private Object[] values = new Object[16];
  private int nv;
  private int[] localOf = new int[16];
  /** Entries above which a map is replaced rather than cleared ({@link #emptied}). */
  private static final int SMALL_MAP = 64;
  private Map<Object, Integer> seen = new HashMap<>();
  private final FirstSeenNumbers firstSeen = new FirstSeenNumbers();
  private long firstPos;
  private int firstOp;
  private int[] code = new int[16];
  private final KeyLists lists;
  private final ListRules listRules;
  private final ListTally listTally;
  private Map<Object, Integer> local;
  private int pending;
  private int[] pendingTxn = new int[16];
  private int[] pendingOp = new int[16];
  private Object[] pendingList = new Object[16];

  private KeyChecks(Context ctx, Relist again, int partition) {
    this.ctx = ctx;
    this.again = again;
    this.wanted = again == null ? null : again.undecided()[partition];
    this.tally = again == null ? new NonCycleTally(ctx.examples()) : null;
    boolean withLists = ctx.lists();
    lists = withLists ? new KeyLists() : null;
    listRules = withLists ? new ListRules() : null;
    listTally = withLists ? new ListTally(ctx.examples()) : null;
    local = withLists ? new HashMap<>() : null;
  }

  /** The block of one reduce partition's chunks ({@link KeyChunks}). */
  static KeyBlock block(Iterator<Tuple2<Integer, SplitChunks.Chunk>> chunks, Context ctx) {
    KeyChecks c = new KeyChecks(ctx, null, -1);
    c.scan(merged(chunks, ctx));
    int keys = c.keyFirstOp.size();
    return new KeyBlock(Arrays.copyOf(c.keyFirstPos, keys), c.keyFirstOp.toArray(), c.graph,
        c.tally, c.listTally);
  }

  /**
   * The second pass over partition {@code partition}'s chunks, in the first pass's order (the
   * same key order whatever order the chunks arrive in: {@link KeyedRows#sorted}): the list
   * rules on the keys it left undecided, with the transactions that count.
   */
  static ListTally relist(Iterator<Tuple2<Integer, SplitChunks.Chunk>> chunks, int partition,
      Context ctx, Relist again) {
    KeyChecks c = new KeyChecks(ctx, again, partition);
    c.scan(merged(chunks, ctx));
    return c.listTally;
  }

  /** A partition's chunks as one block, with the dense ids. */
  private static KeyedRows merged(Iterator<Tuple2<Integer, SplitChunks.Chunk>> chunks,
      Context ctx) {
    List<KeyedRows> all = new ArrayList<>();
    boolean textKeys = false;
    boolean textValues = false;
    while (chunks.hasNext()) {
      KeyedRows c = (KeyedRows) chunks.next()._2();
      textKeys = c.textKeys();
      textValues = c.textValues();
      all.add(c);
    }
    KeyedRows m = KeyedRows.merge(all, textKeys, textValues, ctx.lists());
    m.resolve(ctx.index(), ctx.opStart());
    return m;
  }

  private void scan(KeyedRows rows) {
    this.rows = rows;
    int[] rank = rows.inKeyOrder();
    int current = -1;
    for (int i = 0; i < rank.length && (wanted == null || next < wanted.length); i++) {
      if (open && rank[i] != current) {
        process();
      }
      current = rank[i];
      keyRow = i;
      add(rows, i);
    }
    if (open) {
      process();
    }
  }

  private void add(KeyedRows rows, int i) {
    if (!open) {
      open = true;
      valued = 0;
      pending = 0;
      firstPos = Long.MAX_VALUE;
      firstOp = Integer.MAX_VALUE;
      keep = wanted == null || next < wanted.length && wanted[next] == keys;
    }
    if (!keep) {
      return;
    }
    int localValue = History.INITIAL;
    boolean text = rows.textValues();
    if (text ? rows.textValue[i] != null : rows.valued[i]) {
      if (text) {
        if (valued == raw.length) {
          raw = Arrays.copyOf(raw, valued * 2);
        }
        raw[valued] = rows.textValue[i];
      } else {
        if (valued == numbers.length) {
          numbers = Arrays.copyOf(numbers, valued * 2);
        }
        numbers[valued] = rows.value[i];
      }
      localValue = valued++;
    }
    int t = rows.txn[i];
    int op = rows.op[i];
    ops.add(t, op, rows.kind[i], localValue);
    firstOp = Math.min(firstOp, op);
    firstPos = Math.min(firstPos, rows.pos[i]);
    List<Object> list = lists == null ? null : rows.list[i];
    if (list != null) {
      if (pending == pendingTxn.length) {
        pendingTxn = Arrays.copyOf(pendingTxn, pending * 2);
        pendingOp = Arrays.copyOf(pendingOp, pending * 2);
        pendingList = Arrays.copyOf(pendingList, pending * 2);
      }
      pendingTxn[pending] = t;
      pendingOp[pending] = op;
      pendingList[pending++] = list;
    }
  }

  /** The rules on the key's block, folded into the partition's results. */
  private void process() {
    open = false;
    int keyLocal = keys++;
    if (!keep) {
      return;
    }
    numberValues();
    ops.sortByOp();
    if (pending > 0) {
      numberElements();
    }
    int all = pending > 0 ? Math.max(nv, lists.values()) : nv;
    if (code.length < all) {
      code = new int[Math.max(all, code.length * 2)];
    }
    rules.run(ops, keyLocal, ctx.outcome());
    for (int v = 0; v < nv; v++) {
      int named = rules.firstWrite(v) >= 0 ? rules.firstWrite(v) : rules.firstSeen(v);
      code[v] = ops.op(named);
    }
    if (again == null) {
      if (keyLocal == keyFirstPos.length) {
        keyFirstPos = Arrays.copyOf(keyFirstPos, keyLocal * 2);
      }
      keyFirstPos[keyLocal] = firstPos;
      keyFirstOp.add(firstOp);
      graph.add(rules, code);
      tally.add(rules, keyLocal, code);
    }
    if (pending > 0) {
      Arrays.fill(code, nv, all, History.NO_VALUE);
      listRules.run(ops, lists, keyLocal, ctx.outcome(), again == null ? null : again.counted());
      listTally.add(listRules, keyLocal, code);
    } else if (again != null) {
      throw new IllegalStateException("key " + (rows.textKeys() ? rows.textKey[keyRow]
          : String.valueOf(rows.key[keyRow])) + " was undecided but has no read list");
    }
    if (again != null) {
      next++;
    }
    ops.clear();
  }

  /**
   * Gives the key's distinct values local indexes 0..nv-1 and relabels its operations, in
   * order of first arrival (operation-id order: the in-process numbering), through a hash
   * table: O(m) expected for m values ({@link FirstSeenNumbers} for numbers, a HashMap for
   * text). The rules only compare the indexes.
   */
  private void numberValues() {
    if (localOf.length < valued) {
      localOf = new int[Math.max(valued, localOf.length * 2)];
    }
    if (values.length < valued) {
      values = new Object[Math.max(valued, values.length * 2)];
    }
    nv = 0;
    if (rows.textValues()) {
      seen = emptied(seen);
      for (int i = 0; i < valued; i++) {
        Integer v = seen.putIfAbsent(raw[i], nv);
        if (v == null) {
          values[nv] = raw[i];
          v = nv++;
        }
        localOf[i] = v;
      }
      Arrays.fill(raw, 0, valued, null);
    } else {
      firstSeen.clear(valued);
      for (int i = 0; i < valued; i++) {
        int v = firstSeen.of(numbers[i]);
        if (v == nv) {
          values[nv++] = lists == null ? null : (Object) numbers[i];
        }
        localOf[i] = v;
      }
    }
    ops.relabel(localOf, nv);
  }

  /**
   * The key's read lists as a {@link KeyLists} block: each element numbered as the key's
   * values are (the same value, the same local index), one the key's operations never carry
   * after them. Integers compared as longs, text as Strings ({@link KeyedRows}).
   */
  private void numberElements() {
    local = emptied(local);
    for (int v = 0; v < nv; v++) {
      local.put(values[v], v);
    }
    int fresh = nv;
    lists.clear();
    for (int p = 0; p < pending; p++) {
      lists.add(pendingTxn[p], pendingOp[p]);
      for (Object e : (List<?>) pendingList[p]) {
        Integer v = local.get(e);
        if (v == null) {
          v = fresh++;
          local.put(e, v);
        }
        lists.element(v);
      }
      pendingList[p] = null;
    }
    lists.sortByOp();
  }

  /**
   * {@code map} emptied for the next key. {@code HashMap.clear} nulls the whole table, as
   * large as the largest key so far made it: once per key, that cost the text history of
   * 200k transactions a sixth of its per-key job (keys are Zipf-distributed, so one hot key
   * grows the table for all). A map that held many entries is dropped instead.
   */
  private static Map<Object, Integer> emptied(Map<Object, Integer> map) {
    if (map.size() > SMALL_MAP) {
      return new HashMap<>();
    }
    map.clear();
    return map;
  }
}
