package io.isoverify.report;

import io.isoverify.engine.HistoryFigures;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.PathChoice;
import io.isoverify.history.explain.ExplanationText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The text a person reads: on the terminal, the history, the check each level took (its path:
 * mini-transactions, lightweight transactions, general), one verdict line per level, then the
 * first anomalies of each level in one line each, each anomaly once with the levels it breaks;
 * in report.txt, the same followed by every anomaly shown, explained step by step (Elle style,
 * {@link ExplanationText}).
 */
public final class ReportText {
  /** How many anomalies per level the terminal shows; the rest are in the report files. */
  public static final int SHOWN = 5;

  private ReportText() {}

  /** What the terminal shows. */
  public static String render(RunReport r) {
    return summary(ExplainedRun.of(r, SHOWN));
  }

  /** report.txt: the summary, then each anomaly shown, explained. */
  static String full(ExplainedRun run, Pictures pictures) {
    StringBuilder s = new StringBuilder(summary(run));
    s.append("Re-check: ").append(run.report().recheck()).append('\n');
    ExplanationText text = new ExplanationText(run.report().history());
    for (ExplainedRun.Shown a : run.distinct()) {
      s.append('\n').append(text.render(a.explanation(), heading(a)));
      Pictures.Picture p = pictures.of(a.number());
      s.append("Drawing: ").append(p.dotFile())
          .append(p.svgFile() != null ? ", " + p.svgFile() : " (no SVG: " + p.reason() + ")").append('\n');
    }
    return s.toString();
  }

  private static String summary(ExplainedRun run) {
    RunReport r = run.report();
    HistoryFigures f = r.figures();
    StringBuilder s = new StringBuilder();
    Map<String, Long> outcomes = r.outcomeCounts();
    s.append(String.format(Locale.ROOT,
        "history %s (%s): %d transactions (%d committed, %d aborted, %d unknown) in %d sessions, %d operations on %d keys%n",
        r.file(), r.format(), f.transactions(), outcomes.get("committed"), outcomes.get("aborted"),
        outcomes.get("unknown"), f.sessions(), f.operations(), f.keys()));
    s.append(paths(run));
    Set<ExplainedRun.Shown> listed = new TreeSet<>(Comparator.comparingInt(ExplainedRun.Shown::number));
    for (ExplainedRun.LevelView v : run.levels()) {
      LevelReport l = v.level();
      s.append(String.format(Locale.ROOT, "%-5s %-9s %s(%.2f s)%n", l.level(), l.verdict(),
          detail(l), l.elapsedNanos() / 1e9));
      listed.addAll(v.shown().subList(0, Math.min(SHOWN, v.shown().size())));
    }
    for (ExplainedRun.Shown a : listed) {
      s.append("      ").append(heading(a)).append(": ").append(a.explanation().summary()).append('\n');
    }
    List<String> unlisted = new ArrayList<>();
    for (ExplainedRun.LevelView v : run.levels()) {
      long total = v.level().counts().values().stream().mapToLong(Long::longValue).sum();
      long more = total - listed.stream().filter(a -> a.levels().contains(v.level().level())).count();
      if (more > 0) {
        unlisted.add(v.level().level() + " " + more);
      }
    }
    if (!unlisted.isEmpty()) {
      s.append("      ... not listed here: ").append(String.join(", ", unlisted))
          .append(" (counts above; examples in the report files)\n");
    }
    return s.toString();
  }

  /**
   * Which check decided the levels, and why: "path: mini-transactions (...)" when every level
   * took the same, else a line per path naming its levels ("path SER, SI: ..."); nothing
   * when the report does not say.
   */
  static String paths(ExplainedRun run) {
    Map<PathChoice, List<String>> levels = new LinkedHashMap<>();
    for (ExplainedRun.LevelView v : run.levels()) {
      if (v.level().path() != null) {
        levels.computeIfAbsent(v.level().path(), p -> new ArrayList<>()).add(v.level().level().name());
      }
    }
    StringBuilder s = new StringBuilder();
    levels.forEach((path, names) -> s.append("path").append(levels.size() == 1 ? "" : " " + String.join(", ", names))
        .append(": ").append(path).append('\n'));
    return s.toString();
  }

  /** "[1] G-single (LostUpdate) breaks SER, SI": the anomaly's number, title and the levels reporting it. */
  static String heading(ExplainedRun.Shown a) {
    return "[" + a.number() + "] " + a.explanation().title() + " breaks "
        + a.levels().stream().map(Level::name).collect(Collectors.joining(", "));
  }

  private static String detail(LevelReport l) {
    return switch (l.verdict()) {
      case HOLDS -> l.witness() == null ? "" : l.witness() + " ";
      case UNKNOWN -> l.reason() + " ";
      case VIOLATED -> counts(l.counts()) + " ";
    };
  }

  /** "3 anomalies (AbortedRead 2, G2-item 1)". */
  static String counts(Map<Anomaly, Long> counts) {
    long total = counts.values().stream().mapToLong(Long::longValue).sum();
    return total + (total == 1 ? " anomaly" : " anomalies") + " ("
        + counts.entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> e.getKey().displayName() + " " + e.getValue())
            .collect(Collectors.joining(", ")) + ")";
  }
}
