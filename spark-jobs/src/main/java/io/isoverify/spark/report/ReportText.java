package io.isoverify.spark.report;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The summary a person reads on the terminal: the history, one verdict line per level, the anomalies. */
public final class ReportText {
  /** How many certificates per level the terminal shows; the rest are in the report files. */
  public static final int SHOWN = 5;

  private ReportText() {}

  public static String render(RunReport r) {
    History h = r.history();
    StringBuilder s = new StringBuilder();
    Map<String, Long> outcomes = r.outcomeCounts();
    s.append(String.format(Locale.ROOT,
        "history %s (%s): %d transactions (%d committed, %d aborted, %d unknown) in %d sessions, %d operations on %d keys%n",
        r.file(), r.format(), h.txnCount(), outcomes.get("committed"), outcomes.get("aborted"),
        outcomes.get("unknown"), h.sessionCount(), h.opCount(), h.keys().size()));
    for (LevelReport l : r.levels()) {
      s.append(String.format(Locale.ROOT, "%-5s %-9s %s(%.2f s)%n", l.level(), l.verdict(),
          detail(l), l.elapsedNanos() / 1e9));
      int shown = 0;
      for (Certificate c : l.certificates()) {
        if (shown++ == SHOWN) {
          s.append("      ... and more in the report\n");
          break;
        }
        s.append("      ").append(c.anomaly().displayName()).append(": ").append(c.summary()).append('\n');
        for (String e : CertificateText.edges(h, c)) {
          s.append("        ").append(e).append('\n');
        }
      }
    }
    return s.toString();
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
