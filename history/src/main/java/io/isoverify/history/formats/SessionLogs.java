package io.isoverify.history.formats;

import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A folder holding one binary log per client session, as cobra and vbox write them: the
 * files whose names match a pattern, in a fixed order (by the session number in the name,
 * then by name), so that the same folder always gives the same history.
 *
 * <p>The builder sees one source (the folder) while messages must name the log inside it,
 * so a row number packs the file's index and the byte offset: {@code row = file << 40 |
 * offset} (logs up to 1 TiB), and {@link #namer()} turns it back into "T3.log byte 120".
 */
final class SessionLogs {
  private static final int OFFSET_BITS = 40;

  private final Path folder;
  private final List<Path> files;
  private final List<String> sessionNames;

  private SessionLogs(Path folder, List<Path> files, List<String> sessionNames) {
    this.folder = folder;
    this.files = files;
    this.sessionNames = sessionNames;
  }

  /**
   * The logs in {@code folder} whose file name matches {@code name}; its group 1 is the
   * session's name and must hold an integer (the sort key).
   */
  static SessionLogs list(Path folder, Pattern name, String expected)
      throws InvalidHistoryException {
    if (!Files.isDirectory(folder)) {
      throw new InvalidHistoryException(folder.toString(), "",
          "expected a folder of " + expected + ", found a file");
    }
    List<Path> found = new ArrayList<>();
    try (Stream<Path> s = Files.list(folder)) {
      s.filter(p -> Files.isRegularFile(p) && name.matcher(p.getFileName().toString()).matches())
          .forEach(found::add);
    } catch (IOException e) {
      throw new InvalidHistoryException(folder.toString(), "", "cannot list the folder: " + e, e);
    }
    if (found.isEmpty()) {
      throw new InvalidHistoryException(folder.toString(), "",
          "the folder holds no " + expected);
    }
    found.sort(Comparator.comparingLong((Path p) -> sessionNumber(name, p))
        .thenComparing(p -> p.getFileName().toString()));
    List<String> names = new ArrayList<>();
    for (Path p : found) {
      Matcher m = name.matcher(p.getFileName().toString());
      m.matches();
      names.add(m.group(1));
    }
    return new SessionLogs(folder, found, names);
  }

  private static long sessionNumber(Pattern name, Path p) {
    Matcher m = name.matcher(p.getFileName().toString());
    m.matches();
    try {
      return Long.parseLong(m.group(1).replaceAll("[^-0-9]", ""));
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE;
    }
  }

  int size() {
    return files.size();
  }

  Path file(int i) {
    return files.get(i);
  }

  /** The session's name as the file names it ("T3" for T3.log, "-1" for -1.log). */
  String sessionName(int i) {
    return sessionNames.get(i);
  }

  /** A builder whose source is the folder and whose rows name the log and byte. */
  HistoryBuilder builder() {
    return new HistoryBuilder(folder.toString(), namer());
  }

  /** The row number of byte {@code offset} of log {@code file}. */
  static long row(int file, long offset) {
    return ((long) file << OFFSET_BITS) | offset;
  }

  private HistoryBuilder.RowNamer namer() {
    return row -> files.get((int) (row >>> OFFSET_BITS)).getFileName() + " byte "
        + (row & ((1L << OFFSET_BITS) - 1));
  }
}
