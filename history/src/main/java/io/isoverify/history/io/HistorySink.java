package io.isoverify.history.io;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.WrittenFields;
import java.io.Closeable;
import java.io.IOException;

/**
 * A streaming destination for a history, one transaction at a time, so that generators and
 * collectors write 10^7 transactions without holding them. Keys, values and sessions are
 * 64-bit integers here (the generators' and collectors' kind); timestamps may be
 * {@link io.isoverify.history.History#NO_TIME}. Calls come in the order
 * {@code begin (op | readInitial | readList)+ end}, repeated; {@link #close()} finishes the
 * file. Predicate reads (vbox) come as {@link #predicateRead} followed by the operations
 * naming the rows it returned, and writes that set row fields as {@link #write}; sinks that
 * cannot hold them refuse them.
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

  /**
   * A predicate read (vbox, {@link io.isoverify.history.PredicateRead}): every row whose field
   * {@code field} lies in [low, high]; the {@code matched} operations that follow it in the
   * transaction name the rows it returned (reads, or a predicate update's writes).
   *
   * @throws UnsupportedOperationException when this sink has no place for predicate reads
   */
  default void predicateRead(long field, long low, long high, int matched) throws IOException {
    throw new UnsupportedOperationException(getClass().getSimpleName()
        + " takes no predicate reads");
  }

  /**
   * A write ({@link OpKind#WRITE}, {@link OpKind#INSERT} or {@link OpKind#DELETE}) with the
   * row fields it sets (vbox; null: none).
   *
   * @throws UnsupportedOperationException when this sink has no place for row fields
   */
  default void write(OpKind kind, long key, long value, WrittenFields fields)
      throws IOException {
    if (fields != null) {
      throw new UnsupportedOperationException(getClass().getSimpleName()
          + " takes no row fields");
    }
    op(kind, key, value);
  }

  void end() throws IOException;
}
