package io.isoverify.spark.stages;

import io.isoverify.graph.IntBuffer;
import io.isoverify.graph.KeyedOperations;
import io.isoverify.history.History;
import io.isoverify.history.check.KeyOps;
import io.isoverify.history.check.KeyRules;
import io.isoverify.history.check.NonCycleTally;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.spark.sql.Row;

/**
 * The reduce side of the per-key job: the rows of one key at a time (sorted by value), as a
 * {@link KeyOps} block whose local values are the runs of equal values, through history's
 * per-key rules ({@link KeyRules}, the same code as in-process: mtc Table I's non-cycle
 * anomalies, cobra section 3's effective writes and reads-from), folded into the partition's
 * {@link KeyBlock}: the graph's effective writes and resolved external reads
 * ({@link KeyedOperations}) and the non-cycle tally ({@link NonCycleTally}: counts, first
 * findings with their summaries, unknown-outcome reads, the lowest duplicate write).
 *
 * <p>The Spark value code of a (key, value) is the id of its first writing operation, or of
 * its first operation when nobody wrote it ({@link KeyStage}). Summaries are rendered here,
 * where the values are: transactions as "T" + file id, the key and values as the rows hold
 * them (History.showKey and showValue write them alike).
 *
 * <p>Rows are {@code key, value, txn, op_pos, kind (OpKind ordinal), file, row}. Cost per
 * key: O(m log m) for its m operations (the sort into operation-id order).
 */
final class KeyChecks {
  /** What every task needs about the transactions: broadcast once. */
  record Context(TxnIndex index, int[] opStart, byte[] outcome, long[] txnId,
      int examples) implements Serializable {}

  private final Context ctx;
  private final KeyOps ops = new KeyOps();
  private final KeyRules rules = new KeyRules();
  private final KeyedOperations graph = new KeyedOperations();
  private final NonCycleTally tally;
  private final IntBuffer keyFirstOp = new IntBuffer();
  private long[] keyFirstPos = new long[64];
  private Object key;
  private Object[] values = new Object[16];
  private int nv;
  private long firstPos;
  private int firstOp;
  private int[] code = new int[16];

  private KeyChecks(Context ctx) {
    this.ctx = ctx;
    this.tally = new NonCycleTally(ctx.examples());
  }

  /** The block of one partition's operations, sorted by (key, value). */
  static KeyBlock block(Iterator<Row> sorted, Context ctx) {
    KeyChecks c = new KeyChecks(ctx);
    while (sorted.hasNext()) {
      Row r = sorted.next();
      Object k = r.get(0);
      if (c.ops.size() > 0 && !k.equals(c.key)) {
        c.process();
      }
      c.add(k, r);
    }
    if (c.ops.size() > 0) {
      c.process();
    }
    int keys = c.keyFirstOp.size();
    return new KeyBlock(Arrays.copyOf(c.keyFirstPos, keys), c.keyFirstOp.toArray(), c.graph,
        c.tally);
  }

  private void add(Object k, Row r) {
    if (ops.size() == 0) {
      key = k;
      nv = 0;
      firstPos = Long.MAX_VALUE;
      firstOp = Integer.MAX_VALUE;
    }
    int local = History.INITIAL;
    if (!r.isNullAt(1)) {
      Object v = r.get(1);
      if (nv == 0 || !v.equals(values[nv - 1])) {
        if (nv == values.length) {
          values = Arrays.copyOf(values, nv * 2);
        }
        values[nv++] = v;
      }
      local = nv - 1;
    }
    int t = ctx.index().t(r.getLong(2));
    int op = ctx.opStart()[t] + r.getInt(3);
    ops.add(t, op, r.getByte(4), local);
    firstOp = Math.min(firstOp, op);
    firstPos = Math.min(firstPos, FileIndex.position(r.getInt(5), r.getLong(6)));
  }

  /** The rules on the key's block, folded into the partition's results. */
  private void process() {
    int keyLocal = keyFirstOp.size();
    if (keyLocal == keyFirstPos.length) {
      keyFirstPos = Arrays.copyOf(keyFirstPos, keyLocal * 2);
    }
    keyFirstPos[keyLocal] = firstPos;
    keyFirstOp.add(firstOp);
    ops.sortByOp();
    rules.run(ops, keyLocal, ctx.outcome());
    if (code.length < nv) {
      code = new int[Math.max(nv, code.length * 2)];
    }
    for (int v = 0; v < nv; v++) {
      int named = rules.firstWrite(v) >= 0 ? rules.firstWrite(v) : rules.firstSeen(v);
      code[v] = ops.op(named);
    }
    graph.add(rules, code);
    tally.add(rules, keyLocal, code);
    ops.clear();
  }
}
