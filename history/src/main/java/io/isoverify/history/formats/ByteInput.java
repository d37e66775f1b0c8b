package io.isoverify.history.formats;

import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the fixed-width integers of a binary history log (cobra, dbcop, vbox) through its
 * own buffer, keeping the byte offset so that every message can say where the file went
 * wrong. Byte order is chosen per call, since cobra is big-endian and the others little.
 *
 * <p>Invariant: {@code offset()} is the file offset of the next unread byte. A read past
 * the end throws {@link InvalidHistoryException} naming the file, the offset of the record
 * being read (set by {@link #startRecord}) and what was expected; no unchecked exception
 * leaves this class.
 */
final class ByteInput implements AutoCloseable {
  private final String file;
  private final InputStream in;
  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private int limit;
  private long consumed;
  private long recordStart;

  private final long size;

  private ByteInput(String file, InputStream in, long size) {
    this.file = file;
    this.in = in;
    this.size = size;
  }

  /** Opens {@code path}; a file that cannot be opened is an {@link InvalidHistoryException}. */
  static ByteInput open(Path path) throws InvalidHistoryException {
    try {
      return new ByteInput(path.toString(), Files.newInputStream(path), Files.size(path));
    } catch (IOException e) {
      throw new InvalidHistoryException(path.toString(), "", "cannot read the file: " + e, e);
    }
  }

  /** The file offset of the next unread byte. */
  long offset() {
    return consumed + pos;
  }

  /** The bytes left to read, from the file's size when opened; bounds counts before allocating. */
  long remaining() {
    return size - offset();
  }

  /** Marks the start of a record: errors until the next mark name this offset. */
  void startRecord() {
    recordStart = offset();
  }

  long recordStart() {
    return recordStart;
  }

  /** True when every byte has been read. */
  boolean atEnd() throws InvalidHistoryException {
    return pos == limit && !fill();
  }

  int u8(String what) throws InvalidHistoryException {
    need(1, what);
    return buf[pos++] & 0xff;
  }

  /** A one-byte boolean as bincode writes it: 0 or 1, anything else is an error. */
  boolean bool(String what) throws InvalidHistoryException {
    long at = offset();
    int b = u8(what);
    if (b > 1) {
      throw new InvalidHistoryException(file, "byte " + at,
          what + " must be a boolean (0 or 1), not " + b);
    }
    return b == 1;
  }

  long i64be(String what) throws InvalidHistoryException {
    need(8, what);
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (buf[pos++] & 0xff);
    }
    return v;
  }

  long i64le(String what) throws InvalidHistoryException {
    need(8, what);
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v |= (long) (buf[pos++] & 0xff) << (8 * i);
    }
    return v;
  }

  /** An unsigned little-endian 32-bit integer, widened to long. */
  long u32le(String what) throws InvalidHistoryException {
    need(4, what);
    long v = 0;
    for (int i = 0; i < 4; i++) {
      v |= (long) (buf[pos++] & 0xff) << (8 * i);
    }
    return v;
  }

  /** Skips {@code n} bytes. */
  void skip(long n, String what) throws InvalidHistoryException {
    long left = n;
    while (left > 0) {
      if (pos == limit && !fill()) {
        throw truncated(what, (int) Math.min(left, Integer.MAX_VALUE));
      }
      int k = (int) Math.min(left, limit - pos);
      pos += k;
      left -= k;
    }
  }

  /** {@code n} raw bytes; {@code n} was checked by the caller against the file size. */
  byte[] bytes(int n, String what) throws InvalidHistoryException {
    byte[] out = new byte[n];
    int done = 0;
    while (done < n) {
      if (pos == limit && !fill()) {
        throw truncated(what, n - done);
      }
      int k = Math.min(n - done, limit - pos);
      System.arraycopy(buf, pos, out, done, k);
      pos += k;
      done += k;
    }
    return out;
  }

  /** An error at the current record. */
  InvalidHistoryException error(String problem) {
    return new InvalidHistoryException(file, "byte " + recordStart, problem);
  }

  private void need(int n, String what) throws InvalidHistoryException {
    while (limit - pos < n) {
      if (!fill()) {
        throw truncated(what, n - (limit - pos));
      }
    }
  }

  private InvalidHistoryException truncated(String what, int missing) {
    return new InvalidHistoryException(file, "byte " + recordStart,
        "the file ends inside a record: " + what + " at byte " + offset() + " needs " + missing
            + " more byte(s)");
  }

  /** Moves the unread tail to the front and reads more; false at end of file. */
  private boolean fill() throws InvalidHistoryException {
    int keep = limit - pos;
    System.arraycopy(buf, pos, buf, 0, keep);
    consumed += pos;
    pos = 0;
    limit = keep;
    try {
      int n = in.read(buf, limit, buf.length - limit);
      if (n <= 0) {
        return false;
      }
      limit += n;
      return true;
    } catch (IOException e) {
      throw new InvalidHistoryException(file, "byte " + offset(), "cannot read the file: " + e, e);
    }
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      // Nothing was written; a failed close of an input loses nothing.
    }
  }
}
