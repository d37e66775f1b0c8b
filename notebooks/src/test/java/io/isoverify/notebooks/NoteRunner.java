package io.isoverify.notebooks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Runs a note's paragraphs in order, as "Run all" does in Zeppelin, on one SparkSession:
 * {@code %spark} in the Scala REPL ({@link ScalaParagraphs}, with the {@link ZShim} as
 * {@code z}), {@code %spark.sql} through {@code spark.sql} (what Zeppelin's SQL interpreter
 * calls), {@code %md} checked to be markdown with text. The first paragraph that fails stops
 * the run with the note, the paragraph and what it printed.
 */
final class NoteRunner implements AutoCloseable {
  /** What one paragraph gave: its printed output, and the tables it showed (SQL: its result). */
  record Ran(ZeppelinNote.Paragraph paragraph, String output, List<List<Row>> tables) {
    /** The one table the paragraph showed. */
    List<Row> table() {
      if (tables.size() != 1) {
        throw new AssertionError("paragraph \"" + paragraph.title() + "\" showed " + tables.size() + " tables");
      }
      return tables.get(0);
    }
  }

  /** Zeppelin shows at most this many rows of a table (zeppelin.spark.maxResult). */
  private static final int MAX_RESULT = 1000;

  final ZShim z = new ZShim();
  private final SparkSession spark;
  private final ScalaParagraphs scala;

  NoteRunner(SparkSession spark, Path replClasses) {
    this.spark = spark;
    this.scala = new ScalaParagraphs(replClasses, spark, z);
  }

  /** Runs every paragraph, in order; the results by paragraph title (the markdown's: ""). */
  Map<String, Ran> runAll(ZeppelinNote note) {
    Map<String, Ran> ran = new LinkedHashMap<>();
    for (ZeppelinNote.Paragraph p : note.paragraphs()) {
      ran.put(p.title(), run(note, p));
    }
    return ran;
  }

  /** Runs one paragraph of {@code note}; throws AssertionError when it fails. */
  Ran run(ZeppelinNote note, ZeppelinNote.Paragraph p) {
    String where = note.file().getFileName() + ", paragraph \"" + p.title() + "\" (" + p.id() + ")";
    List<List<Row>> tables = new ArrayList<>();
    String output = "";
    switch (p.kind()) {
      case "scala" -> {
        ScalaParagraphs.Outcome o = scala.run(p.body());
        if (!o.success()) {
          throw new AssertionError(where + " failed:\n" + o.output());
        }
        output = o.output();
        for (Object shown : z.takeShown()) {
          if (!(shown instanceof Dataset<?> d)) {
            throw new AssertionError(where + ": z.show was given a " + shown.getClass().getName() + ", not a DataFrame");
          }
          tables.add(d.toDF().limit(MAX_RESULT).collectAsList());
        }
      }
      case "sql" -> {
        try {
          tables.add(spark.sql(p.body()).limit(MAX_RESULT).collectAsList());
        } catch (RuntimeException e) {
          throw new AssertionError(where + " failed: " + e.getMessage(), e);
        }
      }
      case "md" -> {
        if (p.body().lines().noneMatch(l -> l.startsWith("#")) || p.body().strip().length() < 40) {
          throw new AssertionError(where + ": markdown without a heading or without text");
        }
        output = p.body();
      }
      default -> throw new IllegalStateException(p.kind());
    }
    return new Ran(p, output, tables);
  }

  @Override
  public void close() {
    scala.close();
  }
}
