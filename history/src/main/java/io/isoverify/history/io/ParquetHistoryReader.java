package io.isoverify.history.io;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a history from the canonical Parquet form ({@link ParquetHistorySchema}), through
 * {@link HistoryBuilder}, so every check and message is the one every format gets. Rows
 * are named "row N", N counting from 1 across the whole file.
 *
 * <p>Each column's pages are decoded whole into primitive arrays ({@link ParquetColumn}),
 * rows from there into batches of primitive arrays on a second thread
 * ({@link ParquetDecoder}), and from the batches into the builder's primitive arrays on the
 * caller's: nothing is allocated per row for integer histories (string ids cost one String
 * each, for the dictionary). Memory beyond the history is one row group and a few batches.
 * Time per row: O(columns) plus the builder's dictionary lookups, which dominate on
 * histories with millions of distinct values; the decoding overlaps with them.
 *
 * <p>Before Parquet sees the file, its envelope is checked (not empty, the PAR1 magic at
 * both ends), so a text file, an empty file or a truncated copy gets a plain message
 * rather than a decoder's exception.
 */
public final class ParquetHistoryReader {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private ParquetHistoryReader() {}

  public static History read(Path file) throws InvalidHistoryException {
    if (Files.isDirectory(file)) {
      return read(partFiles(file), file.toString());
    }
    HistoryBuilder b = new HistoryBuilder(file.toString());
    readRows(file, b, 0);
    return b.build();
  }

  /**
   * One history from several Parquet files read in the order given (a folder of part files,
   * an audit's carried transactions and its new partitions): a transaction's rows may be in
   * several files, and every rule applies to the whole. Rows are named by file and row
   * within it ("part-00002.parquet row 17"); {@code source} names the whole in messages
   * about transactions and sessions.
   */
  public static History read(java.util.List<Path> files, String source)
      throws InvalidHistoryException {
    if (files.isEmpty()) {
      throw new InvalidHistoryException(source, "", "no Parquet files to read");
    }
    long[] firstRow = new long[files.size() + 1];
    Arrays.fill(firstRow, Long.MAX_VALUE);
    String[] names = new String[files.size()];
    for (int i = 0; i < files.size(); i++) {
      names[i] = String.valueOf(files.get(i).getFileName());
    }
    HistoryBuilder b = new HistoryBuilder(source, row -> {
      int i = Arrays.binarySearch(firstRow, 0, files.size(), row - 1);
      i = i >= 0 ? i : -i - 2;
      while (i + 1 < files.size() && firstRow[i + 1] == firstRow[i]) {
        i++;
      }
      return names[i] + " row " + (row - firstRow[i]);
    });
    long rows = 0;
    for (int i = 0; i < files.size(); i++) {
      firstRow[i] = rows;
      rows += readRows(files.get(i), b, rows);
    }
    firstRow[files.size()] = rows;
    return b.build();
  }

  /**
   * The *.parquet files of a folder in name order, hidden ones (dot or underscore first, as
   * Spark and Hadoop skip them) left out.
   */
  public static java.util.List<Path> partFiles(Path folder) throws InvalidHistoryException {
    try (java.util.stream.Stream<Path> files = Files.list(folder)) {
      java.util.List<Path> parts = files.filter(p -> {
        String n = p.getFileName().toString();
        return n.endsWith(".parquet") && !n.startsWith(".") && !n.startsWith("_")
            && Files.isRegularFile(p);
      }).sorted().toList();
      if (parts.isEmpty()) {
        throw new InvalidHistoryException(folder.toString(), "",
            "the folder holds no Parquet part files (*.parquet)");
      }
      return parts;
    } catch (IOException e) {
      throw new InvalidHistoryException(folder.toString(), "", "cannot list the folder: " + e, e);
    }
  }

  /**
   * Adds the rows of {@code file} to {@code b}, numbering them from {@code rowsBefore} + 1:
   * decoded on a second thread ({@link ParquetDecoder}), built on this one
   * ({@link ParquetRows}).
   */
  private static long readRows(Path file, HistoryBuilder b, long rowsBefore)
      throws InvalidHistoryException {
    String name = file.toString();
    checkEnvelope(file, name);
    ParquetFileReader in = open(file, name);
    try (in) {
      MessageType schema = in.getFooter().getFileMetaData().getSchema();
      ParquetHistoryLayout layout = new ParquetHistoryLayout(name, schema);
      if (layout.rowFields == null) {
        b.rowFieldsMissing(); // a file without row_fields does not say what writes set
      }
      b.expectRows(rowsBefore + in.getRecordCount());
      ParquetRows rows = new ParquetRows(name, b);
      long row = 0;
      try (ParquetDecoder decoder = new ParquetDecoder(in, name, layout)) {
        while (true) {
          ParquetRowBatch batch = decoder.next();
          for (int r = 0; r < batch.size; r++) {
            try {
              rows.add(batch, r, row + 1, rowsBefore);
            } catch (RuntimeException e) {
              throw new InvalidHistoryException(name, "row " + (row + 1),
                  "the Parquet data cannot be decoded: " + reason(e), e);
            }
            row++;
          }
          if (batch.fatal != null) {
            throw batch.fatal;
          }
          if (batch.error != null) {
            throw batch.error;
          }
          if (batch.last) {
            return row;
          }
          decoder.recycle(batch);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InvalidHistoryException(name, "row " + (row + 1), "interrupted while reading",
            e);
      }
    } catch (IOException e) {
      throw new InvalidHistoryException(name, "", "cannot read the file: " + reason(e), e);
    }
  }

  /**
   * Checks all that can be checked without reading rows (the envelope, the footer, the
   * columns), with the messages {@link #read} gives: for readers that read the rows
   * themselves, such as the Spark stages.
   */
  public static void checkLayout(Path file) throws InvalidHistoryException {
    String name = file.toString();
    checkEnvelope(file, name);
    try (ParquetFileReader in = open(file, name)) {
      new ParquetHistoryLayout(name, in.getFooter().getFileMetaData().getSchema());
    } catch (IOException e) {
      throw new InvalidHistoryException(name, "", "cannot read the file: " + reason(e), e);
    }
  }

  private static ParquetFileReader open(Path file, String name) throws InvalidHistoryException {
    return open(new LocalInputFile(file), name);
  }

  /** Opens a file's footer with the project's codecs; bad input when it cannot be read. */
  static ParquetFileReader open(org.apache.parquet.io.InputFile file, String name)
      throws InvalidHistoryException {
    ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
        .withCodecFactory(new ParquetCodecs())
        .build();
    try {
      return ParquetFileReader.open(file, options);
    } catch (IOException | RuntimeException e) {
      throw new InvalidHistoryException(name, "", "the Parquet footer cannot be read: "
          + reason(e), e);
    }
  }

  /** Rejects what is not a whole Parquet file: missing, empty, not Parquet, truncated. */
  private static void checkEnvelope(Path file, String name) throws InvalidHistoryException {
    try (SeekableByteChannel ch = Files.newByteChannel(file)) {
      long size = ch.size();
      if (size == 0) {
        throw new InvalidHistoryException(name, "", "the file is empty (0 bytes), "
            + "not a Parquet file");
      }
      byte[] head = readAt(ch, 0);
      if (!Arrays.equals(head, MAGIC)) {
        throw new InvalidHistoryException(name, "", "not a Parquet file: it does not start "
            + "with the Parquet magic bytes PAR1");
      }
      // Smallest whole file: magic, footer length (4 bytes), magic.
      if (size < 12 || !Arrays.equals(readAt(ch, size - 4), MAGIC)) {
        throw new InvalidHistoryException(name, "", "the Parquet file is truncated: its "
            + size + " bytes do not end with the Parquet footer and magic bytes PAR1");
      }
    } catch (NoSuchFileException e) {
      throw new InvalidHistoryException(name, "", "no such file", e);
    } catch (IOException e) {
      throw new InvalidHistoryException(name, "", "cannot read the file: " + reason(e), e);
    }
  }

  /** The 4 bytes at {@code offset}, or fewer when the file ends first. */
  private static byte[] readAt(SeekableByteChannel ch, long offset) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(MAGIC.length);
    ch.position(offset);
    while (buf.hasRemaining() && ch.read(buf) > 0) {
      // keep reading until 4 bytes or the end of the file
    }
    return Arrays.copyOf(buf.array(), buf.position());
  }

  /** A one-line reason for a library exception, never its stack trace. */
  static String reason(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return e.getClass().getSimpleName();
    }
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
