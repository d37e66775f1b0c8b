package io.isoverify.spark.cli;

import io.isoverify.history.History;
import io.isoverify.history.check.DuplicateWrite;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.Verdict;
import io.isoverify.spark.report.LevelReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs the checks in this JVM, without Spark, and turns their results into level reports. */
final class InProcessEngine {
  /** Certificates kept per anomaly kind in a report. */
  static final int EXAMPLES = 100;

  List<LevelReport> check(History h, List<Level> levels, LinkedHashMap<String, Long> phases) {
    long t0 = System.nanoTime();
    NonCycleFindings f = NonCycleChecks.findings(h, EXAMPLES);
    long elapsed = System.nanoTime() - t0;
    phases.put("non-cycle checks", elapsed);
    List<LevelReport> out = new ArrayList<>();
    for (Level level : levels) {
      if (f.duplicate() != null) {
        out.add(new LevelReport(level, Verdict.UNKNOWN, refusal(h, f.duplicate()), List.of(), Map.of(), null, elapsed));
      } else if (!f.clean()) {
        out.add(new LevelReport(level, Verdict.VIOLATED, null, f.examples(), f.counts(), null, elapsed));
      } else {
        out.add(new LevelReport(level, Verdict.UNKNOWN,
            "incomplete: the non-cycle checks found nothing, the cycle search is not implemented yet",
            List.of(), Map.of(), null, elapsed));
      }
    }
    return out;
  }

  private static String refusal(History h, DuplicateWrite d) {
    return "key " + h.showKey(d.key()) + " has the value " + h.showValue(d.value()) + " written by both "
        + h.showTxn(d.firstTxn()) + " and " + h.showTxn(d.secondTxn())
        + ": histories with duplicate written values are not supported yet";
  }
}
