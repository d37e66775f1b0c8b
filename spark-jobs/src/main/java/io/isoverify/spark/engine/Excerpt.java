package io.isoverify.spark.engine;

import io.isoverify.engine.LevelReport;
import io.isoverify.history.History;
import java.util.List;

/**
 * The part of a history a Spark run's certificates mention, held on the driver so the run
 * can be explained and rendered as the in-process run is: the operation rows of exactly the
 * transactions the certificates name, read back from the input as a small {@link History}
 * (each transaction with its session, position, outcome and timestamps), and the levels
 * with their certificates restated in that history's ids, cycles with their values and
 * operations filled in.
 *
 * @param history the excerpt; null when no certificate was found (nothing to explain)
 * @param levels the run's levels, certificates in the excerpt's ids (same order, same counts)
 * @param recheck what the independent checker established about the certificates, one line
 */
public record Excerpt(History history, List<LevelReport> levels, String recheck) {
  public Excerpt {
    levels = List.copyOf(levels);
  }
}
