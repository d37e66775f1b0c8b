package io.isoverify.audit;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * {@code DIR/MANIFEST}, the one pointer of an audit repository: the current state generation,
 * the levels, the cumulative verdicts, the partitions audited (by content hash) and the last
 * run's files. Replaced by an atomic rename, so a run killed at any point leaves the
 * repository as the last manifest says.
 */
final class Manifest {
  static final String FILE = "MANIFEST";
  final Properties p;

  private Manifest(Properties p) {
    this.p = p;
  }

  static Manifest empty() {
    return new Manifest(new Properties());
  }

  /** The manifest of {@code dir}, empty for a new repository. */
  static Manifest read(Path dir) throws IOException {
    Properties p = new Properties();
    Path f = dir.resolve(FILE);
    if (Files.exists(f)) {
      try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
        p.load(r);
      }
    }
    return new Manifest(p);
  }

  boolean isNew() {
    return p.getProperty("generation") == null;
  }

  String get(String key) {
    return p.getProperty(key);
  }

  void set(String key, String value) {
    p.setProperty(key, value);
  }

  long count(String key) {
    return Long.parseLong(p.getProperty(key, "0"));
  }

  /** Writes {@code MANIFEST.tmp} and renames it onto {@code MANIFEST} atomically. */
  void commit(Path dir) throws IOException {
    Path tmp = dir.resolve(FILE + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      p.store(w, "isoverify audit repository: the one pointer; do not edit");
    }
    try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    Files.move(tmp, dir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }
}
