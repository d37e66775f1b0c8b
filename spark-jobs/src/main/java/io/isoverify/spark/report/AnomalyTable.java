package io.isoverify.spark.report;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The anomalies of a run as a Parquet table with fixed snake_case columns, one row per
 * certificate shown, for pipelines and notebooks:
 * run_id, level, anomaly, transactions (list of the file's ids), keys, edges, explanation.
 */
public final class AnomalyTable {
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
      message anomalies {
        required binary run_id (STRING);
        required binary level (STRING);
        required binary anomaly (STRING);
        required group transactions (LIST) { repeated group list { required int64 element; } }
        required group keys (LIST) { repeated group list { required binary element (STRING); } }
        required group edges (LIST) { repeated group list { required binary element (STRING); } }
        required binary explanation (STRING);
      }
      """);

  private AnomalyTable() {}

  public static void write(RunReport r, Path file) throws IOException {
    History h = r.history();
    SimpleGroupFactory rows = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> out = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .build()) {
      for (LevelReport l : r.levels()) {
        for (Certificate c : l.certificates()) {
          Group g = rows.newGroup()
              .append("run_id", r.runId())
              .append("level", l.level().name())
              .append("anomaly", c.anomaly().displayName());
          Group txns = g.addGroup("transactions");
          CertificateText.txnIds(h, c).forEach(id -> txns.addGroup("list").append("element", id));
          Group keys = g.addGroup("keys");
          CertificateText.keys(h, c).forEach(k -> keys.addGroup("list").append("element", k));
          Group edges = g.addGroup("edges");
          CertificateText.edges(h, c).forEach(e -> edges.addGroup("list").append("element", e));
          g.append("explanation", c.summary());
          out.write(g);
        }
      }
    }
  }
}
