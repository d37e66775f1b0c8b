package io.isoverify.engine;

import io.isoverify.checker.ConflictEvidence;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.PathChoice;
import io.isoverify.history.check.Verdict;
import io.isoverify.solver.SolveStats;
import io.isoverify.solver.Witness;
import java.util.List;
import java.util.Map;

/**
 * The answer of {@link InProcessVerifier} for one level. VIOLATED comes with certificates
 * (the non-cycle ones first, then one cycle per violated component, each re-checked);
 * {@code conflicts} holds, for each solver conflict, the constraints every choice of which
 * closes a cycle. HOLDS comes with a re-checked witness; otherwise {@code witness} is null.
 * UNKNOWN says why in {@code reason} (empty otherwise). {@code counts} is how many of each
 * anomaly were found, including those whose certificates were not kept. {@code path} is the
 * check that decided the level and why ({@link io.isoverify.history.check.HistoryShape#path}).
 */
public record LevelResult(Level level, Verdict verdict, String reason,
    List<Certificate> certificates, List<ConflictEvidence> conflicts, Witness witness,
    SolveStats stats, PhaseNanos nanos, Map<Anomaly, Long> counts, PathChoice path) {
  public LevelResult {
    certificates = List.copyOf(certificates);
    conflicts = List.copyOf(conflicts);
    counts = Map.copyOf(counts);
  }
}
