package io.isoverify.datasets.generate;

import io.isoverify.history.Outcome;
import io.isoverify.history.OpKind;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.io.HistorySink;
import io.isoverify.history.io.ParquetHistorySink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One history written as {@code n} Parquet files {@code part-00000.parquet} ... in a folder,
 * in the order the transactions arrive (the simulated database emits them as they end, so
 * each file is a continuation of the ones before it: cobra appendix B.1), {@code perFile}
 * transactions a file (the last takes the rest). Read back as one history by reading the
 * folder; audited partition by partition by {@code bin/audit}.
 */
public final class PartitionedSink implements HistorySink {
  private final Path folder;
  private final int files;
  private final long perFile;
  private ParquetHistorySink current;
  private int index = -1;
  private long inCurrent;

  public PartitionedSink(Path folder, int files, long transactions) throws IOException {
    if (files < 1) {
      throw new IllegalArgumentException("--partitions must be at least 1, not " + files);
    }
    this.folder = folder;
    this.files = files;
    this.perFile = Math.max(1, transactions / files);
    Files.createDirectories(folder);
  }

  /** The name of part {@code i}. */
  public static String partName(int i) {
    return String.format("part-%05d.parquet", i);
  }

  @Override
  public void begin(long session, long txn, int positionInSession, Outcome outcome, long start,
      long end) throws IOException {
    if (current == null || (inCurrent == perFile && index + 1 < files)) {
      if (current != null) {
        current.close();
      }
      index++;
      current = new ParquetHistorySink(folder.resolve(partName(index)));
      inCurrent = 0;
    }
    inCurrent++;
    current.begin(session, txn, positionInSession, outcome, start, end);
  }

  @Override
  public void op(OpKind kind, long key, long value) throws IOException {
    current.op(kind, key, value);
  }

  @Override
  public void readInitial(long key) throws IOException {
    current.readInitial(key);
  }

  @Override
  public void readList(long key, long[] elements, int from, int length) throws IOException {
    current.readList(key, elements, from, length);
  }

  @Override
  public void predicateRead(long field, long low, long high, int matched) throws IOException {
    current.predicateRead(field, low, high, matched);
  }

  @Override
  public void write(OpKind kind, long key, long value, WrittenFields fields) throws IOException {
    current.write(kind, key, value, fields);
  }

  @Override
  public void end() throws IOException {
    current.end();
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
    }
  }
}
