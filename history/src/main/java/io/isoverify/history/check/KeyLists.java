package io.isoverify.history.check;

import java.util.Arrays;

/**
 * The list-append reads of ONE key (Elle's read lists): the block {@link ListRules} reads
 * beside the key's {@link KeyOps}, as primitive arrays reused from key to key. For read r in
 * 0..size()-1, in operation-id order once {@link #sortByOp()} has run:
 * <pre>
 *   txn(r), op(r)   its transaction and operation (dense ids, as in KeyOps)
 *   length(r)       how many elements its list holds
 *   element(r, i)   element i (oldest first) as a LOCAL value index of the key, numbered
 *                   as the KeyOps block numbers its values; an element no operation of the
 *                   key carries gets an index of its own, past the block's
 * </pre>
 * Cost: O(1) amortised per element added, O(r log r) to sort r reads (their elements stay
 * where they were added).
 */
public final class KeyLists {
  private int size;
  private int values;
  private int[] txn = new int[16];
  private int[] op = new int[16];
  private int[] from = new int[16];
  private int[] length = new int[16];
  private int elementCount;
  private int[] elements = new int[64];
  private long[] order = new long[0];
  private int[] spare = new int[0];

  /** Empties the block for the next key. */
  public void clear() {
    size = 0;
    values = 0;
    elementCount = 0;
  }

  /** Starts the next read; its elements follow through {@link #element}. */
  public void add(int txn, int op) {
    if (size == this.txn.length) {
      int n = size * 2;
      this.txn = Arrays.copyOf(this.txn, n);
      this.op = Arrays.copyOf(this.op, n);
      this.from = Arrays.copyOf(this.from, n);
      this.length = Arrays.copyOf(this.length, n);
    }
    this.txn[size] = txn;
    this.op[size] = op;
    this.from[size] = elementCount;
    this.length[size] = 0;
    size++;
  }

  /** Appends local value {@code value} to the list of the read added last. */
  public void element(int value) {
    if (elementCount == elements.length) {
      elements = Arrays.copyOf(elements, elementCount * 2);
    }
    elements[elementCount++] = value;
    length[size - 1]++;
    if (value >= values) {
      values = value + 1;
    }
  }

  /** Puts the reads in operation-id order (for callers that add them in another). */
  public void sortByOp() {
    if (order.length < size) {
      order = new long[txn.length];
      spare = new int[txn.length];
    }
    boolean sorted = true;
    for (int r = 0; r < size; r++) {
      order[r] = ((long) op[r] << 32) | r;
      sorted &= r == 0 || op[r - 1] < op[r];
    }
    if (sorted) {
      return;
    }
    Arrays.sort(order, 0, size);
    txn = permuted(txn);
    from = permuted(from);
    length = permuted(length);
    for (int r = 0; r < size; r++) {
      op[r] = (int) (order[r] >>> 32);
    }
  }

  /** The column in {@link #order}, written into the spare array; the old column becomes spare. */
  private int[] permuted(int[] column) {
    if (spare.length != column.length) {
      spare = new int[column.length];
    }
    for (int r = 0; r < size; r++) {
      spare[r] = column[(int) order[r]];
    }
    int[] out = spare;
    spare = column;
    return out;
  }

  public int size() {
    return size;
  }

  /** How many local values the elements carry (indexes 0..values()-1). */
  public int values() {
    return values;
  }

  public int txn(int r) {
    return txn[r];
  }

  public int op(int r) {
    return op[r];
  }

  public int length(int r) {
    return length[r];
  }

  public int element(int r, int i) {
    return elements[from[r] + i];
  }
}
