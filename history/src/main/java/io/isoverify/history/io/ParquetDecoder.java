package io.isoverify.history.io;

import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * Decodes the row groups of one file into {@link ParquetRowBatch}es on a thread of its own,
 * ahead of the thread that builds the history from them ({@link ParquetRows}): page reading,
 * decompression and decoding overlap with the dictionary lookups and the builder, which
 * halves the load time on two cores or more. At most {@link #DEPTH} batches wait; each is
 * recycled once built. A problem (a row group that cannot be read, data that cannot be
 * decoded) travels in the batch of the row where it happened, so rows before it are built
 * (and checked) first, as a reader on one thread would.
 */
final class ParquetDecoder implements AutoCloseable {
  private static final int DEPTH = 4;
  private final BlockingQueue<ParquetRowBatch> full = new ArrayBlockingQueue<>(DEPTH + 3);
  private final BlockingQueue<ParquetRowBatch> free = new ArrayBlockingQueue<>(DEPTH + 2);
  private final ParquetFileReader in;
  private final String name;
  private final ParquetHistoryLayout layout;
  private final Thread thread;
  private volatile boolean closed;

  /** Starts decoding {@code in}, whose columns are {@code layout}; {@code name} for messages. */
  ParquetDecoder(ParquetFileReader in, String name, ParquetHistoryLayout layout) {
    this.in = in;
    this.name = name;
    this.layout = layout;
    for (int i = 0; i < DEPTH + 2; i++) {
      free.add(new ParquetRowBatch());
    }
    thread = new Thread(this::run, "parquet-decode " + name);
    thread.setDaemon(true);
    thread.start();
  }

  /** The next batch, in row order; the last one says {@link ParquetRowBatch#last}. */
  ParquetRowBatch next() throws InterruptedException {
    return full.take();
  }

  /** Hands a batch back once its rows are built. */
  void recycle(ParquetRowBatch b) {
    free.add(b);
  }

  private void run() {
    long row = 0;
    ParquetRowBatch b = null;
    try {
      for (int group = 0; group < in.getRowGroups().size(); group++) {
        b = free.take();
        b.clear(row + 1);
        PageReadStore pages = readRowGroup(group, row, b);
        if (pages == null) {
          b.last = true;
          full.put(b);
          return;
        }
        long rows = pages.getRowCount();
        ParquetRowGroup reader;
        try {
          reader = new ParquetRowGroup(layout, pages);
        } catch (IOException | RuntimeException e) {
          b.error = decodeError(row, e);
          b.last = true;
          full.put(b);
          return;
        }
        long left = rows;
        while (left > 0) {
          if (b == null) {
            b = free.take();
            b.clear(row + 1);
          }
          int n = (int) Math.min(left, ParquetRowBatch.CAPACITY);
          try {
            reader.fill(b, n);
          } catch (IOException | RuntimeException e) {
            b.error = decodeError(row + b.size, e);
            b.last = true;
            full.put(b);
            return;
          }
          row += n;
          left -= n;
          full.put(b);
          b = null;
        }
      }
      b = free.take();
      b.clear(row + 1);
      b.last = true;
      full.put(b);
    } catch (InterruptedException e) {
      // closed: the builder stopped reading
    } catch (RuntimeException | Error e) {
      // out of memory, or a library's failure outside the rows: the builder's thread
      // throws it (an Error as it is)
      if (!closed) {
        ParquetRowBatch end = new ParquetRowBatch();
        end.clear(row + 1);
        if (e instanceof Error error) {
          end.fatal = error;
        } else {
          end.error = decodeError(row, e);
        }
        end.last = true;
        full.offer(end);
      }
    }
  }

  /** The row group, or null with the problem in {@code b}. */
  private PageReadStore readRowGroup(int group, long rowsBefore, ParquetRowBatch b) {
    try {
      PageReadStore pages = in.readNextRowGroup();
      if (pages == null) {
        throw new IOException("the row group is missing");
      }
      return pages;
    } catch (IOException | RuntimeException e) {
      b.error = new InvalidHistoryException(name, "row " + (rowsBefore + 1),
          "row group " + (group + 1) + " cannot be read: " + ParquetHistoryReader.reason(e), e);
      return null;
    }
  }

  private InvalidHistoryException decodeError(long rowsBefore, Throwable e) {
    return new InvalidHistoryException(name, "row " + (rowsBefore + 1),
        "the Parquet data cannot be decoded: " + ParquetHistoryReader.reason(e), e);
  }

  /** Stops the decoding thread (at once when the builder stopped early) and waits for it. */
  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
