package io.isoverify.datasets.generate;

import io.isoverify.history.io.HistorySink;
import io.isoverify.history.io.JsonlHistorySink;
import io.isoverify.history.io.ParquetHistorySink;
import java.io.IOException;
import java.nio.file.Path;

/** Opens the {@link HistorySink} an output file's name asks for: .parquet or .jsonl. */
public final class HistorySinks {
  private HistorySinks() {}

  /**
   * A sink writing {@code file} in the format its extension names.
   *
   * @throws IllegalArgumentException for any other extension, naming the ones known
   */
  public static HistorySink open(Path file) throws IOException {
    String name = file.getFileName().toString();
    if (name.endsWith(".parquet")) {
      return new ParquetHistorySink(file);
    }
    if (name.endsWith(".jsonl")) {
      return new JsonlHistorySink(file);
    }
    throw new IllegalArgumentException(file + ": unknown output format; the name must end in"
        + " .parquet or .jsonl");
  }
}
