package io.isoverify.history.formats;

import io.isoverify.history.InvalidHistoryException;
import java.io.BufferedInputStream;
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
    byte[] line = new byte[256];
    long number = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      int length = 0;
      boolean more = true;
      while (more) {
        int b = in.read();
        more = b >= 0;
        if (more && b != '\n') {
          if (length == line.length) {
            line = Arrays.copyOf(line, length * 2);
          }
          line[length++] = (byte) b;
          continue;
        }
        if (!more && length == 0) {
          break;
        }
        number++;
        int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        String text = utf8.decode(ByteBuffer.wrap(line, 0, end)).toString();
        if (!text.isBlank()) {
          reader.line(number, text);
        }
        length = 0;
      }
    } catch (CharacterCodingException e) {
      throw new InvalidHistoryException(file.toString(), "line " + number,
          "the file is not UTF-8 text", e);
    } catch (IOException e) {
      throw new InvalidHistoryException(file.toString(), "", "cannot read the file: " + e, e);
    }
  }
}
