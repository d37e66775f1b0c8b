package io.isoverify.report;

import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.explain.Explainer;
import io.isoverify.history.explain.Explanation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a run every rendering shows: per level, the first {@code perKind} certificates
 * of each anomaly, explained, and how many of each kind are left out; so a history with 10^5
 * violations still gives a report of bounded size, made in bounded time. Anomalies are
 * numbered 1, 2, ... across the run; a certificate shared by several levels (the non-cycle
 * anomalies violate them all) keeps one number and one picture.
 */
public final class ExplainedRun {
  /** One anomaly shown: its number in the run (anomaly-N.dot), certificate and explanation. */
  public record Shown(int number, Certificate certificate, Explanation explanation) {}

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
    Explainer explainer = new Explainer(report.history());
    Map<Certificate, Shown> numbered = new IdentityHashMap<>();
    for (LevelReport l : report.levels()) {
      Map<Anomaly, Integer> taken = new EnumMap<>(Anomaly.class);
      List<Shown> shown = new ArrayList<>();
      for (Certificate c : l.certificates()) {
        if (taken.merge(c.anomaly(), 1, Integer::sum) > perKind) {
          continue;
        }
        Shown s = numbered.get(c);
        if (s == null) {
          s = new Shown(distinct.size() + 1, c, explainer.explain(c));
          numbered.put(c, s);
          distinct.add(s);
        }
        shown.add(s);
      }
      Map<Anomaly, Long> omitted = new LinkedHashMap<>();
      for (Map.Entry<Anomaly, Long> e : l.counts().entrySet()) {
        long rest = e.getValue() - Math.min(perKind, taken.getOrDefault(e.getKey(), 0));
        if (rest > 0) {
          omitted.put(e.getKey(), rest);
        }
      }
      levels.add(new LevelView(l, shown, omitted));
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
