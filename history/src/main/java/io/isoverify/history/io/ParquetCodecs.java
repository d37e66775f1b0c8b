package io.isoverify.history.io;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page compression without Hadoop's codec pool: ZSTD (zstd-jni), SNAPPY (snappy-java),
 * GZIP (java.util.zip) and none, each one call on byte arrays. These cover what Spark,
 * Arrow, DuckDB and polars write by default. Hadoop's CodecPool, which Parquet's own
 * factory goes through, logs every new (de)compressor at INFO, and library code here must
 * print nothing; the rarer codecs (LZ4, LZO, BROTLI) still go to Parquet's factory.
 */
public final class ParquetCodecs implements CompressionCodecFactory {
  /** zstd's own default level: most of the size gain at a fraction of the higher levels' time. */
  private static final int ZSTD_LEVEL = 3;

  private CompressionCodecFactory fallback;

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName name) {
    return own(name) ? new Codec(name) : fallback().getCompressor(name);
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName name) {
    return own(name) ? new Codec(name) : fallback().getDecompressor(name);
  }

  @Override
  public void release() {
    if (fallback != null) {
      fallback.release();
      fallback = null;
    }
  }

  private static boolean own(CompressionCodecName name) {
    return switch (name) {
      case UNCOMPRESSED, SNAPPY, ZSTD, GZIP -> true;
      default -> false;
    };
  }

  private CompressionCodecFactory fallback() {
    if (fallback == null) {
      fallback = new CodecFactory(new PlainParquetConfiguration(), 0);
    }
    return fallback;
  }

  private static final class Codec implements BytesInputCompressor, BytesInputDecompressor {
    private final CompressionCodecName name;

    Codec(CompressionCodecName name) {
      this.name = name;
    }

    @Override
    public CompressionCodecName getCodecName() {
      return name;
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      if (name == CompressionCodecName.UNCOMPRESSED) {
        return bytes;
      }
      byte[] src = array(bytes);
      switch (name) {
        case SNAPPY:
          return BytesInput.from(Snappy.compress(src));
        case GZIP:
          ByteArrayOutputStream out = new ByteArrayOutputStream(src.length / 2 + 64);
          try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(src);
          }
          return BytesInput.from(out);
        default:
          byte[] dst = new byte[(int) Zstd.compressBound(src.length)];
          long n = Zstd.compressByteArray(dst, 0, dst.length, src, 0, src.length, ZSTD_LEVEL);
          check(n);
          return BytesInput.from(dst, 0, (int) n);
      }
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      if (name == CompressionCodecName.UNCOMPRESSED) {
        return bytes;
      }
      ByteBuffer page = bytes.toByteBuffer();
      if (page.hasArray()) {
        // the page's bytes in place (a slice of the column chunk read): no copy of them
        return BytesInput.from(decompress(page.array(), page.arrayOffset() + page.position(),
            page.remaining(), uncompressedSize));
      }
      byte[] src = new byte[page.remaining()];
      page.duplicate().get(src);
      return BytesInput.from(decompress(src, 0, src.length, uncompressedSize));
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output,
        int uncompressedSize) throws IOException {
      byte[] src = new byte[compressedSize];
      input.duplicate().get(src);
      output.put(name == CompressionCodecName.UNCOMPRESSED ? src
          : decompress(src, 0, src.length, uncompressedSize));
    }

    /** {@code src[offset .. offset+length)} decompressed into a new array of uncompressedSize. */
    private byte[] decompress(byte[] src, int offset, int length, int uncompressedSize)
        throws IOException {
      byte[] dst = new byte[uncompressedSize];
      int n;
      switch (name) {
        case SNAPPY:
          n = Snappy.uncompress(src, offset, length, dst, 0);
          break;
        case GZIP:
          try (InputStream gz = new GZIPInputStream(new ByteArrayInputStream(src, offset, length))) {
            n = gz.readNBytes(dst, 0, uncompressedSize);
          }
          break;
        default:
          long r = Zstd.decompressByteArray(dst, 0, dst.length, src, offset, length);
          check(r);
          n = (int) r;
      }
      if (n != uncompressedSize) {
        throw new IOException(name + " page decompressed to " + n + " bytes, expected "
            + uncompressedSize);
      }
      return dst;
    }

    private static byte[] array(BytesInput bytes) throws IOException {
      return bytes.toInputStream().readNBytes((int) bytes.size());
    }

    private static void check(long zstdResult) throws IOException {
      if (Zstd.isError(zstdResult)) {
        throw new IOException("ZSTD: " + Zstd.getErrorName(zstdResult));
      }
    }

    @Override
    public void release() {}
  }
}
