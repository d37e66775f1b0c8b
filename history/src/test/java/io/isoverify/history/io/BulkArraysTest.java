package io.isoverify.history.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link BulkArrays} through real object streams: lengths around the 64 KiB chunk (16,384
 * ints, 8,192 longs), empty arrays, a prefix of a longer array, extreme values, and objects
 * written before and after (the stream stays aligned). Fixed seed.
 */
class BulkArraysTest {
  private static final int[] LENGTHS = {0, 1, 7, 8_191, 8_192, 8_193, 16_383, 16_384, 16_385,
      50_000};

  @Test
  void intsAndLongsComeBackAsWritten() throws Exception {
    Random r = new Random(3);
    for (int n : LENGTHS) {
      int[] ints = new int[n + 5];
      long[] longs = new long[n + 3];
      for (int i = 0; i < ints.length; i++) {
        ints[i] = i % 97 == 0 ? Integer.MIN_VALUE : r.nextInt();
      }
      for (int i = 0; i < longs.length; i++) {
        longs[i] = i % 89 == 0 ? Long.MAX_VALUE : r.nextLong();
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject("before");
        BulkArrays.writeInts(out, ints, n);
        BulkArrays.writeLongs(out, longs, n);
        out.writeObject("after");
      }
      try (ObjectInputStream in = new ObjectInputStream(
          new ByteArrayInputStream(bytes.toByteArray()))) {
        assertEquals("before", in.readObject());
        assertArrayEquals(Arrays.copyOf(ints, n), BulkArrays.readInts(in), "ints, n = " + n);
        assertArrayEquals(Arrays.copyOf(longs, n), BulkArrays.readLongs(in), "longs, n = " + n);
        assertEquals("after", in.readObject(), "n = " + n);
      }
    }
  }

  @Test
  void aNegativeLengthIsRefused() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeInt(-2);
    }
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      assertThrows(InvalidObjectException.class, () -> BulkArrays.readInts(in));
    }
  }
}
