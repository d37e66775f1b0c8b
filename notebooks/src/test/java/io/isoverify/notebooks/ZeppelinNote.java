package io.isoverify.notebooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A Zeppelin 0.11 note ({@code .zpln}, the JSON Zeppelin writes to its notebook folder and
 * takes in "Import note"): {@code paragraphs} [{@code id}, {@code title}, {@code text},
 * {@code config}, {@code settings} {params, forms}, ...], {@code name}, {@code id},
 * {@code defaultInterpreterGroup}, {@code version}, {@code noteParams}, {@code noteForms},
 * {@code angularObjects}, {@code config}, {@code info}. A paragraph's text starts with its
 * interpreter ({@code %spark}, {@code %spark.sql}, {@code %md}); without one it runs on the
 * note's default interpreter group.
 */
record ZeppelinNote(Path file, String name, String id, List<Paragraph> paragraphs) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> NOTE_FIELDS = List.of("paragraphs", "name", "id",
      "defaultInterpreterGroup", "version", "noteParams", "noteForms", "angularObjects", "config", "info");
  private static final List<String> PARAGRAPH_FIELDS = List.of("id", "title", "text", "config", "settings");

  /** One paragraph: its interpreter ("spark", "spark.sql", "md") and the code after that line. */
  record Paragraph(String id, String title, String interpreter, String body) {
    /** The interpreter's kind as the test runs it: scala, sql or md. */
    String kind() {
      return switch (interpreter) {
        case "spark", "spark.spark" -> "scala";
        case "sql", "spark.sql" -> "sql";
        case "md" -> "md";
        default -> throw new IllegalStateException("paragraph \"" + title + "\": interpreter %"
            + interpreter + " is not one the notes use (spark, spark.sql, md)");
      };
    }
  }

  /** Reads a note, failing with the file and field when the layout is not Zeppelin's. */
  static ZeppelinNote read(Path file) throws IOException {
    JsonNode root = JSON.readTree(file.toFile());
    require(file, root, NOTE_FIELDS, "the note");
    String group = root.get("defaultInterpreterGroup").asText();
    List<Paragraph> paragraphs = new ArrayList<>();
    for (JsonNode p : root.get("paragraphs")) {
      require(file, p, PARAGRAPH_FIELDS, "paragraph " + p.path("id").asText("?"));
      require(file, p.get("settings"), List.of("params", "forms"), "paragraph " + p.get("id").asText() + " settings");
      String text = p.get("text").asText();
      String interpreter = group;
      String body = text;
      if (text.startsWith("%")) {
        int eol = text.indexOf('\n');
        String first = eol < 0 ? text : text.substring(0, eol);
        interpreter = first.substring(1).trim();
        body = eol < 0 ? "" : text.substring(eol + 1);
      }
      paragraphs.add(new Paragraph(p.get("id").asText(), p.get("title").asText(), interpreter, body));
    }
    return new ZeppelinNote(file, root.get("name").asText(), root.get("id").asText(), paragraphs);
  }

  private static void require(Path file, JsonNode node, List<String> fields, String what) {
    for (String f : fields) {
      if (!node.has(f)) {
        throw new IllegalArgumentException(file + ": " + what + " has no \"" + f + "\" field");
      }
    }
  }
}
