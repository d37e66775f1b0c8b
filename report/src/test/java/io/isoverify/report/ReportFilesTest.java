package io.isoverify.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isoverify.engine.RunReport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;


/** Every file of a report, from one run with a write skew (SER only) and an aborted read. */
public class ReportFilesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  public static JsonNode schema() throws IOException {
    try (InputStream in = ReportJson.class.getResourceAsStream(ReportJson.SCHEMA_RESOURCE)) {
      return JSON.readTree(in);
    }
  }

  private List<String> files() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void writesEveryFileAtomicallyWithPictures() throws Exception {
    ReportFiles.write(SampleRuns.writeSkewAndAbortedRead(), dir);
    assertEquals(List.of("anomalies.parquet", "anomaly-1.dot", "anomaly-1.svg", "anomaly-2.dot",
        "anomaly-2.svg", "report.html", "report.json", "report.txt"), files());
    assertTrue(Files.readString(dir.resolve("anomaly-1.svg")).contains("<svg"));
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains("<svg") && html.contains("G2-item (WriteSkew)")
        && !html.contains("<script"), html);
    assertEquals(1, html.split("<header>", -1).length - 1, "the body is in the page once");
    // A second run into the same folder leaves no stale drawing behind.
    ReportFiles.write(new RunReport("run-2", "none", "jsonl", SampleRuns.writeSkewAndAbortedRead().history(),
        List.of(), new java.util.LinkedHashMap<>()), dir);
    assertEquals(List.of("anomalies.parquet", "report.html", "report.json", "report.txt"), files());
  }

  @Test
  void whenDrawingFailsTheDotFilesAreWrittenAndTheReportSaysWhy() throws Exception {
    ReportFiles.write(SampleRuns.writeSkewAndAbortedRead(), dir, g -> {
      throw new IllegalStateException("no layout (test)");
    });
    String why = "the picture could not be drawn (java.lang.IllegalStateException: no layout (test)); "
        + "the DOT file is written";
    assertEquals(List.of("anomalies.parquet", "anomaly-1.dot", "anomaly-2.dot", "report.html", "report.json",
        "report.txt"), files());
    JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
    assertEquals(List.of(), SchemaSubset.validate(schema(), report));
    assertEquals(JSON.readTree("{\"available\": false, \"reason\": \"" + why + "\"}"), report.get("graphviz"));
    assertTrue(report.get("levels").get(0).get("anomalies").get(0).get("svg").isNull());
    assertTrue(Files.readString(dir.resolve("report.txt")).contains("Drawing: anomaly-1.dot (no SVG: " + why + ")"));
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("No picture: " + why) && html.contains("digraph &quot;anomaly-1&quot;"), html);
  }

  @Test
  void jsonValidatesAgainstTheSchemaAndSaysWhatHappened() throws Exception {
    ReportFiles.write(SampleRuns.writeSkewAndAbortedRead(), dir);
    JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
    assertEquals(List.of(), SchemaSubset.validate(schema(), report));
    JsonNode ser = report.get("levels").get(0);
    JsonNode skew = ser.get("anomalies").get(0);
    assertEquals(JSON.readTree("""
        {"number": 1, "levels": ["SER"], "anomaly": "G2-item", "pattern": "WriteSkew", "transactions": [1, 2],
         "keys": ["y", "x"], "edges": ["T1 -RW(y=init)-> T2", "T2 -RW(x=init)-> T1"],
         "explanation": "G2-item: T1 -RW(y=init)-> T2 -RW(x=init)-> T1",
         "rules_out": ["SER", "SSER"], "still_possible": "SI",
         "steps": [
           {"from": 1, "to": 2, "type": "RW", "key": "y", "value": "init",
            "because": "T1 read y = init and T2 installed the next version, y = 1, so T1 -> T2 (RW on y)"},
           {"from": 2, "to": 1, "type": "RW", "key": "x", "value": "init",
            "because": "T2 read x = init and T1 installed the next version, x = 1, so T2 -> T1 (RW on x)"}],
         "operations": [
           {"transaction": 1, "kind": "r", "key": "y", "value": "init"},
           {"transaction": 1, "kind": "w", "key": "x", "value": "1"},
           {"transaction": 2, "kind": "r", "key": "x", "value": "init"},
           {"transaction": 2, "kind": "w", "key": "y", "value": "1"}],
         "dot": "anomaly-1.dot", "svg": "anomaly-1.svg"}
        """), ((ObjectNode) skew.deepCopy()).without("text"));
    assertTrue(skew.get("text").asText().startsWith("G2-item (WriteSkew): two transactions read what"));
    JsonNode si = report.get("levels").get(1);
    assertEquals(1, si.get("anomalies").size());
    assertEquals(2, si.get("anomalies").get(0).get("number").asInt(), "shared with SER: one number");
    assertEquals("AbortedRead", si.get("anomalies").get(0).get("anomaly").asText());
    assertEquals(JSON.readTree("[\"SER\", \"SI\"]"), si.get("anomalies").get(0).get("levels"));
    assertEquals(si.get("anomalies").get(0), ser.get("anomalies").get(1), "listed under each level alike");
    assertEquals(JSON.readTree("{\"AbortedRead\": 1}"), si.get("anomaly_counts"));
    assertEquals(JSON.readTree("{}"), si.get("omitted"));
  }

  @Test
  void theValidatorRejectsWhatTheSchemaForbids() throws Exception {
    ReportFiles.write(SampleRuns.writeSkewAndAbortedRead(), dir);
    ObjectNode report = (ObjectNode) JSON.readTree(dir.resolve("report.json").toFile());
    report.remove("run_id");
    ((ObjectNode) report.get("levels").get(0)).put("verdict", "MAYBE");
    ((ObjectNode) report.get("levels").get(0).get("anomalies").get(0)).put("colour", "red");
    assertEquals(List.of(
        ": missing required property 'run_id'",
        "/levels/0/verdict: \"MAYBE\" is not one of [\"HOLDS\",\"VIOLATED\",\"UNKNOWN\"]",
        "/levels/0/anomalies/0/colour: property not allowed by the schema"),
        SchemaSubset.validate(schema(), report));
  }

  @Test
  void textAndParquetCarryTheExplanations() throws Exception {
    ReportFiles.write(SampleRuns.writeSkewAndAbortedRead(), dir);
    String text = Files.readString(dir.resolve("report.txt"));
    assertTrue(text.contains("""
        [1] G2-item (WriteSkew) breaks SER: two transactions read what the other overwrote
        Let
          T1 = session a, committed: [...; r y init; w x 1]
          T2 = session b, committed: [r x init; ...; w y 1]
        Then:
        """), text);
    assertTrue(text.contains("Drawing: anomaly-1.dot, anomaly-1.svg"), text);
    List<String> rows = new ArrayList<>();
    try (ParquetReader<Group> in = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(dir.resolve("anomalies.parquet").toUri())).build()) {
      for (Group g = in.read(); g != null; g = in.read()) {
        rows.add(g.getString("run_id", 0) + " " + g.getString("level", 0) + " " + g.getString("anomaly", 0)
            + " " + g.getGroup("transactions", 0).getFieldRepetitionCount("list")
            + " " + g.getGroup("edges", 0).getGroup("list", 0).getString("element", 0)
            + " " + g.getString("explanation", 0).lines().findFirst().orElse(""));
      }
    }
    assertEquals(List.of(
        "run-1 SER G2-item (WriteSkew) 2 T1 -RW(y=init)-> T2 G2-item (WriteSkew): two transactions read what the other overwrote",
        "run-1 SER AbortedRead 2 T3 -WR(z=1)-> T4 AbortedRead: " + "a read returned a value written by an aborted transaction (G1a)",
        "run-1 SI AbortedRead 2 T3 -WR(z=1)-> T4 AbortedRead: a read returned a value written by an aborted transaction (G1a)"),
        rows);
    assertFalse(Files.exists(dir.resolve(".report.json.tmp")));
  }
}
