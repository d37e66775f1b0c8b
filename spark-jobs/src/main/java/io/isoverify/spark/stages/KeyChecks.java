package io.isoverify.spark.stages;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.spark.sql.Row;

/**
 * The reduce side of the per-key job: the operations of one key at a time, sorted by
 * value, held in primitive arrays, give
 * <ul>
 *   <li>the first writing operation of each (key, value), any outcome (WriteIndex), and so
 *       the duplicate written values and the Spark value code: the id of the value's first
 *       writing operation, or of its first read when nobody wrote it;</li>
 *   <li>each non-aborted transaction's effective write of the key and its external reads,
 *       resolved to the lowest transaction with that effective write (Operations);</li>
 *   <li>the non-cycle findings of each (transaction, key) ({@link TxnAnomalies}) and the
 *       reads of values first written by unknown-outcome transactions.</li>
 * </ul>
 * Rows are {@code key, value, txn, op_pos, kind (OpKind ordinal), file, row}. Cost per key:
 * O(m log m) for its m operations.
 */
final class KeyChecks {
  /** What every task needs about the transactions: broadcast once. */
  record Context(TxnIndex index, int[] opStart, byte[] outcome, long[] txnId,
      int examples) implements Serializable {}

  final Context ctx;
  private final KeyBlock.Builder out;
  Object key;
  int keyLocal;
  private long firstPos;
  private int firstOp;
  int m;
  int[] t = new int[64];
  private int[] opPos = new int[64];
  int[] opId = new int[64];
  byte[] kind = new byte[64];
  int[] val = new int[64];
  Object[] values = new Object[16];
  private int nv;
  /** Per value: first writing op and its transaction (-1 when none), Spark value code. */
  int[] firstInstall = new int[16];
  int[] firstInstallTxn = new int[16];
  private int[] code = new int[16];
  private long[] order = new long[64];
  /** Operation indexes in operation-id order, and the runs of one transaction. */
  int[] idx = new int[64];
  int groups;
  int[] gT = new int[16];
  int[] gFrom = new int[16];
  int[] gLast = new int[16];
  private int[] lowestEffective = new int[16];
  private long[] writes = new long[16];

  private KeyChecks(Context ctx) {
    this.ctx = ctx;
    this.out = new KeyBlock.Builder(ctx.outcome(), ctx.examples());
  }

  /** The block of one partition's operations, sorted by (key, value). */
  static KeyBlock block(Iterator<Row> sorted, Context ctx) {
    KeyChecks c = new KeyChecks(ctx);
    while (sorted.hasNext()) {
      Row r = sorted.next();
      Object k = r.get(0);
      if (c.m > 0 && !k.equals(c.key)) {
        c.process();
      }
      c.add(k, r);
    }
    if (c.m > 0) {
      c.process();
    }
    return c.out.build();
  }

  private void add(Object k, Row r) {
    if (m == 0) {
      key = k;
      nv = 0;
      firstPos = Long.MAX_VALUE;
      firstOp = Integer.MAX_VALUE;
    }
    if (m == t.length) {
      int n = m * 2;
      t = Arrays.copyOf(t, n);
      opPos = Arrays.copyOf(opPos, n);
      opId = Arrays.copyOf(opId, n);
      kind = Arrays.copyOf(kind, n);
      val = Arrays.copyOf(val, n);
    }
    Object v = r.isNullAt(1) ? null : r.get(1);
    if (v == null) {
      val[m] = -1;
    } else {
      if (nv == 0 || !v.equals(values[nv - 1])) {
        if (nv == values.length) {
          values = Arrays.copyOf(values, nv * 2);
        }
        values[nv++] = v;
      }
      val[m] = nv - 1;
    }
    t[m] = ctx.index().t(r.getLong(2));
    opPos[m] = r.getInt(3);
    opId[m] = ctx.opStart()[t[m]] + opPos[m];
    kind[m] = r.getByte(4);
    firstOp = Math.min(firstOp, opId[m]);
    firstPos = Math.min(firstPos, FileIndex.position(r.getInt(5), r.getLong(6)));
    m++;
  }

  static boolean installs(byte kind) {
    return OpKind.ofOrdinal(kind).installsVersion();
  }

  boolean aborted(int txn) {
    return ctx.outcome()[txn] == Outcome.ABORTED.ordinal();
  }

  /** The Spark code of value index {@code v} (History.INITIAL for -1). */
  int code(int v) {
    return v < 0 ? History.INITIAL : code[v];
  }

  private void process() {
    keyLocal = out.key(firstPos, firstOp);
    values();
    orderByOpId();
    runs();
    TxnAnomalies anomalies = new TxnAnomalies(this, out);
    int w = 0;
    for (int g = 0; g < groups; g++) {
      int txn = gT[g];
      if (aborted(txn)) {
        continue;
      }
      if (gLast[g] >= 0) {
        if (w == writes.length) {
          writes = Arrays.copyOf(writes, w * 2);
        }
        writes[w++] = ((long) code[val[gLast[g]]] << 32) | txn;
      }
      boolean written = false;
      for (int j = gFrom[g]; j < gFrom[g + 1]; j++) {
        int i = idx[j];
        if (installs(kind[i])) {
          written = true;
        } else if (kind[i] == OpKind.READ.ordinal()) {
          if (!written) {
            out.read(txn, opPos[i], keyLocal, code(val[i]), writer(txn, val[i]));
          }
          int v = val[i];
          if (v >= 0 && firstInstall[v] >= 0
              && ctx.outcome()[firstInstallTxn[v]] == Outcome.UNKNOWN.ordinal()) {
            out.pair(txn, firstInstallTxn[v]);
          }
        }
      }
      anomalies.check(g);
    }
    Arrays.sort(writes, 0, w);
    out.writes(writes, w);
    m = 0;
  }

  /** Operations' readWriter: the lowest transaction whose effective write has the value. */
  private int writer(int reader, int v) {
    if (v < 0) {
      return GraphInputStage.INIT_WRITER;
    }
    int w = lowestEffective[v];
    return w < 0 || w == reader ? GraphInputStage.NO_WRITER : w;
  }

  /** First writer, duplicates and code of each value: the operations are in value order. */
  private void values() {
    if (firstInstall.length < nv) {
      int n = Math.max(nv, firstInstall.length * 2);
      firstInstall = new int[n];
      firstInstallTxn = new int[n];
      code = new int[n];
      lowestEffective = new int[n];
    }
    Arrays.fill(firstInstall, 0, nv, -1);
    Arrays.fill(code, 0, nv, -1);
    Arrays.fill(lowestEffective, 0, nv, -1);
    for (int i = 0; i < m; i++) {
      int v = val[i];
      if (v >= 0 && installs(kind[i]) && (firstInstall[v] < 0 || opId[i] < firstInstall[v])) {
        firstInstall[v] = opId[i];
        firstInstallTxn[v] = t[i];
      }
    }
    int dup = -1;
    for (int i = 0; i < m; i++) {
      int v = val[i];
      if (v >= 0 && installs(kind[i]) && t[i] != firstInstallTxn[v] && (dup < 0 || opId[i] < opId[dup])) {
        dup = i;
      }
    }
    if (dup >= 0) {
      int v = val[dup];
      out.duplicate(opId[dup], keyLocal, firstInstall[v], firstInstallTxn[v], t[dup]);
    }
    for (int v = 0; v < nv; v++) {
      code[v] = firstInstall[v];
    }
    for (int i = 0; i < m; i++) {
      int v = val[i];
      if (v >= 0 && firstInstall[v] < 0 && (code[v] < 0 || opId[i] < code[v])) {
        code[v] = opId[i];
      }
    }
  }

  private void orderByOpId() {
    if (order.length < m) {
      order = new long[t.length];
      idx = new int[t.length];
    }
    for (int i = 0; i < m; i++) {
      order[i] = ((long) opId[i] << 32) | i;
    }
    Arrays.sort(order, 0, m);
    for (int j = 0; j < m; j++) {
      idx[j] = (int) order[j];
    }
  }

  /** The runs of one transaction in operation-id order, with each one's last write. */
  private void runs() {
    groups = 0;
    for (int j = 0; j < m; j++) {
      int i = idx[j];
      if (groups == 0 || gT[groups - 1] != t[i]) {
        if (groups + 1 >= gT.length) {
          int n = gT.length * 2;
          gT = Arrays.copyOf(gT, n);
          gFrom = Arrays.copyOf(gFrom, n);
          gLast = Arrays.copyOf(gLast, n);
        }
        gT[groups] = t[i];
        gFrom[groups] = j;
        gLast[groups] = -1;
        groups++;
      }
      if (installs(kind[i])) {
        gLast[groups - 1] = i;
      }
    }
    gFrom[groups] = m;
    for (int g = 0; g < groups; g++) {
      if (gLast[g] >= 0 && !aborted(gT[g])) {
        int v = val[gLast[g]];
        if (lowestEffective[v] < 0) {
          lowestEffective[v] = gT[g];
        }
      }
    }
  }

  /** The run of transaction {@code txn} in this key, or -1. */
  int runOf(int txn) {
    int g = Arrays.binarySearch(gT, 0, groups, txn);
    return g < 0 ? -1 : g;
  }
}
