package io.isoverify.report;

import io.isoverify.engine.RunReport;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.history.History;
import io.isoverify.history.explain.Explanation;
import io.isoverify.history.explain.ExplanationText;
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
 * anomaly shown per level (bounded, see {@link ExplainedRun}), for pipelines and notebooks:
 * run_id, level, anomaly (its title: "G2-item (WriteSkew)"), transactions (list of the file's
 * ids, -1 the initial state), keys, edges ("T1 -RW(x=init)-> T2"), explanation (the text).
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

  /** One row per anomaly shown per level; the explanation column holds the step-by-step text. */
  static void write(ExplainedRun run, Path file) throws IOException {
    RunReport r = run.report();
    History h = r.history();
    ExplanationText text = new ExplanationText(h);
    SimpleGroupFactory rows = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> out = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .build()) {
      for (ExplainedRun.LevelView v : run.levels()) {
        for (ExplainedRun.Shown s : v.shown()) {
          Explanation x = s.explanation();
          Group g = rows.newGroup()
              .append("run_id", r.runId())
              .append("level", v.level().level().name())
              .append("anomaly", x.title());
          Group txns = g.addGroup("transactions");
          x.txns().forEach(t -> txns.addGroup("list").append("element", t < 0 ? -1L : h.txnId(t)));
          Group keys = g.addGroup("keys");
          x.keys().forEach(k -> keys.addGroup("list").append("element", h.showKey(k)));
          Group edges = g.addGroup("edges");
          x.steps().forEach(st -> edges.addGroup("list").append("element", CertificateSummary.edge(h, st.edge())));
          g.append("explanation", text.render(x));
          out.write(g);
        }
      }
    }
  }
}
