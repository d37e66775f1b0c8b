package io.isoverify.history.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Writes Parquet files of any schema and content, valid or not, from a tiny text form, so
 * tests can build exactly the bad input they check. A row is {@code name=value} pairs
 * separated by spaces; a column left out is null; a LIST column is written
 * {@code read_list=1|2|3}, {@code read_list=} for the empty list, and {@code _} stands for
 * a null element.
 */
public final class ParquetTestFiles {
  /** The canonical columns without the optional ones (read_list, pred_). */
  public static final String BASIC = """
      message history {
        required int64 session; required int64 txn; required int32 txn_pos;
        required int32 op_pos; required binary kind (STRING); optional int64 key;
        optional int64 value; required binary outcome (STRING);
        optional int64 start_ts; optional int64 end_ts;
      }""";

  private ParquetTestFiles() {}

  /** Writes {@code rows} to {@code file} with the schema given in Parquet's text form. */
  public static Path write(Path file, String schemaText, String... rows) throws IOException {
    return write(file, CompressionCodecName.UNCOMPRESSED, schemaText, rows);
  }

  /** Likewise, compressed with {@code codec} by Parquet's own codec factory. */
  public static Path write(Path file, CompressionCodecName codec, String schemaText, String... rows)
      throws IOException {
    return write(file, b -> b.withCompressionCodec(codec), schemaText, rows);
  }

  /** Likewise, with the writer's settings (page format, sizes, encodings) set by {@code tune}. */
  static Path write(Path file, UnaryOperator<ExampleParquetWriter.Builder> tune,
      String schemaText, String... rows) throws IOException {
    MessageType schema = MessageTypeParser.parseMessageType(schemaText);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> out = tune.apply(
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE))
        .build()) {
      for (String row : rows) {
        out.write(group(groups.newGroup(), schema, row));
      }
    }
    return file;
  }

  private static Group group(Group g, MessageType schema, String row) {
    for (String cell : row.trim().split("\\s+")) {
      int eq = cell.indexOf('=');
      String name = cell.substring(0, eq);
      String text = cell.substring(eq + 1);
      Type type = schema.getType(name);
      if (type.isPrimitive()) {
        add(g, name, type.asPrimitiveType(), text);
      } else {
        addList(g.addGroup(name), type.asGroupType(), text);
      }
    }
    return g;
  }

  /** A three-level LIST: group (LIST) { repeated group list { element } }. */
  private static void addList(Group list, GroupType type, String text) {
    GroupType repeated = type.getType(0).asGroupType();
    PrimitiveType element = repeated.getType(0).asPrimitiveType();
    if (text.isEmpty()) {
      return;
    }
    for (String e : text.split("\\|")) {
      Group item = list.addGroup(repeated.getName());
      if (!e.equals("_")) {
        add(item, element.getName(), element, e);
      }
    }
  }

  private static void add(Group g, String name, PrimitiveType type, String text) {
    switch (type.getPrimitiveTypeName()) {
      case INT32 -> g.add(name, Integer.parseInt(text));
      case INT64 -> g.add(name, Long.parseLong(text));
      case DOUBLE -> g.add(name, Double.parseDouble(text));
      case BINARY -> g.add(name, text);
      default -> throw new IllegalArgumentException("no text form for " + type);
    }
  }
}
