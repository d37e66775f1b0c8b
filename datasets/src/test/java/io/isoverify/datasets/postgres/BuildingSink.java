package io.isoverify.datasets.postgres;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.io.HistorySink;

/**
 * Test fixture: a sink that builds an in-memory {@link History} through
 * {@link HistoryBuilder}, so collected histories go through the same validation as files.
 */
public final class BuildingSink implements HistorySink {
  private final HistoryBuilder builder = new HistoryBuilder("postgres collection");
  private long row;
  private int session;
  private long txn;
  private int position;
  private Outcome outcome;
  private long start;
  private long end;
  private int opPosition;

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
  }

  @Override
  public void op(OpKind kind, long key, long value) {
    add(kind, key, builder.values().encode(value));
  }

  @Override
  public void readInitial(long key) {
    add(OpKind.READ, key, History.INITIAL);
  }

  private void add(OpKind kind, long key, int valueCode) {
    try {
      builder.add(row++, session, txn, position, opPosition++, kind, builder.keys().encode(key),
          valueCode, outcome, start, end);
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  @Override
  public void end() {}

  @Override
  public void close() {}

  public History history() throws InvalidHistoryException {
    return builder.build();
  }
}
