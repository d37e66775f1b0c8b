package io.isoverify.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.isoverify.cli.AuditCommand;
import io.isoverify.cli.GenerateCommand;
import io.isoverify.cli.VerifyCommand;
import io.isoverify.spark.engine.SparkSessions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every paragraph of the notes in notebooks/ (see {@link NoteRunner}) and checks what
 * they show against their inputs: the report note against a real report (a generated
 * history, snapshot isolation with one injected lost update, written as Parquet and as JSON
 * Lines, verified for SER, SI and SSER by verify's entry point with --out), the audit note
 * against {@link AuditRepositoryFixture}'s repository.
 */
class NotesTest {
  private static final Path NOTES = Path.of("").toAbsolutePath().resolve(
      Files.isDirectory(Path.of("notebooks")) ? "notebooks" : ".");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  static Path history;
  static Path historyJsonl;
  static Path report;
  static Path repository;
  static SparkSession spark;
  static NoteRunner runner;

  @BeforeAll
  static void setUp() throws Exception {
    history = dir.resolve("h.parquet");
    historyJsonl = dir.resolve("h.jsonl");
    for (Path h : List.of(history, historyJsonl)) {
      StringWriter out = new StringWriter();
      int code = GenerateCommand.run(new PrintWriter(out), new PrintWriter(out), "--txns", "300", "--sessions", "4",
          "--keys", "30", "--ops", "4", "--isolation", "SI", "--inject", "LOST_UPDATE", h.toString());
      assertEquals(0, code, out.toString());
    }
    report = dir.resolve("report");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    int code = VerifyCommand.run(new String[] {"--engine", "inprocess", "--level", "SER", "--level", "SI",
        "--level", "SSER", "--out", report.toString(), history.toString()}, print, print);
    assertEquals(1, code, out.toString(StandardCharsets.UTF_8));
    repository = dir.resolve("audit");
    AuditRepositoryFixture.write(repository, AuditRepositoryFixture.sample());
    Path classes = Files.createDirectories(dir.resolve("repl-classes"));
    spark = SparkSessions.getOrCreate("local[2]", Map.of("spark.sql.shuffle.partitions", "4",
        "spark.repl.class.outputDir", classes.toString()));
    runner = new NoteRunner(spark, classes);
  }

  @AfterAll
  static void tearDown() {
    if (runner != null) {
      runner.close();
    }
  }

  private static ZeppelinNote note(String prefix) throws Exception {
    try (Stream<Path> s = Files.list(NOTES)) {
      Path file = s.filter(p -> p.getFileName().toString().startsWith(prefix) && p.toString().endsWith(".zpln"))
          .findFirst().orElseThrow(() -> new AssertionError("no " + prefix + "*.zpln in " + NOTES));
      return ZeppelinNote.read(file);
    }
  }

  @Test
  void notesAreZeppelinNotesWithUniqueIds() throws Exception {
    for (String prefix : List.of("isoverify-report_", "isoverify-audit_")) {
      ZeppelinNote n = note(prefix);
      assertEquals(n.file().getFileName().toString(), n.name() + "_" + n.id() + ".zpln",
          "Zeppelin's notebook folder names a note NAME_ID.zpln");
      assertEquals(n.paragraphs().size(), n.paragraphs().stream().map(ZeppelinNote.Paragraph::id).distinct().count());
      assertTrue(n.paragraphs().stream().allMatch(p -> Set.of("scala", "sql", "md").contains(p.kind())));
    }
  }

  /** A paragraph's own functions run on the executors, as in Zeppelin (the REPL's classes are served). */
  @Test
  void paragraphClosuresRunOnTheExecutors() {
    ZeppelinNote.Paragraph p = new ZeppelinNote.Paragraph("closure", "closure", "spark",
        "val doubledSum = spark.range(1, 5).map(i => i * 2).reduce(_ + _)");
    NoteRunner.Ran ran = runner.run(new ZeppelinNote(Path.of("inline.zpln"), "inline", "inline", List.of(p)), p);
    assertTrue(ran.output().contains("doubledSum: Long = 20"), ran.output());
  }

  @Test
  void reportNoteRunsEveryParagraphOnARealReport() throws Exception {
    JsonNode json = JSON.readTree(report.resolve("report.json").toFile());
    runner.z.type("report", report.toString());
    ZeppelinNote note = note("isoverify-report_");
    Map<String, NoteRunner.Ran> ran = runner.runAll(note);

    assertTrue(runner.z.asked().keySet().containsAll(List.of("report", "key", "history", "history format", "anomalies")),
        runner.z.asked().toString());
    assertEquals(history.toString(), runner.z.asked().get("history"), "the history defaults to report.json's");
    assertTrue(ran.get("Load the report").output().contains(
        "300 transactions in ".replace("300", json.at("/history/transactions").asText())), ran.get("Load the report").output());

    List<String> verdicts = ran.get("Verdict per level").table().stream()
        .map(r -> r.getString(0) + " " + r.getString(1)).toList();
    assertEquals(texts(json.get("levels"), l -> l.get("level").asText() + " " + l.get("verdict").asText()), verdicts);

    Map<String, Long> found = new TreeMap<>();
    ran.get("Anomalies by kind").table().forEach(r -> found.put(r.getString(0) + " " + r.getString(1), r.getLong(2)));
    Map<String, Long> counted = new TreeMap<>();
    json.get("levels").forEach(l -> l.get("anomaly_counts").fields().forEachRemaining(
        c -> counted.put(l.get("level").asText() + " " + c.getKey(), c.getValue().asLong())));
    assertEquals(counted, found);
    assertTrue(counted.containsKey("SI G-single"), "the injected lost update: " + counted);

    Set<String> keys = new TreeSet<>();
    Set<Integer> numbers = new TreeSet<>();
    Map<Integer, Integer> steps = new TreeMap<>();
    json.get("levels").forEach(l -> l.get("anomalies").forEach(a -> {
      a.get("keys").forEach(k -> keys.add(k.asText()));
      numbers.add(a.get("number").asInt());
      steps.put(a.get("number").asInt(), a.get("steps").size());
    }));
    assertEquals(keys, ran.get("Anomalies per key").table().stream().map(r -> r.getString(0))
        .collect(Collectors.toCollection(TreeSet::new)));
    String key = runner.z.asked().get("key");
    List<Row> ofKey = ran.get("One key's anomalies").table();
    assertFalse(ofKey.isEmpty(), "the default key is in an anomaly");
    assertTrue(ofKey.stream().allMatch(r -> r.getString(3).contains("(" + key + "=")), "edges on key " + key);

    List<Row> sessions = ran.get("Sessions").table();
    assertFalse(sessions.isEmpty());
    assertTrue(sessions.stream().allMatch(r -> r.get(0) != null), "every transaction placed in a session");
    List<Row> placed = ran.get("Transactions of the anomalies, session by session").table();
    assertTrue(placed.stream().allMatch(r -> r.get(0) != null && r.get(3) != null), placed.toString());

    String html = ran.get("Each anomaly: picture and explanation").output();
    assertTrue(html.startsWith("%html <h4>[1] "), html);
    assertEquals(numbers.size(), html.split("<svg", -1).length - 1, "one picture per anomaly");
    for (int n : numbers) {
      assertTrue(html.contains("<h4>[" + n + "] "), "anomaly " + n);
    }
    List<Row> edges = ran.get("Why each edge holds").table();
    assertEquals(steps.values().stream().mapToInt(Integer::intValue).sum(), edges.size());
    assertTrue(edges.stream().allMatch(r -> !r.getString(8).isEmpty()), "every step says why");
    assertFalse(ran.get("Time per phase").table().isEmpty());

    // The same history as JSON Lines, typed into the boxes: the same sessions.
    runner.z.type("history", historyJsonl.toString());
    runner.z.type("history format", "jsonl");
    ZeppelinNote.Paragraph sessionsParagraph = note.paragraphs().stream()
        .filter(p -> p.title().equals("Sessions")).findFirst().orElseThrow();
    assertEquals(sessions, runner.run(note, sessionsParagraph).table());
  }

  @Test
  void auditNoteRunsEveryParagraphOnARepository() throws Exception {
    runner.z.type("repository", repository.toString());
    ZeppelinNote note = note("isoverify-audit_");
    Map<String, NoteRunner.Ran> ran = runner.runAll(note);

    assertTrue(ran.get("Repository").output().startsWith("5 runs from 2026-11-20 to 2026-11-22\n"),
        ran.get("Repository").output());
    assertEquals(10, ran.get("Repository").table().size(), "a row per run and level");
    assertEquals(List.of("2026-11-20 SER HOLDS 1", "2026-11-20 SER VIOLATED 1", "2026-11-20 SI HOLDS 1",
        "2026-11-20 SI VIOLATED 1", "2026-11-21 SER UNKNOWN 1", "2026-11-21 SI HOLDS 1", "2026-11-22 SER HOLDS 1",
        "2026-11-22 SER VIOLATED 1", "2026-11-22 SI HOLDS 2"), rows(ran.get("Verdicts by date").table()));
    assertEquals(List.of("2026-11-20 G-single 2", "2026-11-20 G2-item 3", "2026-11-22 G2-item 2"),
        rows(ran.get("Anomalies by date and kind").table()));
    assertEquals(List.of("2026-11-20 db=pg16 5", "2026-11-20 env=ci 0", "2026-11-20 env=nightly 5",
        "2026-11-21 env=ci 0", "2026-11-22 (no tag) 0", "2026-11-22 env=ci 2"),
        rows(ran.get("Anomalies by date and tag").table()));
    assertEquals(List.of("(no tag) SER HOLDS", "(no tag) SI HOLDS", "db=pg16 SER VIOLATED", "db=pg16 SI VIOLATED",
        "env=ci SER VIOLATED", "env=ci SI HOLDS", "env=nightly SER VIOLATED", "env=nightly SI VIOLATED"),
        ran.get("Latest verdict per tag and level").table().stream()
            .map(r -> r.getString(0) + " " + r.getString(1) + " " + r.getString(2)).toList());
    assertEquals(List.of("SER VIOLATED", "SER UNKNOWN", "SER VIOLATED", "SI VIOLATED"),
        ran.get("Checks that did not hold").table().stream().map(r -> r.getString(2) + " " + r.getString(3)).toList());
    assertEquals(6, ran.get("Throughput by date").table().size(), "three dates, two levels");
    assertFalse(ran.get("Verdicts by tag").table().isEmpty());

    // A tag typed into the box keeps only the runs carrying it.
    runner.z.type("tag", "env=ci");
    NoteRunner.Ran ci = runner.run(note, note.paragraphs().get(1));
    assertTrue(ci.output().startsWith("3 runs from 2026-11-20 to 2026-11-22 tagged env=ci\n"), ci.output());
    runner.z.type("tag", "");
  }

  /**
   * The audit note on a repository written by the audit command itself: a generated history
   * with a lost update, cut in two partitions, audited in two runs with different tags.
   */
  @Test
  void auditNoteRunsEveryParagraphOnARealAuditRepository() throws Exception {
    Path parts = dir.resolve("parts");
    StringWriter gen = new StringWriter();
    assertEquals(0, GenerateCommand.run(new PrintWriter(gen), new PrintWriter(gen), "--txns", "300",
        "--sessions", "4", "--keys", "30", "--ops", "4", "--isolation", "SI", "--inject", "LOST_UPDATE",
        "--partitions", "2", parts.toString()), gen.toString());
    List<Path> files;
    try (Stream<Path> s = Files.list(parts)) {
      files = s.filter(f -> f.toString().endsWith(".parquet")).sorted().toList();
    }
    assertEquals(2, files.size(), files.toString());
    Path audited = dir.resolve("audited");
    int[] codes = new int[2];
    for (int i = 0; i < 2; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
      codes[i] = AuditCommand.run(new String[] {"--repository", audited.toString(), "--tag",
          i == 0 ? "env=ci" : "env=nightly", "--level", "SER", "--level", "SI", files.get(i).toString()},
          print, print);
      assertTrue(codes[i] == 0 || codes[i] == 1, out.toString(StandardCharsets.UTF_8));
    }
    assertEquals(1, codes[1], "after the last partition the whole history, lost update included, is audited");

    runner.z.type("repository", audited.toString());
    Map<String, NoteRunner.Ran> ran = runner.runAll(note("isoverify-audit_"));
    String today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString();
    assertTrue(ran.get("Repository").output().startsWith("2 runs from " + today + " to " + today + "\n"),
        ran.get("Repository").output());
    assertEquals(4, ran.get("Repository").table().size(), "a row per run and level");
    List<String> written = spark.read().parquet(audited.resolve("results").toString())
        .selectExpr("concat(tags['env'], ' ', level, ' ', verdict)").collectAsList().stream()
        .map(r -> "env=" + r.getString(0)).sorted().toList();
    assertEquals(written, ran.get("Latest verdict per tag and level").table().stream()
        .map(r -> r.getString(0) + " " + r.getString(1) + " " + r.getString(2)).sorted().toList());
    assertTrue(written.containsAll(List.of("env=nightly SER VIOLATED", "env=nightly SI VIOLATED")), written.toString());
    long notHeld = written.stream().filter(w -> !w.endsWith("HOLDS")).count();
    assertEquals(notHeld, ran.get("Checks that did not hold").table().size());
    runner.z.type("repository", repository.toString());
  }

  private static List<String> rows(List<Row> table) {
    return table.stream().map(r -> {
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < r.length(); i++) {
        s.append(i == 0 ? "" : " ").append(r.get(i));
      }
      return s.toString();
    }).toList();
  }

  private static List<String> texts(JsonNode array, java.util.function.Function<JsonNode, String> f) {
    List<String> out = new java.util.ArrayList<>();
    array.forEach(n -> out.add(f.apply(n)));
    return out;
  }
}
