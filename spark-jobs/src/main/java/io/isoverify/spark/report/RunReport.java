package io.isoverify.spark.report;

import io.isoverify.history.History;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one run of the verifier found: the history it read, a verdict per requested
 * level and the time spent per phase. The text summary, report.json and the anomalies
 * table are all rendered from this record.
 *
 * @param phaseNanos time per phase in the order the phases ran ("load", "check", ...)
 */
public record RunReport(String runId, String file, String format, History history,
    List<LevelReport> levels, LinkedHashMap<String, Long> phaseNanos) {
  public RunReport {
    levels = List.copyOf(levels);
    phaseNanos = new LinkedHashMap<>(phaseNanos);
  }

  /** 0 when every level holds, 1 when one is violated, 3 when one is unknown (none violated). */
  public int exitCode() {
    boolean unknown = false;
    for (LevelReport l : levels) {
      switch (l.verdict()) {
        case VIOLATED -> {
          return 1;
        }
        case UNKNOWN -> unknown = true;
        case HOLDS -> { }
      }
    }
    return unknown ? 3 : 0;
  }

  /** Transactions by outcome: committed, aborted, unknown. */
  public Map<String, Long> outcomeCounts() {
    Map<String, Long> m = new LinkedHashMap<>();
    for (io.isoverify.history.Outcome o : io.isoverify.history.Outcome.values()) {
      m.put(o.code(), 0L);
    }
    for (int t = 0; t < history.txnCount(); t++) {
      m.merge(history.outcome(t).code(), 1L, Long::sum);
    }
    return m;
  }
}
