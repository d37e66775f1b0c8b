package io.isoverify.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import io.isoverify.history.History;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.HistoryShape;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.PathChoice;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.HistoryDsl;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check each level took is in every report: a "path" line of the text (one line when
 * every level took the same path, else one per path with its levels), report.json's
 * {@code path} per level (valid against the schema), and a column of report.html.
 */
class PathReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final PathChoice MINI =
      new PathChoice(CheckPath.MINI_TRANSACTIONS, HistoryShape.MINI);
  private static final PathChoice LIGHT =
      new PathChoice(CheckPath.LIGHTWEIGHT_TRANSACTIONS, HistoryShape.LIGHTWEIGHT);

  @TempDir Path dir;

  @Test
  void eachLevelSaysWhichPathDecidedIt() throws Exception {
    RunReport r = run(MINI, MINI, LIGHT);
    ReportFiles.write(r, dir);
    String text = Files.readString(dir.resolve(ReportFiles.TEXT));
    assertTrue(text.contains("\npath SER, SI: mini-transactions (every transaction reads before it "
        + "writes, at most 2 reads and 2 writes, written values unique)\npath SSER: lightweight "
        + "transactions (every transaction is a compare-and-set, an insert or a read of one key, "
        + "with client timestamps, sessions in real-time order: linearizability per key)\n"), text);
    JsonNode report = JSON.readTree(dir.resolve(ReportFiles.JSON).toFile());
    assertEquals(List.of(), SchemaSubset.validate(ReportFilesTest.schema(), report));
    assertEquals(JSON.readTree("{\"name\": \"mini-transactions\", \"reason\": \""
        + HistoryShape.MINI + "\"}"), report.get("levels").get(0).get("path"));
    assertEquals("lightweight transactions",
        report.get("levels").get(2).get("path").get("name").asText());
    String html = Files.readString(dir.resolve(ReportFiles.HTML));
    assertTrue(html.contains("<th>path</th>"), html);
    assertTrue(html.contains("<td>lightweight transactions (every transaction is a compare-and-set"), html);
  }

  @Test
  void oneLineWhenEveryLevelTookTheSamePath() throws Exception {
    PathChoice general = new PathChoice(CheckPath.GENERAL,
        "transaction T17 has 3 reads: not a mini-transaction");
    String text = ReportText.render(run(general, general, general));
    assertTrue(text.contains("\npath: general (transaction T17 has 3 reads: not a mini-transaction)\n"
        + "SER "), text);
  }

  private static RunReport run(PathChoice ser, PathChoice si, PathChoice sser) {
    History h = HistoryDsl.parse("s1: [r x init; w x 1]\ns2: [r x 1]");
    List<LevelReport> levels = List.of(level(Level.SER, ser), level(Level.SI, si),
        level(Level.SSER, sser));
    return new RunReport("run-path", "paths.jsonl", "jsonl", h, levels, new LinkedHashMap<>());
  }

  private static LevelReport level(Level level, PathChoice path) {
    return new LevelReport(level, Verdict.HOLDS, null, List.of(), Map.of(),
        "witness: a serial order of 2 transactions, re-checked", 1_000_000L, path);
  }
}
