package io.isoverify.history.io;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.io.ParquetHistorySchema.IdType;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Streams a history into the canonical Parquet file, one operation row as soon as it
 * arrives: memory stays bounded by one row group whatever the number of transactions.
 * Session ids, keys and values are INT64 columns. The file appears at its path (by an
 * atomic rename) only when {@link #close()} is called after a completed transaction;
 * closing in the middle of a transaction drops the file and reports it.
 *
 * <p>List-append reads fill the {@code read_list} column, predicate reads the {@code pred_}
 * columns and the fields writes set {@code row_fields}.
 */
public final class ParquetHistorySink implements HistorySink {
  private final ParquetOpWriter writer;
  private final ParquetOpRecord row = new ParquetOpRecord();
  private boolean open;
  private boolean closed;

  /** Starts writing the history to {@code file} (replaced when it exists, on close). */
  public ParquetHistorySink(Path file) throws IOException {
    this.writer = new ParquetOpWriter(file,
        ParquetHistorySchema.schema(IdType.INT64, IdType.INT64, IdType.INT64));
  }

  @Override
  public void begin(long session, long txn, int positionInSession, Outcome outcome, long start,
      long end) {
    if (open) {
      throw new IllegalStateException("begin of transaction " + txn + " before the end of "
          + row.txn);
    }
    open = true;
    row.session = session;
    row.txn = txn;
    row.txnPos = positionInSession;
    row.outcome = outcome;
    row.start = start;
    row.end = end;
    row.opPos = 0;
  }

  @Override
  public void op(OpKind kind, long key, long value) throws IOException {
    if (kind == OpKind.PREDICATE_READ) {
      throw new IllegalArgumentException("a predicate read comes through predicateRead");
    }
    write(kind, key, true, value);
  }

  @Override
  public void predicateRead(long field, long low, long high, int matched) throws IOException {
    row.predicate = new PredicateRead(field, low, high, matched);
    row.kind = OpKind.PREDICATE_READ;
    row.hasKey = false;
    row.hasValue = false;
    emit();
  }

  @Override
  public void write(OpKind kind, long key, long value, WrittenFields fields) throws IOException {
    row.fields = fields;
    write(kind, key, true, value);
  }

  @Override
  public void readInitial(long key) throws IOException {
    write(OpKind.READ, key, false, 0);
  }

  @Override
  public void readList(long key, long[] elements, int from, int length)
      throws IOException {
    row.startList();
    for (int i = 0; i < length; i++) {
      row.addListElement(elements[from + i], null);
    }
    write(OpKind.READ, key, length > 0, length > 0 ? elements[from + length - 1] : 0);
  }

  private void write(OpKind kind, long key, boolean hasValue, long value) throws IOException {
    row.kind = kind;
    row.hasKey = true;
    row.key = key;
    row.hasValue = hasValue;
    row.value = value;
    emit();
  }

  private void emit() throws IOException {
    if (!open) {
      throw new IllegalStateException("an operation outside a transaction (call begin first)");
    }
    writer.write(row);
    row.hasList = false;
    row.predicate = null;
    row.fields = null;
    row.opPos++;
  }

  @Override
  public void end() {
    if (!open) {
      throw new IllegalStateException("end without begin");
    }
    if (row.opPos == 0) {
      throw new IllegalStateException("transaction " + row.txn + " has no operations");
    }
    open = false;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (open) {
      writer.close();
      throw new IOException("closed in the middle of transaction " + row.txn
          + ": the history was not written");
    }
    writer.commit();
  }
}
