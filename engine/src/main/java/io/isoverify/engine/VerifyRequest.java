package io.isoverify.engine;

import io.isoverify.history.check.Level;
import io.isoverify.history.formats.HistoryFormat;
import java.nio.file.Path;
import java.util.List;

/**
 * What to verify: the history's location and format, the levels, in {@link Level} order,
 * and the id the reports give the run.
 *
 * @param path a file or a folder of part files (on any filesystem Hadoop reads, for the
 *     Spark engine, when {@code format} is Parquet)
 * @param display the name messages give the input: the user's spelling of the path
 */
public record VerifyRequest(String path, String display, HistoryFormat format, List<Level> levels,
    String runId) {
  public VerifyRequest {
    levels = List.copyOf(levels);
  }

  /** The path as a local file or folder. */
  public Path localPath() {
    return Path.of(path.startsWith("file:") ? java.net.URI.create(path).getPath() : path);
  }
}
