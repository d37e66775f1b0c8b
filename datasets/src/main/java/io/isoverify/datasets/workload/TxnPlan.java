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
  /** The fields of a row (predicate steps and row writes), numbered 1 .. ROW_FIELDS. */
  public static final int ROW_FIELDS = 2;
  private static final int ARGS = 4;
  private byte[] kind = new byte[16];
  private long[] key = new long[16];
  private int size;
  /** Per step {@link #ARGS} arguments: predicate bounds, the updated field and value, row fields. */
  private long[] args = new long[16 * 4];
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

  /**
   * A predicate read of every row whose field {@code field} (1 .. {@link #ROW_FIELDS}) lies
   * in [low, high].
   */
  public void predicateRead(int field, long low, long high) {
    add(StepKind.PREDICATE_READ, field);
    setArgs(low, high, 0, 0);
  }

  /** {@code UPDATE SET setField = setValue WHERE field BETWEEN low AND high} (vbox's θ-write). */
  public void predicateUpdate(int field, long low, long high, int setField, long setValue) {
    add(StepKind.PREDICATE_UPDATE, field);
    setArgs(low, high, setField, setValue);
  }

  /** Writes the whole row {@code k}: field 1 := {@code field1}, field 2 := {@code field2}. */
  public void rowWrite(long k, long field1, long field2) {
    add(StepKind.ROW_WRITE, k);
    setArgs(field1, field2, 0, 0);
  }

  /** Inserts the new row {@code k}: field 1 := {@code field1}, field 2 := {@code field2}. */
  public void rowInsert(long k, long field1, long field2) {
    add(StepKind.ROW_INSERT, k);
    setArgs(field1, field2, 0, 0);
  }

  /** {@code DELETE WHERE field BETWEEN low AND high}: removes every row the range finds. */
  public void predicateDelete(int field, long low, long high) {
    add(StepKind.PREDICATE_DELETE, field);
    setArgs(low, high, 0, 0);
  }

  private void setArgs(long a, long b, long c, long d) {
    int at = (size - 1) * ARGS;
    if (at + ARGS > args.length) {
      args = Arrays.copyOf(args, Math.max(args.length * 2, at + ARGS));
    }
    args[at] = a;
    args[at + 1] = b;
    args[at + 2] = c;
    args[at + 3] = d;
  }

  /** A predicate step's lowest matching value; a row write's or insert's field 1. */
  public long low(int i) {
    return args[i * ARGS];
  }

  /** A predicate step's highest matching value; a row write's or insert's field 2. */
  public long high(int i) {
    return args[i * ARGS + 1];
  }

  /** A predicate update's updated field. */
  public int setField(int i) {
    return (int) args[i * ARGS + 2];
  }

  /** A predicate update's new value of its field. */
  public long setValue(int i) {
    return args[i * ARGS + 3];
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
