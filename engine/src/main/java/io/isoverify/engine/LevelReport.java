package io.isoverify.engine;

import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import java.util.List;
import java.util.Map;

/**
 * The answer for one level, as reported: the verdict, why it is UNKNOWN when it is, the
 * certificates shown (bounded), the full count of each anomaly, and how long it took.
 *
 * @param witness a one-line description of the witness when the level holds, else null
 */
public record LevelReport(Level level, Verdict verdict, String reason, List<Certificate> certificates,
    Map<Anomaly, Long> counts, String witness, long elapsedNanos) {
  public LevelReport {
    certificates = List.copyOf(certificates);
    counts = Map.copyOf(counts);
  }
}
