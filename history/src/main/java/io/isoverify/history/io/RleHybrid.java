package io.isoverify.history.io;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Parquet's run-length / bit-packing hybrid encoding (the format's encoding RLE = 3), decoded
 * in bulk into an int array: the definition and repetition levels of a page and the
 * dictionary indices of a dictionary-encoded page. The data is a sequence of runs, each led
 * by an unsigned LEB128 varint header: an even header {@code 2c} is a run of c copies of one
 * value stored little-endian in ceil(width / 8) bytes; an odd header {@code 2g + 1} is g
 * groups of 8 values of {@code width} bits each, packed from the least significant bit of
 * each byte up. The last bit-packed group may run past the values wanted (its padding is
 * read and dropped).
 *
 * <p>O(n + bytes) time, nothing allocated. Parquet's own decoder ({@code
 * RunLengthBitPackingHybridDecoder}) reads a value per call and allocates a stream and a
 * buffer per run; on read lists with a run every few entries it was the reader's largest
 * cost (a third of the decoding thread and 5 GB of garbage on a 10M-transaction history).
 */
final class RleHybrid {
  private RleHybrid() {}

  /**
   * Decodes {@code n} values of {@code width} bits (0 to 32) from {@code in}'s position into
   * {@code out[0..n)}, leaving the position after the last run read.
   *
   * @throws ParquetDecodingException when the data ends early or a header is malformed
   */
  static void decode(ByteBuffer in, int width, int[] out, int n) {
    try {
      runs(in, width, out, n);
    } catch (BufferUnderflowException e) {
      throw new ParquetDecodingException("the encoded values end before the page's " + n
          + " values", e);
    }
  }

  private static void runs(ByteBuffer in, int width, int[] out, int n) {
    if (width < 0 || width > 32) {
      throw new ParquetDecodingException("bit width " + width + " is not between 0 and 32");
    }
    int bytesPerValue = (width + 7) >>> 3;
    long mask = (1L << width) - 1;
    int i = 0;
    while (i < n) {
      int header = varint(in);
      int count = header >>> 1;
      if (count == 0) {
        throw new ParquetDecodingException("an empty run of encoded values");
      }
      if ((header & 1) == 0) {
        int value = 0;
        for (int b = 0; b < bytesPerValue; b++) {
          value |= (in.get() & 0xFF) << (8 * b);
        }
        int end = (int) Math.min(n, (long) i + count);
        Arrays.fill(out, i, end, value);
        i = end;
      } else {
        long runBytes = (long) count * width;
        int take = (int) Math.min(n - i, 8L * count);
        long needed = ((long) take * width + 7) >>> 3;
        if (needed > in.remaining()) {
          throw new ParquetDecodingException("the encoded values end inside a bit-packed run");
        }
        int start = in.position();
        long acc = 0;
        int bits = 0;
        for (int v = 0; v < take; v++) {
          while (bits < width) {
            acc |= (long) (in.get() & 0xFF) << bits;
            bits += 8;
          }
          out[i++] = (int) (acc & mask);
          acc >>>= width;
          bits -= width;
        }
        // the run's padding: its last group past n, possibly cut short by the writer
        in.position((int) Math.min(in.limit(), start + runBytes));
      }
    }
  }

  /** An unsigned LEB128 int. */
  private static int varint(ByteBuffer in) {
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int b = in.get() & 0xFF;
      value |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw new ParquetDecodingException("a run header longer than 5 bytes");
  }
}
