package io.isoverify.engine;

import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;

/**
 * The engine seam: one way to run the requested levels over a history, whatever runs them.
 * Two implementations: {@link InProcessEngine} (the whole history in this JVM) and the Spark
 * engine (spark-jobs), which both run the one {@link LevelPipeline} and return one result
 * type, the {@link RunReport} every rendering is made from. {@link EngineChoice} picks
 * between them when the user does not.
 */
public interface Engine {
  /**
   * Verifies the history {@code request} names, for each of its levels.
   *
   * @throws InvalidHistoryException when the input is not a valid history (bad input)
   * @throws IOException when the input cannot be read or converted
   */
  RunReport run(VerifyRequest request, ProgressListener progress)
      throws InvalidHistoryException, IOException;
}
