package io.isoverify.audit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Keeps an audit repository as its manifest says: before a run, removes what a killed run
 * left without moving the manifest (a temporary generation, report or results file) and
 * finishes what one left after moving it (its report, results and tombstone segment renamed
 * into place, the old generation removed).
 */
final class Recovery {
  private Recovery() {}

  /** The hidden name a results file has until its run's manifest is moved. */
  static Path pending(Path resultsFile) {
    return resultsFile.resolveSibling("." + resultsFile.getFileName() + ".tmp");
  }

  static void run(Path dir, Manifest m) throws IOException {
    Files.deleteIfExists(dir.resolve(Manifest.FILE + ".tmp"));
    String generation = m.get("generation");
    String last = m.get("lastRun");
    for (Path p : list(dir.resolve("state"))) {
      if (!p.getFileName().toString().equals(generation)) {
        delete(p);
      }
    }
    for (Path p : list(dir.resolve("runs"))) {
      String name = p.getFileName().toString();
      if (name.startsWith(".tmp-") && !name.equals(".tmp-" + last)) {
        delete(p);
      }
    }
    for (Path date : list(dir.resolve(ResultsTable.FOLDER))) {
      for (Path p : list(date)) {
        String name = p.getFileName().toString();
        if (name.startsWith(".") && !name.equals(".run-" + last + ".parquet.tmp")) {
          delete(p);
        }
      }
    }
    if (last != null) {
      finish(dir, m, null);
    }
  }

  /** Renames the last run's report and results into place and drops the old generation. */
  static void finish(Path dir, Manifest m, String oldGeneration) throws IOException {
    String last = m.get("lastRun");
    Path runTmp = dir.resolve("runs").resolve(".tmp-" + last);
    if (Files.exists(runTmp)) {
      Files.move(runTmp, dir.resolve("runs").resolve(last));
    }
    Path results = dir.resolve(m.get("lastResults"));
    if (Files.exists(pending(results))) {
      Files.move(pending(results), results);
    }
    Path segment = dir.resolve("state").resolve(last).resolve(Tombstones.PENDING);
    if (Files.exists(segment)) {
      Files.createDirectories(dir.resolve(Tombstones.FOLDER));
      Files.move(segment, dir.resolve(Tombstones.FOLDER).resolve("run-" + last + ".parquet"));
    }
    if (oldGeneration != null) {
      delete(dir.resolve("state").resolve(oldGeneration));
    }
  }

  private static List<Path> list(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.toList();
    }
  }

  /** Deletes {@code p} and everything under it, if it exists. */
  static void delete(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> all = Files.walk(p)) {
      for (Path q : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(q);
      }
    }
  }
}
