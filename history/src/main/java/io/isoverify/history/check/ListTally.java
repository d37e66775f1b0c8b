package io.isoverify.history.check;

import io.isoverify.history.io.BulkArrays;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Arrays;

/**
 * The list-append results (Elle) of a set of keys, folded key by key from {@link ListRules}:
 * what one Spark partition sends the driver, or the whole history in-process;
 * {@link ListReduce} then combines the tallies. It holds
 * <ul>
 *   <li>the findings and the reads of unknown outcomes' appends, in a {@link NonCycleTally}
 *       of their own (counts and a bounded set of first findings of committed readers, every
 *       finding of an unknown-outcome reader, the pairs of the "counted" fixpoint);</li>
 *   <li>per key read as a list by a counted reader: its observed order (dense transaction
 *       ids), as int blocks: local key {@code key[j]}, transactions
 *       {@code txn[start[j]] .. txn[start[j+1]-1]};</li>
 *   <li>the keys a first pass could not decide ({@link ListRules#decided()}), to be run
 *       again once the counted transactions are known.</li>
 * </ul>
 * Keys are the caller's (Spark: block-local numbers). About 4 bytes per observed append and
 * 8 per list key, no object per key.
 */
public final class ListTally implements Serializable {
  private static final long serialVersionUID = 1L;

  final NonCycleTally findings;
  private int keys;
  private transient int[] key = new int[16];
  private transient int[] start = new int[17];
  private int orderSize;
  private transient int[] txn = new int[16];
  private int undecided;
  private transient int[] undecidedKey = new int[16];

  /** @param examples how many findings of each anomaly the reduce will keep */
  public ListTally(int examples) {
    findings = new NonCycleTally(examples);
  }

  /**
   * Folds in the last run of {@code rules}, on key {@code key} (the caller's code), whose
   * local value v has code {@code valueCode[v]}.
   */
  public void add(ListRules rules, int key, int[] valueCode) {
    findings.add(rules, valueCode);
    if (!rules.decided()) {
      if (undecided == undecidedKey.length) {
        undecidedKey = Arrays.copyOf(undecidedKey, Math.max(16, undecided * 2));
      }
      undecidedKey[undecided++] = key;
      return;
    }
    if (!rules.listKey()) {
      return;
    }
    if (keys == this.key.length) {
      this.key = Arrays.copyOf(this.key, Math.max(16, keys * 2));
      start = Arrays.copyOf(start, this.key.length + 1);
    }
    int n = rules.orderSize();
    if (orderSize + n > txn.length) {
      txn = Arrays.copyOf(txn, Math.max(orderSize + n, txn.length * 2));
    }
    for (int i = 0; i < n; i++) {
      txn[orderSize++] = rules.orderTxn(i);
    }
    this.key[keys++] = key;
    start[keys] = orderSize;
  }

  /** The keys a first pass left undecided, in the order added. */
  public int[] undecidedKeys() {
    return Arrays.copyOf(undecidedKey, undecided);
  }

  /** How many list keys have an order here. */
  int keyCount() {
    return keys;
  }

  int key(int j) {
    return key[j];
  }

  int orderFrom(int j) {
    return start[j];
  }

  int orderTo(int j) {
    return start[j + 1];
  }

  int orderTxn(int i) {
    return txn[i];
  }

  /** Sent (to the driver) without spare capacity. */
  /** Sent with the columns in use only, as bulk bytes ({@link BulkArrays}). */
  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    BulkArrays.writeInts(out, key, keys);
    BulkArrays.writeInts(out, start, keys + 1);
    BulkArrays.writeInts(out, txn, orderSize);
    BulkArrays.writeInts(out, undecidedKey, undecided);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    key = BulkArrays.readInts(in);
    start = BulkArrays.readInts(in);
    txn = BulkArrays.readInts(in);
    undecidedKey = BulkArrays.readInts(in);
  }
}
