package io.isoverify.engine;

import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.PathChoice;
import io.isoverify.history.check.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer for one level, as reported: the verdict, why it is UNKNOWN when it is, the
 * certificates shown (bounded), the full count of each anomaly, and how long it took.
 *
 * @param witness a one-line description of the witness when the level holds, else null
 * @param path the check that decided the level and why; null where not known
 */
public record LevelReport(Level level, Verdict verdict, String reason, List<Certificate> certificates,
    Map<Anomaly, Long> counts, String witness, long elapsedNanos, PathChoice path) {
  public LevelReport {
    certificates = List.copyOf(certificates);
    counts = Map.copyOf(counts);
  }

  /** A report that does not say which path decided it. */
  public LevelReport(Level level, Verdict verdict, String reason, List<Certificate> certificates,
      Map<Anomaly, Long> counts, String witness, long elapsedNanos) {
    this(level, verdict, reason, certificates, counts, witness, elapsedNanos, null);
  }

  /**
   * The reports of the pipeline's results, in the order of {@code levels}, every engine's
   * way; each level's phase times are added to {@code phases} under the names report.json
   * uses ("non-cycle checks", then per level "graph", "prune", "components", "solve",
   * "check", prefixed with the level when there are several).
   */
  public static List<LevelReport> of(List<Level> levels, Map<Level, LevelResult> results,
      LinkedHashMap<String, Long> phases) {
    return of(levels, results, phases, true);
  }

  /**
   * The same, where {@code replayed} says whether the checker replayed the witnesses (not on
   * the Spark driver, which does not hold the history: {@link Certifier#replays}).
   */
  public static List<LevelReport> of(List<Level> levels, Map<Level, LevelResult> results,
      LinkedHashMap<String, Long> phases, boolean replayed) {
    List<LevelReport> out = new ArrayList<>();
    for (Level level : levels) {
      LevelResult r = results.get(level);
      PhaseNanos n = r.nanos();
      String prefix = levels.size() > 1 ? level + " " : "";
      phases.merge("non-cycle checks", n.nonCycle(), Math::max);
      phases.put(prefix + "graph", n.graph());
      phases.put(prefix + "prune", n.prune());
      phases.put(prefix + "components", n.components());
      phases.put(prefix + "solve", n.solve());
      phases.put(prefix + "check", n.check());
      out.add(new LevelReport(level, r.verdict(), r.reason().isEmpty() ? null : r.reason(),
          r.certificates(), r.counts(), witness(r, replayed), n.total(), r.path()));
    }
    return out;
  }

  private static String witness(LevelResult r, boolean replayed) {
    if (r.verdict() != Verdict.HOLDS) {
      return null;
    }
    if (r.witness() == null) {
      return switch (r.path().path()) {
        case MINI_TRANSACTIONS -> "no cycle in the known dependency graph";
        case LIGHTWEIGHT_TRANSACTIONS -> "every key linearizable";
        default -> r.stats().components() + " components solved";
      };
    }
    int n = r.witness().order().length;
    String checked = replayed ? ", re-checked" : " (not replayed: the driver does not hold the history)";
    return r.level() == Level.SI
        ? "witness: a commit order and start points of " + n + " transactions" + checked
        : "witness: a serial order of " + n + " transactions" + checked;
  }
}
