package io.isoverify.solver;

import io.isoverify.graph.PartitionOptions;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import java.util.EnumSet;
import java.util.Map;

/** The one way tests run the pipeline on a history, at every level (tests only). */
final class Pipelines {
  private static final InProcessVerifier VERIFIER = new InProcessVerifier(
      new VerifierOptions(1, SolveLimits.defaults(), PartitionOptions.defaults()));

  private Pipelines() {
  }

  static Map<Level, LevelResult> verify(History h) {
    return VERIFIER.verifyWith(h, EnumSet.allOf(Level.class), level -> new NaivePolygraph(h, level));
  }
}
