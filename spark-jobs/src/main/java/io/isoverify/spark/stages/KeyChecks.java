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
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;

/**
 * The reduce side of the per-key job: the rows of one key at a time (sorted by value), as a
 * {@link KeyOps} block whose local values are the runs of equal values, through history's
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
 * <p>Rows are {@code key, value, txn, op_pos, kind (OpKind ordinal), file, row}, and
 * {@code read_list} when the history has read lists. Cost per key: O(m log m) for its m
 * operations (the sort into operation-id order), plus O(e) for e list elements.
 */
final class KeyChecks {
  private static final int LIST = 7;

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
  private Object key;
  private Object[] values = new Object[16];
  private int nv;
  private long firstPos;
  private int firstOp;
  private int[] code = new int[16];
  private final KeyLists lists;
  private final ListRules listRules;
  private final ListTally listTally;
  private final Map<Object, Integer> local;
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

  /** The block of one partition's operations, sorted by (key, value). */
  static KeyBlock block(Iterator<Row> sorted, Context ctx) {
    KeyChecks c = new KeyChecks(ctx, null, -1);
    c.scan(sorted);
    int keys = c.keyFirstOp.size();
    return new KeyBlock(Arrays.copyOf(c.keyFirstPos, keys), c.keyFirstOp.toArray(), c.graph,
        c.tally, c.listTally);
  }

  /**
   * The second pass over partition {@code partition}'s operations, in the first pass's order:
   * the list rules on the keys it left undecided, with the transactions that count.
   */
  static ListTally relist(Iterator<Row> sorted, int partition, Context ctx, Relist again) {
    KeyChecks c = new KeyChecks(ctx, again, partition);
    c.scan(sorted);
    return c.listTally;
  }

  private void scan(Iterator<Row> sorted) {
    while (sorted.hasNext() && (wanted == null || next < wanted.length)) {
      Row r = sorted.next();
      Object k = r.get(0);
      if (open && !k.equals(key)) {
        process();
      }
      add(k, r);
    }
    if (open) {
      process();
    }
  }

  private void add(Object k, Row r) {
    if (!open) {
      open = true;
      key = k;
      nv = 0;
      pending = 0;
      firstPos = Long.MAX_VALUE;
      firstOp = Integer.MAX_VALUE;
      keep = wanted == null || next < wanted.length && wanted[next] == keys;
    }
    if (!keep) {
      return;
    }
    int localValue = History.INITIAL;
    if (!r.isNullAt(1)) {
      Object v = r.get(1);
      if (nv == 0 || !v.equals(values[nv - 1])) {
        if (nv == values.length) {
          values = Arrays.copyOf(values, nv * 2);
        }
        values[nv++] = v;
      }
      localValue = nv - 1;
    }
    int t = ctx.index().t(r.getLong(2));
    int op = ctx.opStart()[t] + r.getInt(3);
    ops.add(t, op, r.getByte(4), localValue);
    firstOp = Math.min(firstOp, op);
    firstPos = Math.min(firstPos, FileIndex.position(r.getInt(5), r.getLong(6)));
    if (lists != null && !r.isNullAt(LIST)) {
      if (pending == pendingTxn.length) {
        pendingTxn = Arrays.copyOf(pendingTxn, pending * 2);
        pendingOp = Arrays.copyOf(pendingOp, pending * 2);
        pendingList = Arrays.copyOf(pendingList, pending * 2);
      }
      pendingTxn[pending] = t;
      pendingOp[pending] = op;
      pendingList[pending++] = r.getList(LIST);
    }
  }

  /** The rules on the key's block, folded into the partition's results. */
  private void process() {
    open = false;
    int keyLocal = keys++;
    if (!keep) {
      return;
    }
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
      throw new IllegalStateException("key " + key + " was undecided but has no read list");
    }
    if (again != null) {
      next++;
    }
    ops.clear();
  }

  /**
   * The key's read lists as a {@link KeyLists} block: each element numbered as the value runs
   * are (the same value, the same local index), one the key's operations never carry after
   * them. Numbers and strings as the rows hold them; integers compared as longs.
   */
  private void numberElements() {
    local.clear();
    for (int v = 0; v < nv; v++) {
      local.put(name(values[v]), v);
    }
    int fresh = nv;
    lists.clear();
    for (int p = 0; p < pending; p++) {
      lists.add(pendingTxn[p], pendingOp[p]);
      for (Object e : (List<?>) pendingList[p]) {
        Object name = name(e);
        Integer v = local.get(name);
        if (v == null) {
          v = fresh++;
          local.put(name, v);
        }
        lists.element(v);
      }
      pendingList[p] = null;
    }
    lists.sortByOp();
  }

  private static Object name(Object v) {
    return v instanceof Number n ? (Object) n.longValue() : v;
  }
}
