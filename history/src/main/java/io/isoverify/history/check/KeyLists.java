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
 *   store(r)        the stored array its list is a prefix of
 * </pre>
 * A read added with {@link #add} and {@link #element} has a store of its own; reads added
 * with {@link #addPrefix} as prefixes of one array (History's shared read lists: a key's
 * reads are usually prefixes of one list) share a store, so each element is held once
 * however many reads show it, and {@link ListRules} checks what the prefixes have in common
 * once per store ({@link ListPrefixes}).
 *
 * <p>Cost: O(1) amortised per element stored, O(r log r) to sort r reads (their elements
 * stay where they were added).
 */
public final class KeyLists {
  private int size;
  private int values;
  private int[] txn = new int[16];
  private int[] op = new int[16];
  private int[] from = new int[16];
  private int[] length = new int[16];
  private int[] store = new int[16];
  private int stores;
  private int[] storeFrom = new int[16];
  private int[] storeLength = new int[16];
  /** What the store added last through {@link #addPrefix} is a prefix of, or null. */
  private Object lastBranch;
  private int elementCount;
  private int[] elements = new int[64];
  private long[] order = new long[0];
  private int[] spare = new int[0];

  /** Empties the block for the next key. */
  public void clear() {
    size = 0;
    values = 0;
    elementCount = 0;
    stores = 0;
    lastBranch = null;
  }

  /** Starts the next read, with a store of its own; its elements follow through {@link #element}. */
  public void add(int txn, int op) {
    addRead(txn, op, newStore(), 0);
    lastBranch = null;
  }

  /** Appends local value {@code value} to the list of the read added last (by {@link #add}). */
  public void element(int value) {
    keep(value);
    length[size - 1]++;
    storeLength[store[size - 1]]++;
  }

  /**
   * Adds a read whose list is {@code list[0..n)}, local values, where {@code list} holds
   * (a prefix of) the array {@code branch} stands for: reads added with the same
   * {@code branch} must be prefixes of one array. A read added right after one of the same
   * branch shares its store, which grows to the longer of the two; O(elements stored).
   */
  public void addPrefix(int txn, int op, int[] list, int n, Object branch) {
    int s;
    if (branch != null && branch == lastBranch
        && storeFrom[stores - 1] + storeLength[stores - 1] == elementCount) {
      s = stores - 1;
    } else {
      s = newStore();
      lastBranch = branch;
    }
    for (int i = storeLength[s]; i < n; i++) {
      keep(list[i]);
    }
    storeLength[s] = Math.max(storeLength[s], n);
    addRead(txn, op, s, n);
  }

  private void addRead(int txn, int op, int s, int n) {
    if (size == this.txn.length) {
      int grown = size * 2;
      this.txn = Arrays.copyOf(this.txn, grown);
      this.op = Arrays.copyOf(this.op, grown);
      this.from = Arrays.copyOf(this.from, grown);
      this.length = Arrays.copyOf(this.length, grown);
      this.store = Arrays.copyOf(this.store, grown);
    }
    this.txn[size] = txn;
    this.op[size] = op;
    this.from[size] = storeFrom[s];
    this.length[size] = n;
    this.store[size] = s;
    size++;
  }

  private int newStore() {
    if (stores == storeFrom.length) {
      storeFrom = Arrays.copyOf(storeFrom, stores * 2);
      storeLength = Arrays.copyOf(storeLength, stores * 2);
    }
    storeFrom[stores] = elementCount;
    storeLength[stores] = 0;
    return stores++;
  }

  private void keep(int value) {
    if (elementCount == elements.length) {
      elements = Arrays.copyOf(elements, elementCount * 2);
    }
    elements[elementCount++] = value;
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
    store = permuted(store);
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

  /** The store read r's list is a prefix of (0..stores()-1). */
  public int store(int r) {
    return store[r];
  }

  public int stores() {
    return stores;
  }

  /** How many elements store s holds: the longest list of its reads. */
  public int storeLength(int s) {
    return storeLength[s];
  }

  /** Element i of store s. */
  public int storeElement(int s, int i) {
    return elements[storeFrom[s] + i];
  }
}
