package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link IntBuffer} through Java serialization (how the Spark stages' columns reach the
 * driver): the elements held come back, not the spare capacity, and the buffer grows again
 * afterwards; an empty buffer too.
 */
class IntBufferTest {
  @Test
  void theElementsHeldComeBackAndTheBufferStillGrows() throws Exception {
    for (int n : new int[] {0, 1, 5, 16_384, 40_001}) {
      IntBuffer b = new IntBuffer(3);
      for (int i = 0; i < n; i++) {
        b.add(i * 31 - 7);
      }
      IntBuffer back = roundTrip(b);
      assertEquals(n, back.size());
      assertArrayEquals(b.toArray(), back.toArray(), "n = " + n);
      back.add(42);
      back.add(43);
      assertEquals(n + 2, back.size());
      assertEquals(43, back.get(n + 1));
    }
  }

  private static IntBuffer roundTrip(IntBuffer b) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(b);
    }
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      return (IntBuffer) in.readObject();
    }
  }
}
