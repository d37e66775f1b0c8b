package io.isoverify.history.check;

import java.util.Arrays;

/**
 * The operations of ONE key: the block the per-key rules ({@link KeyRules}: the non-cycle
 * anomalies of mtc Table I, cobra section 3's effective writes and reads-from) read, as
 * primitive arrays reused from key to key (no object per operation). For operation i in
 * 0..size()-1, in operation-id order once {@link #sortByOp()} has run (so each transaction's
 * operations on the key are contiguous, in program order, and transactions ascend):
 * <pre>
 *   txn(i)     dense transaction id (History's: session, then position)
 *   op(i)      dense operation id (History's: transactions' operations back to back)
 *   kind(i)    OpKind ordinal: READ, or a kind that installs a version (predicate reads have
 *              no key and are never here)
 *   value(i)   the value's LOCAL index 0..values()-1 in this key, or History.INITIAL for a
 *              read of the key's initial state
 * </pre>
 * Callers number the values as they like (in-process: History's codes through a hash
 * table; Spark: the same first-appearance order, through a table and {@link #relabel}) and
 * map the results back; the rules only compare the indexes. Cost: O(1) amortised per operation added, O(m log m) to sort m.
 */
public final class KeyOps {
  private int size;
  private int values;
  private int[] txn = new int[64];
  private int[] op = new int[64];
  private byte[] kind = new byte[64];
  private int[] value = new int[64];
  /** Scratch of {@link #sortByOp()}: the permuted columns, swapped in. */
  private long[] order = new long[0];
  private int[] spareTxn = new int[0];
  private byte[] spareKind = new byte[0];
  private int[] spareValue = new int[0];

  /** Empties the block for the next key. */
  public void clear() {
    size = 0;
    values = 0;
  }

  /** Appends one operation; {@code value} is a local index or History.INITIAL. */
  public void add(int txn, int op, int kind, int value) {
    if (size == this.txn.length) {
      int n = size * 2;
      this.txn = Arrays.copyOf(this.txn, n);
      this.op = Arrays.copyOf(this.op, n);
      this.kind = Arrays.copyOf(this.kind, n);
      this.value = Arrays.copyOf(this.value, n);
    }
    this.txn[size] = txn;
    this.op[size] = op;
    this.kind[size] = (byte) kind;
    this.value[size] = value;
    size++;
    if (value >= values) {
      values = value + 1;
    }
  }

  /**
   * Renumbers the local values: value v becomes {@code map[v]} (History.INITIAL stays), and
   * {@link #values()} becomes {@code count}; for callers that add operations with a
   * placeholder index per operation and number the values once the key's block is whole.
   */
  public void relabel(int[] map, int count) {
    for (int i = 0; i < size; i++) {
      if (value[i] >= 0) {
        value[i] = map[value[i]];
      }
    }
    values = count;
  }

  /** Puts the operations in operation-id order (for callers that add them in another). */
  public void sortByOp() {
    if (order.length < size) {
      order = new long[op.length];
    }
    boolean sorted = true;
    for (int i = 0; i < size; i++) {
      order[i] = ((long) op[i] << 32) | i;
      sorted &= i == 0 || op[i - 1] < op[i];
    }
    if (sorted) {
      return;
    }
    Arrays.sort(order, 0, size);
    if (spareTxn.length != op.length) {
      // every column keeps op's capacity, so add() grows them together
      spareTxn = new int[op.length];
      spareKind = new byte[op.length];
      spareValue = new int[op.length];
    }
    for (int j = 0; j < size; j++) {
      int i = (int) order[j];
      spareTxn[j] = txn[i];
      spareKind[j] = kind[i];
      spareValue[j] = value[i];
      op[j] = (int) (order[j] >>> 32);
    }
    int[] t = txn;
    txn = spareTxn;
    spareTxn = t;
    byte[] k = kind;
    kind = spareKind;
    spareKind = k;
    int[] v = value;
    value = spareValue;
    spareValue = v;
  }

  public int size() {
    return size;
  }

  /** How many local values the block's operations carry (indexes 0..values()-1). */
  public int values() {
    return values;
  }

  public int txn(int i) {
    return txn[i];
  }

  public int op(int i) {
    return op[i];
  }

  public int kind(int i) {
    return kind[i];
  }

  public int value(int i) {
    return value[i];
  }

  /** The code of local value {@code v} under {@code code}; History.INITIAL and NO_VALUE kept. */
  public static int code(int v, int[] code) {
    return v < 0 ? v : code[v];
  }
}
