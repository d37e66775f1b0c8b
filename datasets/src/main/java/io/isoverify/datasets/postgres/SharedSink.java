package io.isoverify.datasets.postgres;

import io.isoverify.history.Outcome;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;

/**
 * Lets several client sessions stream whole transactions into one {@link HistorySink},
 * which takes one transaction at a time: each transaction is written under one lock, so
 * the sink sees {@code begin (op)+ end} sequences that never interleave. Streaming (rather
 * than buffering per session) keeps a long collection's memory at one pending transaction
 * per session. Transactions arrive in the order they ended, not in session order; a
 * history's readers order them by (session, position).
 */
final class SharedSink {
  private final HistorySink sink;

  SharedSink(HistorySink sink) {
    this.sink = sink;
  }

  /** Writes one finished transaction; does nothing when it has no operations. */
  synchronized void write(long session, long txn, int position, Outcome outcome, long start,
      long end, PendingTransaction ops) throws IOException {
    if (ops.isEmpty()) {
      return;
    }
    sink.begin(session, txn, position, outcome, start, end);
    ops.sendOps(sink);
    sink.end();
  }
}
