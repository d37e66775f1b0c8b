package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.StepKind;
import io.isoverify.datasets.workload.TxnPlan;
import io.isoverify.history.OpKind;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;

/**
 * How the {@link SimulatedDatabase} runs the steps on rows (vbox, Sun and Zou sections 2 and
 * 6): {@link StepKind#ROW_WRITE}, {@link StepKind#ROW_INSERT}, {@link
 * StepKind#PREDICATE_READ}, {@link StepKind#PREDICATE_UPDATE} and {@link
 * StepKind#PREDICATE_DELETE}. A row is a key whose versions carry {@link TxnPlan#ROW_FIELDS}
 * field values; it is absent until first written, and again after a delete (a tombstone
 * version, {@link VersionStore#installTombstone}).
 *
 * <p>A row write or insert sets both fields of its key (an insert's key is one no transaction
 * wrote before). A predicate step evaluates its range on every row as the transaction sees
 * it: its own last write of the row, else the version its snapshot shows (the latest when it
 * reads the latest); absent rows (never written, or deleted, by the transaction itself or in
 * the version it sees) never match. Candidates come from the store's {@link RowIndex} (rows
 * with a held version in the range) and the rows the transaction wrote, so a step costs
 * O(range + candidates x versions held). The rows it returned, in key order, are kept with
 * the value each was read in; a predicate update writes a new version of each (a new unique
 * value, the updated field set, the other inherited), a predicate delete a tombstone of each
 * (a new unique value, no fields). Optimistic validation (SER, SSER) re-evaluates the range
 * on the latest committed rows and aborts unless it finds the same rows in the same versions
 * (no phantom appeared, none left, none was deleted); first-committer-wins (SI) looks at
 * every row written, inserted or deleted. The history gets the predicate read, then the rows
 * it returned as reads (a predicate update: as writes, with the one field each sets; a
 * predicate delete: as deletes, without fields), as the history README's predicate form
 * says; a row write is a write and a row insert an insert, each with both fields.
 */
final class PredicateSteps {
  private static final int F = TxnPlan.ROW_FIELDS;

  private final VersionStore store;
  private final RowIndex.LongBuffer candidates = new RowIndex.LongBuffer();
  /** The fields of the row at hand, and (after {@link #visible}) its value. */
  private final long[] row = new long[F];
  private long rowValue;

  PredicateSteps(VersionStore store) {
    this.store = store;
  }

  /** True for the step kinds this class runs. */
  static boolean handles(StepKind kind) {
    return kind == StepKind.ROW_WRITE || kind == StepKind.ROW_INSERT
        || kind == StepKind.PREDICATE_READ || kind == StepKind.PREDICATE_UPDATE
        || kind == StepKind.PREDICATE_DELETE;
  }

  /** Runs step {@code i} of {@code t}; new values come from {@code counters}. */
  void step(SimTxn t, int i, Counters counters) {
    TxnPlan plan = t.plan;
    StepKind kind = plan.kind(i);
    int from = t.rowsUsed;
    t.listFrom[i] = from;
    t.fromStore[i] = false;
    t.installs[i] = false;
    if (kind == StepKind.ROW_WRITE || kind == StepKind.ROW_INSERT) {
      row[0] = plan.low(i);
      row[1] = plan.high(i);
      t.value[i] = counters.nextValue();
      t.addRow(plan.key(i), t.value[i], row, 0, false);
      t.listLength[i] = 1;
      t.installs[i] = true;
      return;
    }
    int field = (int) plan.key(i);
    long low = plan.low(i);
    long high = plan.high(i);
    candidates.size = 0;
    store.rows().lookup(field, low, high, candidates);
    for (int j = 0; j < i; j++) {
      if (writesRows(plan.kind(j))) {
        for (int r = t.listFrom[j]; r < t.listFrom[j] + t.listLength[j]; r++) {
          candidates.add(t.rowKey[r]);
        }
      }
    }
    candidates.sortDistinct();
    long fingerprint = 0;
    for (int c = 0; c < candidates.size; c++) {
      long key = candidates.data[c];
      int v = store.versionAt(key, t.snapshot);
      fingerprint += seen(key, v, field, low, high);
      if (!visible(t, i, key, v) || !inRange(row[field - 1], low, high)) {
        continue;
      }
      if (kind == StepKind.PREDICATE_UPDATE) {
        row[plan.setField(i) - 1] = plan.setValue(i);
      }
      t.addRow(key, kind == StepKind.PREDICATE_READ ? rowValue : counters.nextValue(), row, 0,
          kind == StepKind.PREDICATE_DELETE);
    }
    t.listLength[i] = t.rowsUsed - from;
    t.fromStore[i] = true;
    t.seen[i] = fingerprint;
    t.installs[i] = kind != StepKind.PREDICATE_READ && t.listLength[i] > 0;
  }

  /**
   * Loads row {@code key} as step {@code i} of {@code t} sees it into {@link #row} and {@link
   * #rowValue}: the transaction's own last write of it, else committed version {@code v} (-1:
   * none). False when the row is absent there (never written, or deleted).
   */
  private boolean visible(SimTxn t, int i, long key, int v) {
    int own = ownRow(t, i, key);
    if (own >= 0) {
      rowValue = t.rowValue[own];
      System.arraycopy(t.rowFields, own * F, row, 0, F);
      return !t.rowDeleted[own];
    }
    if (v < 0 || store.deleted(v)) {
      return false;
    }
    rowValue = store.versionValue(v);
    for (int f = 1; f <= F; f++) {
      row[f - 1] = store.field(v, f);
    }
    return true;
  }

  /** True for the row step kinds that write rows (all but the predicate read). */
  private static boolean writesRows(StepKind kind) {
    return handles(kind) && kind.writes();
  }

  /** The last row {@code t} wrote (or deleted) at {@code key} before step {@code i}, or -1. */
  private static int ownRow(SimTxn t, int i, long key) {
    for (int j = i - 1; j >= 0; j--) {
      if (writesRows(t.plan.kind(j))) {
        for (int r = t.listFrom[j] + t.listLength[j] - 1; r >= t.listFrom[j]; r--) {
          if (t.rowKey[r] == key) {
            return r;
          }
        }
      }
    }
    return -1;
  }

  private static boolean inRange(long x, long low, long high) {
    return x >= low && x <= high;
  }

  /** An order-free summary term of a returned (key, version value) pair. */
  private static long mix(long key, long value) {
    long h = key * 0x9E3779B97F4A7C15L ^ value * 0xC2B2AE3D27D4EB4FL;
    h ^= h >>> 31;
    return h * 0xBF58476D1CE4E5B9L;
  }

  /**
   * Optimistic validation of predicate step {@code i}, which read the latest rows: true when
   * the range now finds other rows or other versions on the latest committed state.
   */
  boolean changed(SimTxn t, int i) {
    int field = (int) t.plan.key(i);
    long low = t.plan.low(i);
    long high = t.plan.high(i);
    candidates.size = 0;
    store.rows().lookup(field, low, high, candidates);
    candidates.sortDistinct();
    long fingerprint = 0;
    for (int c = 0; c < candidates.size; c++) {
      long key = candidates.data[c];
      fingerprint += seen(key, store.versionAt(key, Long.MAX_VALUE), field, low, high);
    }
    return fingerprint != t.seen[i];
  }

  /**
   * What committed version {@code v} of row {@code key} (-1: none) adds to a range read's
   * fingerprint: its mix when the version is a row (not deleted) whose field is in the range,
   * else 0.
   */
  private long seen(long key, int v, int field, long low, long high) {
    return v >= 0 && !store.deleted(v) && inRange(store.field(v, field), low, high)
        ? mix(key, store.versionValue(v)) : 0;
  }

  /** First-committer-wins for write step {@code i}: a row it writes has a newer commit. */
  boolean writeConflict(SimTxn t, int i) {
    for (int r = t.listFrom[i]; r < t.listFrom[i] + t.listLength[i]; r++) {
      if (store.latestCommit(t.rowKey[r]) > t.snapshot) {
        return true;
      }
    }
    return false;
  }

  /**
   * Installs the rows (or tombstones) write step {@code i} wrote last in its transaction, at
   * {@code now}.
   */
  void install(SimTxn t, int i, long now, long horizon) {
    for (int r = t.listFrom[i]; r < t.listFrom[i] + t.listLength[i]; r++) {
      if (writtenLater(t, i, r)) {
        continue;
      }
      if (t.rowDeleted[r]) {
        store.installTombstone(t.rowKey[r], t.rowValue[r], now, horizon);
      } else {
        store.installRow(t.rowKey[r], t.rowValue[r], now, horizon, t.rowFields, r * F);
      }
    }
  }

  private static boolean writtenLater(SimTxn t, int i, int r) {
    for (int j = i; j < t.plan.size(); j++) {
      if (writesRows(t.plan.kind(j))) {
        for (int q = Math.max(r + 1, t.listFrom[j]); q < t.listFrom[j] + t.listLength[j]; q++) {
          if (t.rowKey[q] == t.rowKey[r]) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Writes step {@code i} of the ended transaction {@code t} to the history. */
  static void emit(SimTxn t, int i, HistorySink sink) throws IOException {
    TxnPlan plan = t.plan;
    StepKind kind = plan.kind(i);
    if (kind == StepKind.ROW_WRITE || kind == StepKind.ROW_INSERT) {
      sink.write(kind == StepKind.ROW_INSERT ? OpKind.INSERT : OpKind.WRITE, plan.key(i),
          t.value[i], new WrittenFields(new long[] {1, 2}, new long[] {plan.low(i), plan.high(i)}));
      return;
    }
    int from = t.listFrom[i];
    int n = t.listLength[i];
    sink.predicateRead(plan.key(i), plan.low(i), plan.high(i), n);
    switch (kind) {
      case PREDICATE_READ -> {
        for (int r = from; r < from + n; r++) {
          sink.op(OpKind.READ, t.rowKey[r], t.rowValue[r]);
        }
      }
      case PREDICATE_UPDATE, PREDICATE_DELETE -> {
        boolean update = kind == StepKind.PREDICATE_UPDATE;
        WrittenFields set = update ? new WrittenFields(new long[] {plan.setField(i)},
            new long[] {plan.setValue(i)}) : null;
        for (int r = from; r < from + n; r++) {
          sink.write(update ? OpKind.WRITE : OpKind.DELETE, t.rowKey[r], t.rowValue[r], set);
        }
      }
      default -> throw new IllegalStateException(kind.name());
    }
  }
}
