package io.isoverify.audit;

import io.isoverify.history.io.ParquetCodecs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Small Parquet tables of the audit (its state tables, the results table) written and read
 * as Parquet's example {@link Group}s through local files and a plain (non-Hadoop)
 * configuration, ZSTD-compressed, with the history module's codecs.
 */
final class ParquetTable {
  private ParquetTable() {}

  /** A writer of {@code file} (which must not exist) with {@code schema}. */
  static ParquetWriter<Group> writer(Path file, MessageType schema) throws IOException {
    return ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration())
        .withType(schema)
        .withCodecFactory(new ParquetCodecs())
        .withCompressionCodec(CompressionCodecName.ZSTD)
        .withWriteMode(ParquetFileWriter.Mode.CREATE)
        .build();
  }

  /** Every row of {@code file}. */
  static List<Group> read(Path file) throws IOException {
    List<Group> rows = new ArrayList<>();
    try (ParquetReader<Group> in = new GroupReader(new LocalInputFile(file)).build()) {
      for (Group g = in.read(); g != null; g = in.read()) {
        rows.add(g);
      }
    }
    return rows;
  }

  private static final class GroupReader extends ParquetReader.Builder<Group> {
    GroupReader(InputFile file) {
      super(file, new PlainParquetConfiguration());
    }

    @Override
    @SuppressWarnings("deprecation")
    protected ReadSupport<Group> getReadSupport() {
      return new GroupReadSupport();
    }
  }
}
