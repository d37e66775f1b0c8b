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
 * Feeds the non-blank lines of a UTF-8 text history to a reader with their 1-based line
 * numbers, and turns I/O failures into {@link InvalidHistoryException}: a file that is not
 * UTF-8 is reported at the line where decoding failed.
 */
final class TextLines {
  /** Receives one non-blank line. */
  @FunctionalInterface
  interface LineReader {
    void line(long number, String text) throws InvalidHistoryException;
  }

  private TextLines() {}

  static void forEach(Path file, LineReader reader) throws InvalidHistoryException {
    CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
    byte[] chunk = new byte[1 << 16];
    byte[] line = new byte[256];
    int length = 0;
    long number = 0;
    try (InputStream in = Files.newInputStream(file)) {
      int n;
      while ((n = in.read(chunk)) > 0) {
        int from = 0;
        for (int i = 0; i < n; i++) {
          if (chunk[i] == '\n') {
            line = append(line, length, chunk, from, i - from);
            length += i - from;
            deliver(reader, ++number, utf8, line, length);
            length = 0;
            from = i + 1;
          }
        }
        line = append(line, length, chunk, from, n - from);
        length += n - from;
      }
      if (length > 0) {
        deliver(reader, ++number, utf8, line, length);
      }
    } catch (CharacterCodingException e) {
      throw new InvalidHistoryException(file.toString(), "line " + number,
          "the file is not UTF-8 text", e);
    } catch (IOException e) {
      throw new InvalidHistoryException(file.toString(), "", "cannot read the file: " + e, e);
    }
  }

  /** {@code line} with {@code count} bytes of {@code src} appended at {@code length}. */
  private static byte[] append(byte[] line, int length, byte[] src, int from, int count) {
    byte[] out = length + count <= line.length
        ? line : Arrays.copyOf(line, Math.max(line.length * 2, length + count));
    System.arraycopy(src, from, out, length, count);
    return out;
  }

  /** Decodes one line (without its newline or a trailing CR) and hands it over unless blank. */
  private static void deliver(LineReader reader, long number, CharsetDecoder utf8, byte[] line,
      int length) throws InvalidHistoryException, CharacterCodingException {
    int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
    String text = utf8.decode(ByteBuffer.wrap(line, 0, end)).toString();
    if (!text.isBlank()) {
      reader.line(number, text);
    }
  }
}
