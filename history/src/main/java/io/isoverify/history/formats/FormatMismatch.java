package io.isoverify.history.formats;

import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A file whose first bytes clearly belong to another format than the one about to read it:
 * the Parquet magic "PAR1" read as anything but Parquet, binary data (NUL bytes) read as a
 * text format, or a text history of a recognisable kind read as Parquet. Refused with a
 * message that says what the file looks like and which format to name, instead of the
 * reader's decoding error. Anything less clear is left to the format's reader.
 */
final class FormatMismatch {
  private static final byte[] MAGIC = HistoryFormat.PARQUET_MAGIC;
  private static final int HEAD_BYTES = 1 << 16;

  private FormatMismatch() {}

  /** Throws when the regular file at {@code path} clearly is not in {@code format}. */
  static void check(HistoryFormat format, Path path) throws InvalidHistoryException {
    if (!Files.isRegularFile(path)) {
      return;
    }
    byte[] head = head(path);
    boolean parquet = head.length >= MAGIC.length
        && Arrays.equals(head, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    if (format != HistoryFormat.PARQUET && parquet) {
      throw refuse(path, format, "it looks like a Parquet file; use --format parquet or leave "
          + "--format out");
    }
    boolean binary = indexOfNul(head) >= 0;
    if (isText(format) && binary) {
      throw refuse(path, format, "it holds binary data (NUL bytes), not text");
    }
    if (format == HistoryFormat.PARQUET && !parquet && !binary) {
      HistoryFormat looks = HistoryFormat.byFirstLine(firstLine(head));
      if (looks != null) {
        throw refuse(path, format, "no PAR1 magic; it looks like " + name(looks)
            + "; use --format " + looks.code());
      }
    }
  }

  /** How a message names {@code format}. */
  static String name(HistoryFormat format) {
    return switch (format) {
      case PARQUET -> "Parquet";
      case JSONL -> "JSON Lines";
      case COBRA -> "cobra logs";
      case DBCOP -> "dbcop bincode";
      case TEXT -> "text ops (r(...)/w(...))";
      case ELLE -> "Elle EDN";
      case VBOX -> "vbox logs";
    };
  }

  private static boolean isText(HistoryFormat format) {
    return format == HistoryFormat.JSONL || format == HistoryFormat.TEXT
        || format == HistoryFormat.ELLE;
  }

  private static InvalidHistoryException refuse(Path path, HistoryFormat format, String why) {
    return new InvalidHistoryException(path.toString(), "", "not " + name(format) + " (" + why
        + ")");
  }

  private static byte[] head(Path file) throws InvalidHistoryException {
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(HEAD_BYTES);
    } catch (IOException e) {
      throw new InvalidHistoryException(file.toString(), "", "cannot read the file: " + e, e);
    }
  }

  private static int indexOfNul(byte[] bytes) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  /** The first non-blank line of {@code head}, stripped (bytes that are not UTF-8 replaced). */
  private static String firstLine(byte[] head) {
    for (String line : new String(head, StandardCharsets.UTF_8).split("\n", 50)) {
      if (!line.isBlank()) {
        return line.strip();
      }
    }
    return "";
  }
}
