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
 * reduce partition (each partition's chunks of one type), handed to the shuffle as
 * {@code (partition, chunk)} pairs when full and at the end. The shuffle then carries a few
 * arrays per chunk, not an object per row; a task holds at most one chunk per partition
 * besides the batch.
 */
abstract class SplitChunks implements Iterator<Tuple2<Integer, SplitChunks.Chunk>> {
  /** A chunk of rows in columns. */
  interface Chunk {
    /** Whether no row fits any more. */
    boolean full();

    /** How many rows it holds. */
    int size();
  }

  private final Iterator<DecodedSplits.Split> splits;
  private final Chunk[] open;
  private final ArrayDeque<Tuple2<Integer, Chunk>> ready = new ArrayDeque<>();
  private ParquetRowGroups.Scan scan;
  private boolean flushed;
  /** The current split's file (an index into the input's files). */
  protected int file;

  SplitChunks(Iterator<DecodedSplits.Split> splits, int partitions) {
    this.splits = splits;
    this.open = new Chunk[partitions];
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

  /** A new chunk for partition p. */
  protected abstract Chunk newChunk(int p);

  /** Partition p's open chunk, a new one when there is none. */
  final Chunk chunk(int p) {
    if (open[p] == null) {
      open[p] = newChunk(p);
    }
    return open[p];
  }

  /** After a row went into partition p's chunk: hands the chunk on once it is full. */
  final void added(int p) {
    Chunk c = open[p];
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
        Chunk c = open[p];
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
  public final Tuple2<Integer, Chunk> next() {
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
