package io.isoverify.engine;

import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.PhaseNanos;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/** Runs the whole check in this JVM, without Spark, and turns its results into level reports. */
public final class InProcessEngine {
  public List<LevelReport> check(History h, List<Level> levels, LinkedHashMap<String, Long> phases) {
    Map<Level, LevelResult> results = new InProcessVerifier(VerifierOptions.defaults())
        .verify(h, new LinkedHashSet<>(levels));
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
          r.certificates(), r.counts(), witness(r), n.total()));
    }
    return out;
  }

  private static String witness(LevelResult r) {
    if (r.witness() == null) {
      return null;
    }
    int n = r.witness().order().length;
    return r.level() == Level.SI
        ? "witness: a commit order and start points of " + n + " transactions, re-checked"
        : "witness: a serial order of " + n + " transactions, re-checked";
  }
}
