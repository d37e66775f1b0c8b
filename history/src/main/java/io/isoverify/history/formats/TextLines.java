package io.isoverify.history.formats;

import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The lines of a UTF-8 text history, one at a time, with their 1-based numbers. I/O
 * failures become {@link InvalidHistoryException}: a file that is not UTF-8 is reported at
 * the line where decoding failed. Only the line being read is held in memory.
 */
final class TextLines implements AutoCloseable {
  /** Receives one non-blank line. */
  @FunctionalInterface
  interface LineReader {
    void line(long number, String text) throws InvalidHistoryException;
  }

  private final String name;
  private final InputStream in;
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
  private final byte[] chunk = new byte[1 << 16];
  private int chunkFrom;
  private int chunkEnd;
  private byte[] line = new byte[256];
  private long number;

  private TextLines(Path file) throws InvalidHistoryException {
    this.name = file.toString();
    try {
      this.in = Files.newInputStream(file);
    } catch (IOException e) {
      throw cannotRead(e);
    }
  }

  /** Opens {@code file}; the caller closes it. */
  static TextLines open(Path file) throws InvalidHistoryException {
    return new TextLines(file);
  }

  /** Hands each non-blank line of {@code file} to {@code reader}. */
  static void forEach(Path file, LineReader reader) throws InvalidHistoryException {
    try (TextLines lines = open(file)) {
      for (String text = lines.next(); text != null; text = lines.next()) {
        if (!text.isBlank()) {
          reader.line(lines.number(), text);
        }
      }
    }
  }

  /**
   * The next line without its newline or a trailing CR (blank lines included), or null at
   * the end of the file.
   */
  String next() throws InvalidHistoryException {
    int length = 0;
    boolean any = false;
    try {
      while (true) {
        if (chunkFrom == chunkEnd) {
          chunkEnd = Math.max(in.read(chunk), 0);
          chunkFrom = 0;
          if (chunkEnd == 0) {
            return any ? decode(length) : null;
          }
        }
        any = true;
        int from = chunkFrom;
        int i = from;
        while (i < chunkEnd && chunk[i] != '\n') {
          i++;
        }
        line = append(line, length, chunk, from, i - from);
        length += i - from;
        chunkFrom = i < chunkEnd ? i + 1 : i;
        if (i < chunkEnd) {
          return decode(length);
        }
      }
    } catch (IOException e) {
      throw cannotRead(e);
    }
  }

  /** The number of the line {@link #next} returned last. */
  long number() {
    return number;
  }

  @Override
  public void close() throws InvalidHistoryException {
    try {
      in.close();
    } catch (IOException e) {
      throw cannotRead(e);
    }
  }

  /** {@code line} with {@code count} bytes of {@code src} appended at {@code length}. */
  private static byte[] append(byte[] line, int length, byte[] src, int from, int count) {
    byte[] out = length + count <= line.length
        ? line : Arrays.copyOf(line, Math.max(line.length * 2, length + count));
    System.arraycopy(src, from, out, length, count);
    return out;
  }

  /** Decodes the line gathered so far, without a trailing CR, as line number + 1. */
  private String decode(int length) throws InvalidHistoryException {
    number++;
    int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
    try {
      return utf8.decode(ByteBuffer.wrap(line, 0, end)).toString();
    } catch (CharacterCodingException e) {
      throw new InvalidHistoryException(name, "line " + number, "the file is not UTF-8 text", e);
    }
  }

  private InvalidHistoryException cannotRead(IOException e) {
    return new InvalidHistoryException(name, "", "cannot read the file: " + e, e);
  }
}
