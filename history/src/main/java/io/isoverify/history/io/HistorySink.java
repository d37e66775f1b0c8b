package io.isoverify.history.io;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.io.Closeable;
import java.io.IOException;

/**
 * A streaming destination for a history, one transaction at a time, so that generators and
 * collectors write 10^7 transactions without holding them. Keys, values and sessions are
 * 64-bit integers here (the generators' and collectors' kind); timestamps may be
 * {@link io.isoverify.history.History#NO_TIME}. Calls come in the order
 * {@code begin (op | readInitial | readList)+ end}, repeated; {@link #close()} finishes the
 * file. Predicate reads are not part of it.
 */
public interface HistorySink extends Closeable {
  void begin(long session, long txn, int positionInSession, Outcome outcome, long start, long end)
      throws IOException;

  /** One operation of the open transaction. */
  void op(OpKind kind, long key, long value) throws IOException;

  /** A read of the key's initial state (no transaction wrote what it saw). */
  void readInitial(long key) throws IOException;

  /**
   * A list-append read (Elle): the whole list of elements appended to {@code key} that the
   * read saw, oldest first, in {@code elements[from .. from+length-1]} (the array is the
   * caller's and may be reused after the call). Its value is the last element, or the initial state
   * when the list is empty. Sinks that cannot hold read lists refuse them.
   *
   * @throws UnsupportedOperationException when this sink has no place for read lists
   */
  default void readList(long key, long[] elements, int from, int length) throws IOException {
    throw new UnsupportedOperationException(getClass().getSimpleName()
        + " takes no list-append reads");
  }

  void end() throws IOException;
}
