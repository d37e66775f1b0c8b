package io.isoverify.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Which engine checks a history when the user does not say: the Spark engine for Parquet
 * inputs of at least {@link #SPARK_FROM_BYTES} (about 10^7 operations in the canonical
 * layout, where loading the whole history into one JVM starts to cost gigabytes), the
 * in-process engine otherwise: below that, Spark's start-up and shuffles cost more than
 * they save.
 */
public final class EngineChoice {
  public static final long SPARK_FROM_BYTES = 256L << 20;

  private EngineChoice() {}

  /** True when {@code input} (a file or a folder of part files) is Parquet and large. */
  public static boolean prefersSpark(Path input, String format) throws IOException {
    if ((format != null && !format.equals("parquet")) || !Files.exists(input)) {
      return false;
    }
    if (Files.isDirectory(input)) {
      try (Stream<Path> s = Files.list(input)) {
        return s.filter(p -> p.toString().endsWith(".parquet")).mapToLong(p -> p.toFile().length()).sum()
            >= SPARK_FROM_BYTES;
      }
    }
    return input.toString().endsWith(".parquet") && Files.size(input) >= SPARK_FROM_BYTES;
  }
}
