package io.isoverify.spark.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a run's files into the output folder atomically: each file is written under a
 * temporary name in the same folder and renamed into place, so a reader (a pipeline, a
 * notebook) never sees half a report.
 */
public final class ReportFiles {
  public static final String JSON = "report.json";
  public static final String TEXT = "report.txt";
  public static final String ANOMALIES = "anomalies.parquet";

  private ReportFiles() {}

  public static void write(RunReport r, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path tmpParquet = dir.resolve("." + ANOMALIES + ".tmp");
    AnomalyTable.write(r, tmpParquet);
    move(tmpParquet, dir.resolve(ANOMALIES));
    writeText(dir, TEXT, ReportText.render(r));
    writeText(dir, JSON, ReportJson.render(r));
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
