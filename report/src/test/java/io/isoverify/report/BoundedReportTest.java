package io.isoverify.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 10^5 violations give a report of bounded size: the first of each kind, the rest counted. */
class BoundedReportTest {
  private static final int VIOLATIONS = 100_000;
  /** Far above what SHOWN_PER_KIND anomalies need, far below what 10^5 would take. */
  private static final long MAX_BYTES = 512 * 1024;

  @TempDir Path dir;

  @Test
  void hundredThousandAbortedReads() throws Exception {
    ReportFiles.write(SampleRuns.abortedReads(VIOLATIONS), dir);
    long total;
    List<String> drawings;
    try (Stream<Path> s = Files.list(dir)) {
      List<Path> files = s.toList();
      total = files.stream().mapToLong(p -> p.toFile().length()).sum();
      drawings = files.stream().map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".dot")).toList();
    }
    assertTrue(total < MAX_BYTES, "the report takes " + total + " bytes");
    assertEquals(ReportFiles.SHOWN_PER_KIND, drawings.size());
    JsonNode report = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
    assertEquals(List.of(), SchemaSubset.validate(ReportFilesTest.schema(), report));
    JsonNode ser = report.get("levels").get(0);
    assertEquals(VIOLATIONS, ser.get("anomaly_counts").get("AbortedRead").asLong());
    assertEquals(ReportFiles.SHOWN_PER_KIND, ser.get("anomalies").size());
    assertEquals(VIOLATIONS - ReportFiles.SHOWN_PER_KIND, ser.get("omitted").get("AbortedRead").asLong());
    assertTrue(Files.readString(dir.resolve("report.html")).contains("Not shown under SER: 99990 more AbortedRead."));
  }
}
