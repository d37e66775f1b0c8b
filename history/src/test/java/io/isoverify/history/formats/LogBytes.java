package io.isoverify.history.formats;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Writes the bytes of a hand-made binary log for tests, in one byte order. */
final class LogBytes {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteOrder order;

  private LogBytes(ByteOrder order) {
    this.order = order;
  }

  static LogBytes bigEndian() {
    return new LogBytes(ByteOrder.BIG_ENDIAN);
  }

  static LogBytes littleEndian() {
    return new LogBytes(ByteOrder.LITTLE_ENDIAN);
  }

  LogBytes tag(char c) {
    out.write(c);
    return this;
  }

  LogBytes bool(boolean b) {
    out.write(b ? 1 : 0);
    return this;
  }

  LogBytes u8(int b) {
    out.write(b);
    return this;
  }

  LogBytes i64(long... values) {
    for (long v : values) {
      out.writeBytes(ByteBuffer.allocate(8).order(order).putLong(v).array());
    }
    return this;
  }

  LogBytes u32(long... values) {
    for (long v : values) {
      out.writeBytes(ByteBuffer.allocate(4).order(order).putInt((int) v).array());
    }
    return this;
  }

  /** A bincode string: i64 length, then UTF-8 bytes. */
  LogBytes string(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    i64(b.length);
    out.writeBytes(b);
    return this;
  }

  byte[] bytes() {
    return out.toByteArray();
  }

  Path writeTo(Path file) throws IOException {
    return Files.write(file, bytes());
  }

  /** Writes all but the last {@code cut} bytes. */
  Path writeTruncated(Path file, int cut) throws IOException {
    byte[] b = bytes();
    return Files.write(file, Arrays.copyOf(b, b.length - cut));
  }
}
