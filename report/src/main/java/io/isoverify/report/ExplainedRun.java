package io.isoverify.report;

import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.explain.Explainer;
import io.isoverify.history.explain.Explanation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of a run every rendering shows: per level, the first {@code perKind} certificates
 * of each anomaly, explained, and how many of each kind are left out; so a history with 10^5
 * violations still gives a report of bounded size, made in bounded time. Anomalies are
 * numbered 1, 2, ... across the run, one number per distinct anomaly: certificates of several
 * levels that say the same thing ({@link SameAnomaly}: anomaly, transactions, edges; the
 * levels' checks may word the summary differently) are one anomaly, shown once with the levels
 * that reported it.
 */
public final class ExplainedRun {
  /**
   * One anomaly shown: its number in the run (anomaly-N.dot), the certificate of the first
   * level that reported it, its explanation, and every level that reported it, in run order.
   */
  public record Shown(int number, Certificate certificate, Explanation explanation, List<Level> levels) {
    public Shown {
      levels = List.copyOf(levels);
    }
  }

  /** One level's shown anomalies and, per anomaly, how many were not shown. */
  public record LevelView(LevelReport level, List<Shown> shown, Map<Anomaly, Long> omitted) {
    public LevelView {
      shown = List.copyOf(shown);
      omitted = Map.copyOf(omitted);
    }
  }

  private final RunReport report;
  private final List<LevelView> levels = new ArrayList<>();
  private final List<Shown> distinct = new ArrayList<>();

  private ExplainedRun(RunReport report, int perKind) {
    this.report = report;
    // First pass: which distinct anomalies each level shows, and which levels show each.
    Map<SameAnomaly, Set<Level>> reportedBy = new LinkedHashMap<>();
    Map<SameAnomaly, Certificate> first = new LinkedHashMap<>();
    List<List<SameAnomaly>> perLevel = new ArrayList<>();
    List<Map<Anomaly, Long>> omitted = new ArrayList<>();
    for (LevelReport l : report.levels()) {
      Map<Anomaly, Integer> taken = new EnumMap<>(Anomaly.class);
      List<SameAnomaly> shown = new ArrayList<>();
      for (Certificate c : l.certificates()) {
        if (taken.merge(c.anomaly(), 1, Integer::sum) > perKind) {
          continue;
        }
        SameAnomaly key = SameAnomaly.of(c);
        first.putIfAbsent(key, c);
        reportedBy.computeIfAbsent(key, k -> EnumSet.noneOf(Level.class)).add(l.level());
        if (!shown.contains(key)) {
          shown.add(key);
        }
      }
      perLevel.add(shown);
      Map<Anomaly, Long> rest = new LinkedHashMap<>();
      for (Map.Entry<Anomaly, Long> e : l.counts().entrySet()) {
        long left = e.getValue() - Math.min(perKind, taken.getOrDefault(e.getKey(), 0));
        if (left > 0) {
          rest.put(e.getKey(), left);
        }
      }
      omitted.add(rest);
    }
    // Second pass: number and explain each distinct anomaly once, in order of first appearance.
    Explainer explainer = new Explainer(report.history());
    Map<SameAnomaly, Shown> numbered = new LinkedHashMap<>();
    for (Map.Entry<SameAnomaly, Certificate> e : first.entrySet()) {
      List<Level> by = report.levels().stream().map(LevelReport::level)
          .filter(reportedBy.get(e.getKey())::contains).distinct().toList();
      Shown s = new Shown(distinct.size() + 1, e.getValue(), explainer.explain(e.getValue()), by);
      numbered.put(e.getKey(), s);
      distinct.add(s);
    }
    for (int i = 0; i < report.levels().size(); i++) {
      levels.add(new LevelView(report.levels().get(i), perLevel.get(i).stream().map(numbered::get).toList(),
          omitted.get(i)));
    }
  }

  /** Explains the first {@code perKind} certificates of each anomaly of each level. */
  public static ExplainedRun of(RunReport report, int perKind) {
    return new ExplainedRun(report, perKind);
  }

  public RunReport report() {
    return report;
  }

  public List<LevelView> levels() {
    return levels;
  }

  /** Every anomaly shown, once, in number order. */
  public List<Shown> distinct() {
    return distinct;
  }
}
