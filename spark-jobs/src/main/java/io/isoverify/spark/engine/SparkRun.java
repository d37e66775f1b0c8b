package io.isoverify.spark.engine;

import io.isoverify.engine.LevelReport;
import io.isoverify.history.Outcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run of the Spark engine found: the size of the history, a report per level,
 * the time per phase, and the names of the transactions, keys and values that the
 * certificates mention (dense id or code to the name History would show), so the result
 * can be rendered without the history in memory; and the {@link Excerpt} of the history
 * those certificates mention, on which the run is explained and rendered as in-process.
 */
public record SparkRun(long sessions, long transactions, long operations, long keys,
    boolean timestamps, Map<Outcome, Long> outcomes, List<LevelReport> levels,
    LinkedHashMap<String, Long> phaseNanos, Map<Integer, String> txnNames,
    Map<Integer, String> keyNames, Map<Integer, String> valueNames, Excerpt excerpt) {
  public SparkRun {
    levels = List.copyOf(levels);
    phaseNanos = new LinkedHashMap<>(phaseNanos);
  }
}
