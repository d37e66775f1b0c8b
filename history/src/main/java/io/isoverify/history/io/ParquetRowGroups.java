package io.isoverify.history.io;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.validation.RowFields;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One Parquet history file opened for reading a range of its row groups at a time, with the
 * in-process reader's decoder ({@link ParquetRowGroup}, the same columns and checks as
 * {@link ParquetHistoryReader}): for readers that split a file across tasks, such as the
 * Spark stages. Opening reads the footer and checks the columns ({@link
 * ParquetHistoryLayout}, the in-process messages); {@link #scan} decodes row groups
 * {@code [from, to)} on the calling thread into one reused {@link ParquetRowBatch}, rows
 * named by their row in the file (counting from 1). O(columns + list elements) per row.
 */
public final class ParquetRowGroups implements AutoCloseable {
  private final ParquetFileReader in;
  private final String name;
  private final ParquetHistoryLayout layout;
  private final long[] firstRow;

  private ParquetRowGroups(ParquetFileReader in, String name, ParquetHistoryLayout layout) {
    this.in = in;
    this.name = name;
    this.layout = layout;
    List<BlockMetaData> blocks = in.getRowGroups();
    firstRow = new long[blocks.size() + 1];
    firstRow[0] = 1;
    for (int g = 0; g < blocks.size(); g++) {
      firstRow[g + 1] = firstRow[g] + blocks.get(g).getRowCount();
    }
  }

  /**
   * Opens {@code file} (on any filesystem an {@link InputFile} reads); {@code name} is how
   * messages name it. A footer that cannot be read, or columns the history format does not
   * accept, are bad input.
   */
  public static ParquetRowGroups open(InputFile file, String name)
      throws InvalidHistoryException {
    ParquetFileReader in = ParquetHistoryReader.open(file, name);
    try {
      return new ParquetRowGroups(in, name,
          new ParquetHistoryLayout(name, in.getFooter().getFileMetaData().getSchema()));
    } catch (InvalidHistoryException | RuntimeException e) {
      try {
        in.close();
      } catch (IOException ignored) {
        // the layout's problem is the one to report
      }
      throw e;
    }
  }

  /** The number of row groups. */
  public int count() {
    return firstRow.length - 1;
  }

  /** The rows of row group g. */
  public long rows(int g) {
    return firstRow[g + 1] - firstRow[g];
  }

  /** The compressed bytes of row group g (for planning splits). */
  public long bytes(int g) {
    return in.getRowGroups().get(g).getCompressedSize();
  }

  /** Whether column c (a {@link RowFields} number) holds strings. */
  public boolean text(int c) {
    return c == RowFields.SESSION
        ? layout.session.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY
        : c == RowFields.KEY
        ? layout.key.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY
        : c == RowFields.VALUE
        && layout.value.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY;
  }

  /**
   * Decodes row groups {@code [from, to)}: each call of {@link Scan#next} fills the one batch
   * with the next rows; a problem (a row group that cannot be read, data that cannot be
   * decoded) ends the scan in the batch's {@link ParquetRowBatch#error()} at the row where it
   * happened, as the in-process reader reports it.
   */
  public Scan scan(int from, int to) {
    return new Scan(from, to);
  }

  /** A scan of a range of row groups. */
  public final class Scan {
    private final ParquetRowBatch batch = new ParquetRowBatch();
    private final int to;
    private int group;
    private ParquetRowGroup reader;
    private long left;
    private long row;
    private boolean done;

    private Scan(int from, int to) {
      this.group = from;
      this.to = to;
      this.row = firstRow[from];
    }

    /** The next batch of rows (the same object each time), or null after the last. */
    public ParquetRowBatch next() {
      if (done) {
        return null;
      }
      batch.clear(row);
      while (left == 0) {
        if (group == to) {
          done = true;
          return null;
        }
        try {
          PageReadStore pages = in.readRowGroup(group);
          if (pages == null) {
            throw new IOException("the row group is missing");
          }
          left = pages.getRowCount();
          reader = new ParquetRowGroup(layout, pages);
        } catch (IOException | RuntimeException e) {
          return fail(new InvalidHistoryException(name, "row " + row, "row group " + (group + 1)
              + " cannot be read: " + ParquetHistoryReader.reason(e), e));
        }
        group++;
      }
      int n = (int) Math.min(left, ParquetRowBatch.CAPACITY);
      try {
        reader.fill(batch, n);
      } catch (IOException | RuntimeException e) {
        return fail(new InvalidHistoryException(name, "row " + (row + batch.size),
            "the Parquet data cannot be decoded: " + ParquetHistoryReader.reason(e), e));
      }
      left -= n;
      row += n;
      return batch;
    }

    private ParquetRowBatch fail(InvalidHistoryException e) {
      batch.error = e;
      done = true;
      return batch;
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
