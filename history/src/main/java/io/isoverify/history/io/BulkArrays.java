package io.isoverify.history.io;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Primitive arrays inside Java serialization as bulk bytes: a length, then the elements
 * little-endian, copied through a byte buffer 64 KiB at a time. What the Spark stages'
 * results to the driver use for their columns (history, then graph-partitioning's
 * {@code IntBuffer} and the transaction job's blocks): {@code ObjectOutputStream} writes an
 * {@code int[]} element by element, a loop the JIT compiled with C2 on every Spark run (about
 * 0.3 s of the compiler's time on two cores, more with {@code readInts}), and ran
 * interpreted until then; a bulk copy is neither. O(n) per array, 64 KiB of scratch.
 */
public final class BulkArrays {
  private static final int CHUNK = 1 << 16;

  private BulkArrays() {
  }

  /** Writes the first {@code n} elements of {@code a}. */
  public static void writeInts(ObjectOutput out, int[] a, int n) throws IOException {
    write(out, n, Integer.BYTES, (buf, at, m) -> buf.asIntBuffer().put(a, at, m));
  }

  /** Reads an array written by {@link #writeInts}. */
  public static int[] readInts(ObjectInput in) throws IOException {
    int[] a = new int[length(in)];
    read(in, a.length, Integer.BYTES, (buf, at, m) -> buf.asIntBuffer().get(a, at, m));
    return a;
  }

  /** Writes the first {@code n} elements of {@code a}. */
  public static void writeLongs(ObjectOutput out, long[] a, int n) throws IOException {
    write(out, n, Long.BYTES, (buf, at, m) -> buf.asLongBuffer().put(a, at, m));
  }

  /** Reads an array written by {@link #writeLongs}. */
  public static long[] readLongs(ObjectInput in) throws IOException {
    long[] a = new long[length(in)];
    read(in, a.length, Long.BYTES, (buf, at, m) -> buf.asLongBuffer().get(a, at, m));
    return a;
  }

  /** Moves elements at..at+m-1 of an array to or from the start of {@code chunk}. */
  private interface Copy {
    void apply(ByteBuffer chunk, int at, int m);
  }

  private static void write(ObjectOutput out, int n, int width, Copy put) throws IOException {
    out.writeInt(n);
    byte[] chunk = new byte[(int) Math.min(CHUNK, (long) width * n)];
    ByteBuffer buf = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
    for (int at = 0; at < n; ) {
      int m = Math.min(n - at, CHUNK / width);
      put.apply(buf, at, m);
      out.write(chunk, 0, width * m);
      at += m;
    }
  }

  private static void read(ObjectInput in, int n, int width, Copy get) throws IOException {
    byte[] chunk = new byte[(int) Math.min(CHUNK, (long) width * n)];
    ByteBuffer buf = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
    for (int at = 0; at < n; ) {
      int m = Math.min(n - at, CHUNK / width);
      in.readFully(chunk, 0, width * m);
      get.apply(buf, at, m);
      at += m;
    }
  }

  private static int length(ObjectInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new InvalidObjectException("a bulk array of negative length " + n);
    }
    return n;
  }
}
