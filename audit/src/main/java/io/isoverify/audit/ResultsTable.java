package io.isoverify.audit;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The results table of an audit repository: {@code DIR/results/date=YYYY-MM-DD/run-<runId>.parquet},
 * one row per run and level, Hive-partitioned by the run's UTC date, so that
 * {@code spark.read().parquet("DIR/results")} reads every run. Columns: run_id, run_time
 * (TIMESTAMP millis, UTC), partitions list&lt;string&gt;, tags map&lt;string,string&gt;, level,
 * verdict, anomaly_counts map&lt;string,int64&gt;, transactions int64, elapsed_ms int64.
 */
final class ResultsTable {
  static final String FOLDER = "results";

  static final MessageType SCHEMA = Types.buildMessage()
      .required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("run_id")
      .required(PrimitiveTypeName.INT64)
      .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MILLIS))
      .named("run_time")
      .requiredList().requiredElement(PrimitiveTypeName.BINARY)
      .as(LogicalTypeAnnotation.stringType()).named("partitions")
      .requiredMap().key(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
      .requiredValue(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
      .named("tags")
      .required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("level")
      .required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("verdict")
      .requiredMap().key(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
      .requiredValue(PrimitiveTypeName.INT64).named("anomaly_counts")
      .required(PrimitiveTypeName.INT64).named("transactions")
      .required(PrimitiveTypeName.INT64).named("elapsed_ms")
      .named("audit_results");

  /** One row of the table. */
  record Row(String level, String verdict, Map<String, Long> anomalyCounts) {}

  private ResultsTable() {}

  /** The file of run {@code runId} under {@code dir}, relative to it. */
  static String relativeFile(String runId, Instant runTime) {
    return FOLDER + "/date=" + runTime.toString().substring(0, 10) + "/run-" + runId + ".parquet";
  }

  /** Writes the run's rows into {@code file} (which must not exist). */
  static void write(Path file, String runId, Instant runTime, List<String> partitions,
      Map<String, String> tags, List<Row> rows, long transactions, long elapsedMs)
      throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ParquetTable.writer(file, SCHEMA)) {
      for (Row r : rows) {
        Group g = f.newGroup();
        g.add("run_id", runId);
        g.add("run_time", runTime.toEpochMilli());
        Group list = g.addGroup("partitions");
        for (String p : partitions) {
          list.addGroup("list").add("element", p);
        }
        Group tagMap = g.addGroup("tags");
        tags.forEach((k, v) -> tagMap.addGroup("key_value").append("key", k).append("value", v));
        g.add("level", r.level());
        g.add("verdict", r.verdict());
        Group counts = g.addGroup("anomaly_counts");
        r.anomalyCounts().forEach((k, v) ->
            counts.addGroup("key_value").append("key", k).append("value", (long) v));
        g.add("transactions", transactions);
        g.add("elapsed_ms", elapsedMs);
        w.write(g);
      }
    }
  }
}
