package io.isoverify.history.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Writes operation rows to a hidden temporary file beside the target and renames it onto
 * the target atomically on {@link #commit()}, so a reader never sees a half-written
 * history. Memory is bounded by one row group. No Hadoop FileSystem is involved: the file
 * goes through {@link LocalOutputFile} with a plain (non-Hadoop) configuration.
 */
final class ParquetOpWriter implements AutoCloseable {
  /**
   * Row groups of 8 MiB as Parquet measures them (its buffered pages, compressed: about 1.4M
   * operation rows of bin/generate's workloads). Spark gives a row group to one task, so a
   * file's row groups bound how many tasks read it: at 128 MiB the 1M-transaction benchmark
   * history (62 MB) was one row group, read by one core while the other waited (read and
   * validate 25 s; 16 s with 8 row groups). The file grows by 1.5%.
   */
  private static final long ROW_GROUP_BYTES = 8L << 20;

  private final Path target;
  private final Path temp;
  private final ParquetWriter<ParquetOpRecord> writer;
  private boolean finished;

  ParquetOpWriter(Path target, MessageType schema) throws IOException {
    Path absolute = target.toAbsolutePath();
    this.target = absolute;
    // Hidden (Spark and Hadoop skip dot files) and unique. The writer creates it with the
    // usual permissions; createTempFile would make the history readable by its owner only.
    this.temp = absolute.resolveSibling("." + absolute.getFileName() + "." + UUID.randomUUID()
        + ".tmp");
    try {
      this.writer = new Builder(new LocalOutputFile(temp), schema)
          .withConf(new PlainParquetConfiguration())
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
          .withCodecFactory(new ParquetCodecs())
          .withCompressionCodec(CompressionCodecName.ZSTD)
          .withRowGroupSize(ROW_GROUP_BYTES)
          .withDictionaryEncoding(true)
          // Nearly unique per row: a dictionary would only be built to be dropped.
          .withDictionaryEncoding(ParquetHistorySchema.TXN, false)
          .withDictionaryEncoding(ParquetHistorySchema.VALUE, false)
          .withDictionaryEncoding(ParquetHistorySchema.START_TS, false)
          .withDictionaryEncoding(ParquetHistorySchema.END_TS, false)
          // Min and max of a handful of codes help no reader, and cost a compare per row.
          .withStatisticsEnabled(ParquetHistorySchema.KIND, false)
          .withStatisticsEnabled(ParquetHistorySchema.OUTCOME, false)
          .build();
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
  }

  void write(ParquetOpRecord row) throws IOException {
    writer.write(row);
  }

  /** Finishes the file and renames it onto the target. */
  void commit() throws IOException {
    finished = true;
    try {
      writer.close();
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** Drops the temporary file unless {@link #commit()} ran; the target is left untouched. */
  @Override
  public void close() throws IOException {
    if (!finished) {
      finished = true;
      try {
        writer.close();
      } finally {
        Files.deleteIfExists(temp);
      }
    }
  }

  private static final class Builder extends ParquetWriter.Builder<ParquetOpRecord, Builder> {
    private final MessageType schema;

    Builder(OutputFile file, MessageType schema) {
      super(file);
      this.schema = schema;
    }

    @Override
    protected Builder self() {
      return this;
    }

    /** Abstract in Parquet, though deprecated there; the plain-configuration one is used. */
    @Override
    @SuppressWarnings("deprecation")
    protected WriteSupport<ParquetOpRecord> getWriteSupport(Configuration conf) {
      return new ParquetOpWriteSupport(schema);
    }

    @Override
    protected WriteSupport<ParquetOpRecord> getWriteSupport(ParquetConfiguration conf) {
      return new ParquetOpWriteSupport(schema);
    }
  }
}
