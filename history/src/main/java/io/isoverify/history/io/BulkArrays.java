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
    out.writeInt(n);
    byte[] chunk = new byte[(int) Math.min(CHUNK, 4L * n)];
    for (int at = 0; at < n; ) {
      int m = Math.min(n - at, CHUNK / 4);
      ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(a, at, m);
      out.write(chunk, 0, 4 * m);
      at += m;
    }
  }

  /** Reads an array written by {@link #writeInts}. */
  public static int[] readInts(ObjectInput in) throws IOException {
    int n = length(in);
    int[] a = new int[n];
    byte[] chunk = new byte[(int) Math.min(CHUNK, 4L * n)];
    for (int at = 0; at < n; ) {
      int m = Math.min(n - at, CHUNK / 4);
      in.readFully(chunk, 0, 4 * m);
      ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(a, at, m);
      at += m;
    }
    return a;
  }

  /** Writes the first {@code n} elements of {@code a}. */
  public static void writeLongs(ObjectOutput out, long[] a, int n) throws IOException {
    out.writeInt(n);
    byte[] chunk = new byte[(int) Math.min(CHUNK, 8L * n)];
    for (int at = 0; at < n; ) {
      int m = Math.min(n - at, CHUNK / 8);
      ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(a, at, m);
      out.write(chunk, 0, 8 * m);
      at += m;
    }
  }

  /** Reads an array written by {@link #writeLongs}. */
  public static long[] readLongs(ObjectInput in) throws IOException {
    int n = length(in);
    long[] a = new long[n];
    byte[] chunk = new byte[(int) Math.min(CHUNK, 8L * n)];
    for (int at = 0; at < n; ) {
      int m = Math.min(n - at, CHUNK / 8);
      in.readFully(chunk, 0, 8 * m);
      ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(a, at, m);
      at += m;
    }
    return a;
  }

  private static int length(ObjectInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new InvalidObjectException("a bulk array of negative length " + n);
    }
    return n;
  }
}
