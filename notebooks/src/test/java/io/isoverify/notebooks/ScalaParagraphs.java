package io.isoverify.notebooks;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import scala.Console$;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;

import scala.tools.nsc.interpreter.Results;

/**
 * Runs {@code %spark} paragraphs as Zeppelin's Spark interpreter does: one Scala 2.12 REPL
 * (class-based, its classes written to {@code classDir}, which the SparkSession serves to its
 * executors through {@code spark.repl.class.outputDir}), with {@code spark}, {@code sc},
 * {@code sqlContext} and {@code z} bound and Zeppelin's default imports
 * ({@code spark.implicits._}, {@code spark.sql}, {@code org.apache.spark.sql.functions._}).
 * Values defined by one paragraph are seen by the next, as in a note.
 */
final class ScalaParagraphs implements AutoCloseable {
  /** A paragraph's outcome: whether it compiled and ran, and what it printed. */
  record Outcome(boolean success, String output) {}

  private final IMain repl;
  private final StringWriter replOut = new StringWriter();

  ScalaParagraphs(Path classDir, SparkSession spark, ZShim z) {
    Settings settings = new Settings();
    settings.processArgumentString("-usejavacp -Yrepl-class-based -Yrepl-outdir " + classDir);
    repl = new IMain(settings, new PrintWriter(replOut, true));
    repl.initializeSynchronous();
    bind("spark", SparkSession.class.getName(), spark);
    bind("z", ZShim.class.getName(), z);
    Outcome o = run("""
        val sc = spark.sparkContext
        val sqlContext = spark.sqlContext
        import spark.implicits._
        import spark.sql
        import org.apache.spark.sql.functions._
        """);
    if (!o.success()) {
      throw new IllegalStateException("the REPL's preamble failed: " + o.output());
    }
  }

  private void bind(String name, String type, Object value) {
    Results.Result r = repl.bind(name, type, value, scala.collection.immutable.List$.MODULE$.empty());
    if (r != Results.Success$.MODULE$) {
      throw new IllegalStateException("cannot bind " + name + ": " + replOut);
    }
  }

  /** Runs one paragraph's code; what it printed (println, show, the REPL's echo) is the output. */
  Outcome run(String code) {
    replOut.getBuffer().setLength(0);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    Results.Result r;
    try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
      r = Console$.MODULE$.withOut(out, () -> repl.interpret(code));
    }
    return new Outcome(r == Results.Success$.MODULE$,
        printed.toString(StandardCharsets.UTF_8) + replOut);
  }

  @Override
  public void close() {
    repl.close();
  }
}
