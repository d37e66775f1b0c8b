package io.isoverify.history.check;

import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.List;
import java.util.Map;

/**
 * What the non-cycle checks found: up to a bounded number of certificates per anomaly, the
 * full count of each, and the first duplicate append if the history has one (then nothing
 * else was checked).
 */
public record NonCycleFindings(List<Certificate> examples, Map<Anomaly, Long> counts,
    DuplicateWrite duplicate) {
  public NonCycleFindings {
    examples = List.copyOf(examples);
    counts = Map.copyOf(counts);
  }

  /** True when no anomaly was found and the history could be checked. */
  public boolean clean() {
    return duplicate == null && counts.isEmpty();
  }

  public long total() {
    return counts.values().stream().mapToLong(Long::longValue).sum();
  }
}
