package io.isoverify.datasets.workload;

import java.util.Arrays;

/**
 * The steps of one transaction a client intends to run, held in reusable primitive arrays
 * so that executing 10^7 transactions allocates no object per operation. Step {@code i} is
 * of kind {@link #kind(int)} on key {@link #key(int)}; the executor chooses written values.
 * Cleared and refilled for every transaction.
 *
 * <p>A plan may also name <em>retired</em> keys: keys that no transaction planned after this
 * one touches (a workload that rotates keys, as Elle's list-append generator does, retires
 * a key once it had its share of appends), so the executor may forget them once every
 * transaction begun so far has finished.
 */
public final class TxnPlan {
  private byte[] kind = new byte[16];
  private long[] key = new long[16];
  private int size;
  private long[] retired = new long[4];
  private int retiredCount;

  /** Forgets all steps and retired keys. */
  public void clear() {
    size = 0;
    retiredCount = 0;
  }

  public void read(long k) {
    add(StepKind.READ, k);
  }

  public void write(long k) {
    add(StepKind.WRITE, k);
  }

  public void append(long k) {
    add(StepKind.APPEND, k);
  }

  public void readList(long k) {
    add(StepKind.READ_LIST, k);
  }

  /** The write half of a compare-and-set; the step before it must read {@code k}. */
  public void casWrite(long k) {
    add(StepKind.CAS_WRITE, k);
  }

  public void insert(long k) {
    add(StepKind.INSERT, k);
  }

  /** Says that no transaction planned after this one touches {@code k}. */
  public void retire(long k) {
    if (retiredCount == retired.length) {
      retired = Arrays.copyOf(retired, retiredCount * 2);
    }
    retired[retiredCount++] = k;
  }

  private void add(StepKind stepKind, long k) {
    if (size == key.length) {
      kind = Arrays.copyOf(kind, size * 2);
      key = Arrays.copyOf(key, size * 2);
    }
    kind[size] = (byte) stepKind.ordinal();
    key[size] = k;
    size++;
  }

  public int size() {
    return size;
  }

  public StepKind kind(int i) {
    return StepKind.ofOrdinal(kind[i]);
  }

  /** True when step {@code i} may install a version (a write, append, CAS or insert). */
  public boolean isWrite(int i) {
    return kind(i).writes();
  }

  public long key(int i) {
    return key[i];
  }

  /** True when no step may write. */
  public boolean readOnly() {
    for (int i = 0; i < size; i++) {
      if (isWrite(i)) {
        return false;
      }
    }
    return true;
  }

  public int retiredCount() {
    return retiredCount;
  }

  public long retired(int j) {
    return retired[j];
  }
}
