package io.isoverify.datasets.sim;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link HistorySink} that keeps the transactions it is given as small records, so that a
 * small history can be changed and replayed into another sink. One object per transaction:
 * for histories of a few dozen transactions (random test histories), not for workloads.
 */
final class RecordingSink implements HistorySink {
  /**
   * One transaction. Operation {@code i} writes when {@code write[i]}, else reads;
   * {@code values[i]} is {@link VersionStore#INITIAL} for a read of the initial state.
   */
  record Txn(long session, long id, int position, Outcome outcome, long start, long end,
      boolean[] write, long[] keys, long[] values) {
    /** This transaction's operations and outcome at another place in session time. */
    Txn movedTo(Txn place) {
      return new Txn(session, id, place.position, outcome, place.start, place.end, write, keys,
          values);
    }

    /** A copy whose operation {@code op} returned {@code value}. */
    Txn withValue(int op, long value) {
      long[] v = values.clone();
      v[op] = value;
      return new Txn(session, id, position, outcome, start, end, write, keys, v);
    }
  }

  private final List<Txn> txns = new ArrayList<>();
  private long session;
  private long id;
  private int position;
  private Outcome outcome;
  private long start;
  private long end;
  private int ops;
  private boolean[] write = new boolean[8];
  private long[] keys = new long[8];
  private long[] values = new long[8];

  @Override
  public void begin(long session, long txn, int positionInSession, Outcome outcome, long start,
      long end) {
    this.session = session;
    this.id = txn;
    this.position = positionInSession;
    this.outcome = outcome;
    this.start = start;
    this.end = end;
    this.ops = 0;
  }

  @Override
  public void op(OpKind kind, long key, long value) {
    add(kind.installsVersion(), key, value);
  }

  @Override
  public void readInitial(long key) {
    add(false, key, VersionStore.INITIAL);
  }

  private void add(boolean w, long key, long value) {
    if (ops == keys.length) {
      write = Arrays.copyOf(write, ops * 2);
      keys = Arrays.copyOf(keys, ops * 2);
      values = Arrays.copyOf(values, ops * 2);
    }
    write[ops] = w;
    keys[ops] = key;
    values[ops] = value;
    ops++;
  }

  @Override
  public void end() {
    txns.add(new Txn(session, id, position, outcome, start, end, Arrays.copyOf(write, ops),
        Arrays.copyOf(keys, ops), Arrays.copyOf(values, ops)));
  }

  @Override
  public void close() {}

  /** The transactions in the order they were written; the list may be changed. */
  List<Txn> txns() {
    return txns;
  }

  /** Writes {@code txns} to {@code sink}, in list order. */
  static void replay(List<Txn> txns, HistorySink sink) throws IOException {
    for (Txn t : txns) {
      sink.begin(t.session(), t.id(), t.position(), t.outcome(), t.start(), t.end());
      for (int i = 0; i < t.keys().length; i++) {
        if (t.write()[i]) {
          sink.op(OpKind.WRITE, t.keys()[i], t.values()[i]);
        } else if (t.values()[i] == VersionStore.INITIAL) {
          sink.readInitial(t.keys()[i]);
        } else {
          sink.op(OpKind.READ, t.keys()[i], t.values()[i]);
        }
      }
      sink.end();
    }
  }
}
