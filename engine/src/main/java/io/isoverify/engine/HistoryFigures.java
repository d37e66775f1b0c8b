package io.isoverify.engine;

import io.isoverify.history.History;
import io.isoverify.history.Outcome;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The whole history's figures a report shows: sessions, transactions by outcome, operations,
 * keys, whether it has client timestamps. Counted from the History in process; given by the
 * Spark run, whose driver holds only an excerpt of the history.
 *
 * @param outcomes transactions by outcome code: committed, aborted, unknown (in that order)
 */
public record HistoryFigures(long sessions, long transactions, Map<String, Long> outcomes,
    long operations, long keys, boolean timestamps) {
  public HistoryFigures {
    outcomes = Collections.unmodifiableMap(new LinkedHashMap<>(outcomes));
  }

  /** The figures of a whole history held in memory. */
  public static HistoryFigures of(History h) {
    long[] count = new long[Outcome.values().length];
    for (int t = 0; t < h.txnCount(); t++) {
      count[h.outcome(t).ordinal()]++;
    }
    Map<Outcome, Long> byOutcome = new EnumMap<>(Outcome.class);
    for (Outcome o : Outcome.values()) {
      byOutcome.put(o, count[o.ordinal()]);
    }
    return new HistoryFigures(h.sessionCount(), h.txnCount(), codes(byOutcome), h.opCount(),
        h.keys().size(), h.hasTimestamps());
  }

  /** Counts by outcome as the report names them, every outcome present. */
  public static Map<String, Long> codes(Map<Outcome, Long> byOutcome) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (Outcome o : Outcome.values()) {
      m.put(o.code(), byOutcome.getOrDefault(o, 0L));
    }
    return m;
  }
}
