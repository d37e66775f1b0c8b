package io.isoverify.cli;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.formats.HistoryFormat;
import java.nio.file.Files;
import java.nio.file.Path;

/** A history read from the user's file, in the format named or detected. */
record HistoryInput(Path path, HistoryFormat format, History history) {
  static HistoryInput read(Path path, String formatCode) throws InvalidHistoryException, UsageException {
    HistoryFormat format = format(path, formatCode);
    return new HistoryInput(path, format, format.read(path));
  }

  /** The format named by {@code formatCode}, or detected when it is null. */
  static HistoryFormat format(Path path, String formatCode) throws InvalidHistoryException, UsageException {
    if (!Files.exists(path)) {
      throw new InvalidHistoryException(path.toString(), "", "no such file or folder");
    }
    if (formatCode == null) {
      return HistoryFormat.detect(path);
    }
    try {
      return HistoryFormat.ofCode(formatCode);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--format: " + e.getMessage());
    }
  }
}
