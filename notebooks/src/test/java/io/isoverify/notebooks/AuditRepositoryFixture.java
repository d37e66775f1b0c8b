package io.isoverify.notebooks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes an audit repository's results table as the audit command's contract describes it
 * (one Parquet file per run, {@code DIR/results/date=YYYY-MM-DD/run-<runId>.parquet},
 * Hive-partitioned by the UTC date of {@code run_time}, one row per run and level), so the
 * audit note can be run before and apart from the command. Stands in for {@code bin/audit}'s
 * output; swap it for a real repository once that command writes one.
 */
final class AuditRepositoryFixture {
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
      message results {
        required binary run_id (STRING);
        required int64 run_time (TIMESTAMP(MILLIS,true));
        required group partitions (LIST) { repeated group list { required binary element (STRING); } }
        required group tags (MAP) { repeated group key_value { required binary key (STRING); required binary value (STRING); } }
        required binary level (STRING);
        required binary verdict (STRING);
        required group anomaly_counts (MAP) { repeated group key_value { required binary key (STRING); required int64 value; } }
        required int64 transactions;
        required int64 elapsed_ms;
      }
      """);

  /** One level's result in a run. */
  record LevelResult(String level, String verdict, Map<String, Long> anomalyCounts, long elapsedMs) {}

  /** One run: what it verified, with which tags, and each level's result. */
  record Run(String runId, Instant runTime, List<String> partitions, Map<String, String> tags,
      long transactions, List<LevelResult> levels) {}

  private AuditRepositoryFixture() {}

  /** Writes each run's file under {@code dir/results}. */
  static void write(Path dir, List<Run> runs) throws IOException {
    for (Run run : runs) {
      Path folder = dir.resolve("results").resolve("date=" + run.runTime().atOffset(ZoneOffset.UTC).toLocalDate());
      Files.createDirectories(folder);
      SimpleGroupFactory rows = new SimpleGroupFactory(SCHEMA);
      try (ParquetWriter<Group> out = ExampleParquetWriter.builder(
          new LocalOutputFile(folder.resolve("run-" + run.runId() + ".parquet"))).withType(SCHEMA).build()) {
        for (LevelResult l : run.levels()) {
          Group g = rows.newGroup().append("run_id", run.runId()).append("run_time", run.runTime().toEpochMilli());
          Group partitions = g.addGroup("partitions");
          run.partitions().forEach(p -> partitions.addGroup("list").append("element", p));
          Group tags = g.addGroup("tags");
          run.tags().forEach((k, v) -> tags.addGroup("key_value").append("key", k).append("value", v));
          g.append("level", l.level()).append("verdict", l.verdict());
          Group counts = g.addGroup("anomaly_counts");
          l.anomalyCounts().forEach((k, n) -> counts.addGroup("key_value").append("key", k).append("value", n));
          g.append("transactions", run.transactions()).append("elapsed_ms", l.elapsedMs());
          out.write(g);
        }
      }
    }
  }

  /**
   * Five runs over three days, SER and SI each: three tagged env=ci (one a day; SER holds,
   * is UNKNOWN, is violated), one tagged env=nightly and db=pg16 (both levels violated), one
   * without tags.
   */
  static List<Run> sample() {
    LevelResult serHolds = new LevelResult("SER", "HOLDS", Map.of(), 120);
    LevelResult siHolds = new LevelResult("SI", "HOLDS", Map.of(), 80);
    return List.of(
        new Run("0b5c1e1a-0000-4000-8000-000000000001", Instant.parse("2026-11-20T08:00:00Z"),
            List.of("h/2026-11-20/part-0.parquet"), Map.of("env", "ci"), 2000, List.of(serHolds, siHolds)),
        new Run("0b5c1e1a-0000-4000-8000-000000000002", Instant.parse("2026-11-20T23:30:00Z"),
            List.of("h/2026-11-20/part-0.parquet", "h/2026-11-20/part-1.parquet"), Map.of("env", "nightly", "db", "pg16"),
            5000, List.of(new LevelResult("SER", "VIOLATED", Map.of("G2-item", 3L, "G-single", 1L), 300),
                new LevelResult("SI", "VIOLATED", Map.of("G-single", 1L), 200))),
        new Run("0b5c1e1a-0000-4000-8000-000000000003", Instant.parse("2026-11-21T08:00:00Z"),
            List.of("h/2026-11-21/part-0.parquet"), Map.of("env", "ci"), 2100,
            List.of(new LevelResult("SER", "UNKNOWN", Map.of(), 900), siHolds)),
        new Run("0b5c1e1a-0000-4000-8000-000000000004", Instant.parse("2026-11-22T08:00:00Z"),
            List.of("h/2026-11-22/part-0.parquet"), Map.of("env", "ci"), 2200,
            List.of(new LevelResult("SER", "VIOLATED", Map.of("G2-item", 2L), 150), siHolds)),
        new Run("0b5c1e1a-0000-4000-8000-000000000005", Instant.parse("2026-11-22T23:30:00Z"),
            List.of("h/2026-11-22/part-0.parquet"), Map.of(), 2200, List.of(serHolds, siHolds)));
  }
}
