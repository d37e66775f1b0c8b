package io.isoverify.spark.stages;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.io.ParquetRowBatch;
import io.isoverify.history.io.ParquetRowGroups;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import scala.Tuple2;

/**
 * The map side of a job over decoded splits ({@link DecodedSplits}): a task's splits read
 * batch by batch, what each batch gives gathered into columnar chunks, one open chunk per
 * reduce partition, handed to the shuffle as {@code (partition, chunk)} pairs when full and
 * at the end. The shuffle then carries a few arrays per chunk, not an object per row; a
 * task holds at most one chunk per partition besides the batch.
 *
 * @param <C> the chunk type
 */
abstract class SplitChunks<C extends SplitChunks.Chunk> implements
    Iterator<Tuple2<Integer, C>> {
  /** A chunk of rows in columns. */
  interface Chunk {
    /** Whether no row fits any more. */
    boolean full();

    /** How many rows it holds. */
    int size();
  }

  private final Iterator<DecodedSplits.Split> splits;
  private final Object[] open;
  private final ArrayDeque<Tuple2<Integer, C>> ready = new ArrayDeque<>();
  private ParquetRowGroups.Scan scan;
  private boolean flushed;
  /** The current split's file (an index into the input's files). */
  protected int file;

  SplitChunks(Iterator<DecodedSplits.Split> splits, int partitions) {
    this.splits = splits;
    this.open = new Object[partitions];
  }

  /** Opens split s's rows (a file changed since the driver planned: the exception). */
  protected abstract ParquetRowGroups.Scan scan(DecodedSplits.Split s)
      throws InvalidHistoryException;

  /** A split that can no longer be opened. */
  protected abstract void unreadable(DecodedSplits.Split s, InvalidHistoryException e);

  /**
   * Takes the batch's rows; a batch with {@link ParquetRowBatch#error()} ends its split after
   * them.
   */
  protected abstract void add(ParquetRowBatch b);

  /** After the last batch, before the last chunks go. */
  protected void finish() {}

  protected abstract C newChunk();

  /** Partition p's open chunk, a new one when there is none. */
  @SuppressWarnings("unchecked")
  protected final C chunk(int p) {
    if (open[p] == null) {
      open[p] = newChunk();
    }
    return (C) open[p];
  }

  /** After a row went into partition p's chunk: hands the chunk on once it is full. */
  @SuppressWarnings("unchecked")
  protected final void added(int p) {
    C c = (C) open[p];
    if (c.full()) {
      ready.add(new Tuple2<>(p, c));
      open[p] = null;
    }
  }

  @Override
  public final boolean hasNext() {
    while (ready.isEmpty() && !flushed) {
      ParquetRowBatch b = nextBatch();
      if (b != null) {
        add(b);
        if (b.error() != null) {
          scan = null;
        }
        continue;
      }
      finish();
      for (int p = 0; p < open.length; p++) {
        @SuppressWarnings("unchecked")
        C c = (C) open[p];
        if (c != null && c.size() > 0) {
          ready.add(new Tuple2<>(p, c));
        }
        open[p] = null;
      }
      flushed = true;
    }
    return !ready.isEmpty();
  }

  @Override
  public final Tuple2<Integer, C> next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return ready.poll();
  }

  private ParquetRowBatch nextBatch() {
    while (true) {
      ParquetRowBatch b = scan == null ? null : scan.next();
      if (b != null) {
        return b;
      }
      if (!splits.hasNext()) {
        return null;
      }
      DecodedSplits.Split s = splits.next();
      file = s.file();
      try {
        scan = scan(s);
      } catch (InvalidHistoryException e) {
        unreadable(s, e);
      }
    }
  }
}
