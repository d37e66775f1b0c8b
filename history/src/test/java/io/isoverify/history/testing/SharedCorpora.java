package io.isoverify.history.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The histories other checkers' authors published, with their expected verdicts, which the
 * tests read from the folder shared/corpora beside the repository (never copied in). A test
 * of an entry that is absent is skipped, saying which.
 */
public final class SharedCorpora {
  private SharedCorpora() {}

  /** The folder shared/corpora, found by walking up from the working directory, or null. */
  public static Path folder() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path c = p.resolve("shared").resolve("corpora");
      if (Files.isDirectory(c)) {
        return c;
      }
    }
    return null;
  }

  /** One entry; the calling test is skipped when it is absent. */
  public static Path entry(String relative) {
    Path corpora = folder();
    assumeTrue(corpora != null && Files.exists(corpora.resolve(relative)),
        "the shared corpus entry " + relative + " is absent");
    return corpora.resolve(relative);
  }
}
