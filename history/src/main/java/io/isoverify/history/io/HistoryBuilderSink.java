package io.isoverify.history.io;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import java.io.IOException;

/**
 * A {@link HistorySink} that assembles an in-memory {@link History} through
 * {@link HistoryBuilder}, so generated histories get the same validation as files. Sessions,
 * keys and values are encoded as 64-bit integer codes; {@link #readInitial} becomes
 * {@link History#INITIAL}. Rows are numbered by arrival, from 0. For tests and for small
 * histories that are checked in process.
 */
public final class HistoryBuilderSink implements HistorySink {
  private final HistoryBuilder builder;
  private long row;
  private int session;
  private long txn;
  private int position;
  private Outcome outcome;
  private long start;
  private long end;
  private int opPosition;
  private boolean inTxn;

  /** @param source names the history in messages, for example "generated (seed 7)" */
  public HistoryBuilderSink(String source) {
    this.builder = new HistoryBuilder(source);
  }

  @Override
  public void begin(long session, long txn, int positionInSession, Outcome outcome, long start,
      long end) {
    this.session = builder.sessions().encode(session);
    this.txn = txn;
    this.position = positionInSession;
    this.outcome = outcome;
    this.start = start;
    this.end = end;
    this.opPosition = 0;
    this.inTxn = true;
  }

  @Override
  public void op(OpKind kind, long key, long value) throws IOException {
    add(kind, builder.keys().encode(key), builder.values().encode(value));
  }

  @Override
  public void readInitial(long key) throws IOException {
    add(OpKind.READ, builder.keys().encode(key), History.INITIAL);
  }

  @Override
  public void readList(long key, long[] elements, int from, int length)
      throws IOException {
    int[] codes = new int[length];
    for (int i = 0; i < length; i++) {
      codes[i] = builder.values().encode(elements[from + i]);
    }
    add(OpKind.READ, builder.keys().encode(key), length == 0 ? History.INITIAL : codes[length - 1]);
    builder.attachReadList(codes);
  }

  @Override
  public void predicateRead(long field, long low, long high, int matched) throws IOException {
    add(OpKind.PREDICATE_READ, -1, History.NO_VALUE);
    builder.attachPredicate(new PredicateRead(field, low, high, matched));
  }

  @Override
  public void write(OpKind kind, long key, long value, WrittenFields fields) throws IOException {
    op(kind, key, value);
    if (fields != null) {
      builder.attachFields(fields);
    }
  }

  private void add(OpKind kind, int key, int value) throws IOException {
    if (!inTxn) {
      throw new IllegalStateException("an operation came outside begin .. end");
    }
    try {
      builder.add(row++, session, txn, position, opPosition++, kind, key, value, outcome, start,
          end);
    } catch (InvalidHistoryException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  @Override
  public void end() {
    inTxn = false;
  }

  /** Validates what was written and returns it as a history. */
  public History history() throws InvalidHistoryException {
    return builder.build();
  }

  @Override
  public void close() {
    inTxn = false;
  }
}
