package io.isoverify.report;

import io.isoverify.engine.RunReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a run's files into the output folder: report.json, report.txt, anomalies.parquet,
 * report.html and, per anomaly shown, anomaly-N.dot (for Graphviz) and anomaly-N.svg (drawn
 * in-process, {@link Pictures}). At most {@link #SHOWN_PER_KIND} anomalies of each kind per level are shown,
 * with counts of the rest, so the files stay small whatever the history. Each file is written
 * under a temporary name in the same folder and renamed into place, so a reader (a pipeline, a
 * notebook) never sees half a file; drawings left by an earlier run in the folder are removed.
 */
public final class ReportFiles {
  public static final String JSON = "report.json";
  public static final String TEXT = "report.txt";
  public static final String ANOMALIES = "anomalies.parquet";
  public static final String HTML = "report.html";
  /** Anomalies of one kind shown per level in the files; the rest are only counted. */
  public static final int SHOWN_PER_KIND = 10;

  private ReportFiles() {}

  public static void write(RunReport r, Path dir) throws IOException {
    write(r, dir, Pictures.ELK);
  }

  /** With a given drawer: tests use a failing one to see the report without pictures. */
  static void write(RunReport r, Path dir, Pictures.Drawer drawer) throws IOException {
    Files.createDirectories(dir);
    ExplainedRun run = ExplainedRun.of(r, SHOWN_PER_KIND);
    Pictures pictures = Pictures.draw(run, drawer);
    removeOldDrawings(dir);
    for (Pictures.Picture p : pictures.all()) {
      writeText(dir, p.dotFile(), p.dot());
      if (p.svgFile() != null) {
        writeText(dir, p.svgFile(), p.svg());
      }
    }
    Path tmpParquet = dir.resolve("." + ANOMALIES + ".tmp");
    AnomalyTable.write(run, tmpParquet);
    move(tmpParquet, dir.resolve(ANOMALIES));
    writeText(dir, TEXT, ReportText.full(run, pictures));
    writeText(dir, HTML, ReportHtml.render(run, pictures));
    writeText(dir, JSON, ReportJson.render(run, pictures));
  }

  private static void removeOldDrawings(Path dir) throws IOException {
    try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, "anomaly-*.{dot,svg}")) {
      for (Path p : old) {
        Files.delete(p);
      }
    }
  }

  private static void writeText(Path dir, String name, String content) throws IOException {
    Path tmp = dir.resolve("." + name + ".tmp");
    Files.writeString(tmp, content, StandardCharsets.UTF_8);
    move(tmp, dir.resolve(name));
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
