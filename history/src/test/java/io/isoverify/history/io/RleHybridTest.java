package io.isoverify.history.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;

/**
 * {@link RleHybrid} decodes what Parquet's own encoder writes: random streams of every bit
 * width, mixing long repeats (run-length runs) with changing values (bit-packed runs), give
 * back the values written and leave the position at the data's end; malformed data is
 * refused rather than read past.
 */
class RleHybridTest {
  @Test
  void decodesParquetsEncodingAtEveryWidth() throws Exception {
    Random random = new Random(20261129);
    for (int width = 0; width <= 32; width++) {
      for (int round = 0; round < 40; round++) {
        int n = 1 + random.nextInt(round < 20 ? 40 : 5000);
        int[] values = stream(random, width, n);
        byte[] bytes = encode(width, values);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        int[] out = new int[n + 3];
        Arrays.fill(out, -7);
        RleHybrid.decode(in, width, out, n);
        assertArrayEquals(values, Arrays.copyOf(out, n), "width " + width + ", n " + n);
        assertEquals(-7, out[n], "nothing written past n");
        assertEquals(bytes.length, in.position(), "the position after the last run");
      }
    }
  }

  @Test
  void stopsAtNAndSkipsTheLastRunsPadding() throws Exception {
    int[] values = {1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1};
    byte[] bytes = encode(1, values);
    int[] out = new int[5];
    ByteBuffer in = ByteBuffer.wrap(bytes);
    RleHybrid.decode(in, 1, out, 5);
    assertArrayEquals(new int[] {1, 0, 1, 1, 0}, out);
    assertEquals(bytes.length, in.position());
  }

  @Test
  void refusesMalformedData() {
    int[] out = new int[8];
    // an empty run: would never end
    assertThrows(ParquetDecodingException.class,
        () -> RleHybrid.decode(ByteBuffer.wrap(new byte[] {0}), 3, out, 8));
    // one bit-packed group of width 3 needs 3 bytes; only 2 follow
    assertThrows(ParquetDecodingException.class,
        () -> RleHybrid.decode(ByteBuffer.wrap(new byte[] {3, 1, 2}), 3, out, 8));
    // a run-length run of 4 values, then the data ends before the other 4
    ParquetDecodingException early = assertThrows(ParquetDecodingException.class,
        () -> RleHybrid.decode(ByteBuffer.wrap(new byte[] {8, 5}), 3, out, 8));
    assertEquals("the encoded values end before the page's 8 values", early.getMessage());
    // a header whose varint never ends
    assertThrows(ParquetDecodingException.class, () -> RleHybrid.decode(
        ByteBuffer.wrap(new byte[] {-1, -1, -1, -1, -1, 1}), 3, out, 8));
    assertThrows(ParquetDecodingException.class,
        () -> RleHybrid.decode(ByteBuffer.wrap(new byte[] {2, 0}), 33, out, 1));
  }

  /** Runs of repeats and of fresh values, every value below 2^width. */
  private static int[] stream(Random random, int width, int n) {
    int[] v = new int[n];
    int i = 0;
    while (i < n) {
      int len = 1 + random.nextInt(random.nextBoolean() ? 3 : 30);
      boolean repeat = random.nextBoolean();
      int x = value(random, width);
      for (int k = 0; k < len && i < n; k++) {
        v[i++] = repeat ? x : value(random, width);
      }
    }
    return v;
  }

  private static int value(Random random, int width) {
    return width == 0 ? 0 : (int) (random.nextLong() & ((1L << width) - 1));
  }

  private static byte[] encode(int width, int[] values) throws Exception {
    RunLengthBitPackingHybridEncoder e = new RunLengthBitPackingHybridEncoder(width, 64,
        1 << 20, new HeapByteBufferAllocator());
    for (int x : values) {
      e.writeInt(x);
    }
    return e.toBytes().toByteArray();
  }
}
