package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.StepKind;
import io.isoverify.datasets.workload.TxnPlan;
import java.util.Arrays;

/**
 * The open transaction of one client session, reused for each of the session's
 * transactions. Step {@code i} of {@link #plan} has run when {@code i < done}. Per step:
 * <ul>
 *   <li>{@code value[i]}: what a read returned (a list read: its last element, or
 *       {@link VersionStore#INITIAL} for the initial state or an empty list), or what a write
 *       installs;
 *   <li>{@code installs[i]}: the step installs a version at commit (a write or append; a
 *       compare-and-set whose read matched; an insert that found no value);
 *   <li>{@code fromStore[i]}, {@code seen[i]}: the step read the store, and the newest
 *       version it saw there (for a list read, the last element the store showed, before the
 *       transaction's own appends), which optimistic validation compares with the latest;
 *   <li>{@code expected[i]}: for a compare-and-set, the value the client expected at begin;
 *   <li>{@code listFrom[i]}, {@code listLength[i]}: a list read's elements in {@link #lists}.
 * </ul>
 */
final class SimTxn {
  /** What {@link #ownWrite} returns when the transaction has not written the key. */
  static final long NO_OWN_WRITE = -2;

  final int session;
  final TxnPlan plan = new TxnPlan();
  boolean open;
  long id;
  int position;
  long start;
  /** The tick whose committed state the reads see; Long.MAX_VALUE to read the latest. */
  long snapshot;
  int done;
  /** Attempts the database retried after a failed validation, unseen by the client. */
  int retries;
  long[] value = new long[16];
  long[] seen = new long[16];
  long[] expected = new long[16];
  boolean[] installs = new boolean[16];
  boolean[] fromStore = new boolean[16];
  int[] listFrom = new int[16];
  int[] listLength = new int[16];
  long[] lists = new long[64];
  int listsUsed;
  /**
   * The rows predicate steps returned: step i's are {@code rowKey[listFrom[i] ..
   * listFrom[i] + listLength[i] - 1]}, with the value read (a predicate update or delete, a
   * row write or insert: the value written) in {@code rowValue}, the row's fields as read
   * (updated, written) in {@code rowFields}, {@link TxnPlan#ROW_FIELDS} per row, and in
   * {@code rowDeleted} whether the step deletes the row (a predicate delete).
   */
  long[] rowKey = new long[64];
  long[] rowValue = new long[64];
  long[] rowFields = new long[64 * TxnPlan.ROW_FIELDS];
  boolean[] rowDeleted = new boolean[64];
  int rowsUsed;

  SimTxn(int session) {
    this.session = session;
  }

  /** Starts the next transaction of the session with the plan already filled. */
  void reset(long txnId, int positionInSession, long startTick) {
    open = true;
    id = txnId;
    position = positionInSession;
    start = startTick;
    retries = 0;
    int n = plan.size();
    if (value.length < n) {
      value = Arrays.copyOf(value, n);
      seen = Arrays.copyOf(seen, n);
      expected = Arrays.copyOf(expected, n);
      installs = Arrays.copyOf(installs, n);
      fromStore = Arrays.copyOf(fromStore, n);
      listFrom = Arrays.copyOf(listFrom, n);
      listLength = Arrays.copyOf(listLength, n);
    }
    restart();
  }

  /** Forgets what the steps did, to run them again (a new attempt). */
  void restart() {
    done = 0;
    listsUsed = 0;
    rowsUsed = 0;
  }

  /**
   * Adds a row to the open row step's rows (the caller sets the step's range): its key, the
   * value read or written, its fields {@code fields[from ..]}, and whether the step deletes it.
   */
  void addRow(long key, long rowValueRead, long[] fields, int from, boolean deletes) {
    if (rowsUsed == rowKey.length) {
      int n = rowsUsed * 2;
      rowKey = Arrays.copyOf(rowKey, n);
      rowValue = Arrays.copyOf(rowValue, n);
      rowFields = Arrays.copyOf(rowFields, n * TxnPlan.ROW_FIELDS);
      rowDeleted = Arrays.copyOf(rowDeleted, n);
    }
    rowKey[rowsUsed] = key;
    rowValue[rowsUsed] = rowValueRead;
    rowDeleted[rowsUsed] = deletes;
    System.arraycopy(fields, from, rowFields, rowsUsed * TxnPlan.ROW_FIELDS, TxnPlan.ROW_FIELDS);
    rowsUsed++;
  }

  /** The value this transaction last installed in {@code key} before step {@code step}. */
  long ownWrite(long key, int step) {
    for (int i = step - 1; i >= 0; i--) {
      if (installs[i] && plan.key(i) == key) {
        return value[i];
      }
    }
    return NO_OWN_WRITE;
  }

  /** What the last plain read of {@code key} before step {@code step} returned, or INITIAL. */
  long lastRead(long key, int step) {
    for (int i = step - 1; i >= 0; i--) {
      if (plan.kind(i) == StepKind.READ && plan.key(i) == key) {
        return value[i];
      }
    }
    return VersionStore.INITIAL;
  }

  /** True when step {@code i} is the transaction's last install in its key. */
  boolean lastWriteOfKey(int i) {
    long key = plan.key(i);
    for (int j = i + 1; j < plan.size(); j++) {
      if (installs[j] && plan.key(j) == key) {
        return false;
      }
    }
    return true;
  }

  /** Room for {@code n} more list elements. */
  void reserveList(int n) {
    if (listsUsed + n > lists.length) {
      lists = Arrays.copyOf(lists, Math.max(lists.length * 2, listsUsed + n));
    }
  }
}
