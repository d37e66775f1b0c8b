package io.isoverify.spark.submit;

import io.isoverify.history.History;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.spark.engine.SparkRun;
import io.isoverify.spark.report.LevelReport;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The terminal summary of a Spark run, in the layout of the in-process command's terminal
 * summary (report.ReportText, which renders from a History the Spark engine never builds):
 * the history line, one verdict line per level, the first certificates (a cycle's with its
 * edges), the time per phase. Names come from the run, which
 * looked up only those its certificates mention.
 */
public final class SparkRunText {
  /** Certificates shown per level, as the in-process command shows. */
  static final int SHOWN = 5;

  private SparkRunText() {}

  public static String render(String file, SparkRun r) {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
        "history %s (parquet): %d transactions (%d committed, %d aborted, %d unknown) in %d sessions, %d operations on %d keys%n",
        file, r.transactions(), r.outcomes().get(Outcome.COMMITTED), r.outcomes().get(Outcome.ABORTED),
        r.outcomes().get(Outcome.UNKNOWN), r.sessions(), r.operations(), r.keys()));
    for (LevelReport l : r.levels()) {
      s.append(String.format(Locale.ROOT, "%-5s %-9s %s(%.2f s)%n", l.level(), l.verdict(),
          detail(l), l.elapsedNanos() / 1e9));
      int shown = 0;
      for (Certificate c : l.certificates()) {
        if (shown++ == SHOWN) {
          s.append("      ... and ").append(l.certificates().size() - SHOWN)
              .append(" more certificates\n");
          break;
        }
        s.append("      [").append(shown).append("] ").append(c.anomaly().displayName()).append(": ")
            .append(c.summary());
        if (c.anomaly().isCycle()) {
          s.append(": ").append(c.edges().stream().map(e -> edge(r, e))
              .collect(Collectors.joining(", ")));
        }
        s.append('\n');
      }
    }
    r.phaseNanos().forEach((phase, nanos) -> s.append(String.format(Locale.ROOT,
        "phase %-18s %8.2f s%n", phase, nanos / 1e9)));
    return s.toString();
  }

  private static String edge(SparkRun r, Edge e) {
    String label = e.type().name();
    if (e.key() >= 0) {
      String value = e.value() == History.INITIAL ? "init" : r.valueNames().get(e.value());
      label += "(" + r.keyNames().get(e.key())
          + (e.value() == -1 && e.type() == EdgeType.WW ? "" : "=" + value) + ")";
    }
    return txn(r, e.from()) + " -" + label + "-> " + txn(r, e.to());
  }

  private static String txn(SparkRun r, int t) {
    return t < 0 ? "init" : r.txnNames().get(t);
  }

  private static String detail(LevelReport l) {
    return switch (l.verdict()) {
      case HOLDS -> l.witness() == null ? "" : l.witness() + " ";
      case UNKNOWN -> l.reason() + " ";
      case VIOLATED -> counts(l.counts()) + " ";
    };
  }

  private static String counts(Map<Anomaly, Long> counts) {
    long total = counts.values().stream().mapToLong(Long::longValue).sum();
    return total + (total == 1 ? " anomaly" : " anomalies") + " ("
        + counts.entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> e.getKey().displayName() + " " + e.getValue())
            .collect(Collectors.joining(", ")) + ")";
  }
}
