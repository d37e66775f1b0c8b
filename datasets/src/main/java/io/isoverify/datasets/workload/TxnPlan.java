package io.isoverify.datasets.workload;

import java.util.Arrays;

/**
 * The steps of one transaction a client intends to run, held in reusable primitive arrays
 * so that executing 10^7 transactions allocates no object per operation. Step {@code i} is
 * a write when {@link #isWrite(int)}, else a read, of key {@link #key(int)}; the executor
 * chooses written values. Cleared and refilled for every transaction.
 */
public final class TxnPlan {
  private boolean[] write = new boolean[16];
  private long[] key = new long[16];
  private int size;

  /** Forgets all steps. */
  public void clear() {
    size = 0;
  }

  public void read(long k) {
    add(false, k);
  }

  public void write(long k) {
    add(true, k);
  }

  private void add(boolean w, long k) {
    if (size == key.length) {
      write = Arrays.copyOf(write, size * 2);
      key = Arrays.copyOf(key, size * 2);
    }
    write[size] = w;
    key[size] = k;
    size++;
  }

  public int size() {
    return size;
  }

  public boolean isWrite(int i) {
    return write[i];
  }

  public long key(int i) {
    return key[i];
  }

  /** True when no step writes. */
  public boolean readOnly() {
    for (int i = 0; i < size; i++) {
      if (write[i]) {
        return false;
      }
    }
    return true;
  }
}
