package io.isoverify.spark.engine;

import io.isoverify.engine.LevelReport;
import io.isoverify.history.Outcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run of the Spark engine found: the size of the history, the time per phase, and
 * the {@link Excerpt} of the history its certificates mention, with the levels' reports
 * restated on it, so the run is explained and rendered as in-process without the whole
 * history in memory.
 */
public record SparkRun(long sessions, long transactions, long operations, long keys,
    boolean timestamps, Map<Outcome, Long> outcomes, LinkedHashMap<String, Long> phaseNanos,
    Excerpt excerpt) {
  public SparkRun {
    phaseNanos = new LinkedHashMap<>(phaseNanos);
  }

  /** The levels' reports, certificates in the excerpt's ids. */
  public List<LevelReport> levels() {
    return excerpt.levels();
  }
}
