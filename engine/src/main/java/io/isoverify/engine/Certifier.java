package io.isoverify.engine;

import io.isoverify.checker.ConflictEvidence;
import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import io.isoverify.solver.SolveResult;
import io.isoverify.solver.SolverInput;
import io.isoverify.solver.Witness;
import java.util.List;

/**
 * How the {@link LevelPipeline} turns what the search found into evidence, for the engine at
 * hand: {@link HistoryCertifier} when the whole history is in memory (values and operations
 * filled in, every certificate, conflict core and witness re-checked by the independent
 * checker at once), {@link DeferredCertifier} when it is not (the Spark driver: typed edges
 * only, restated and re-checked later on the excerpt of the history they mention).
 */
public interface Certifier {
  /**
   * The certificate of a cycle of typed edges (dense History ids, values unfilled) of a
   * history without non-cycle anomalies.
   *
   * @param choices as {@link Certificate#choices()}
   * @param reads as {@link Certificate#reads()}, operations and values unfilled
   * @throws IllegalStateException when the checker rejects the cycle (a bug of ours)
   */
  Certificate cycle(Level level, List<Edge> cycle, int choices, List<WrConstraint> reads);

  /**
   * Records the evidence of an UNSAT component (its conflict core) where it can be checked;
   * the component's certificate is then made by {@link #cycle}.
   */
  void conflict(Level level, Component c, SolveResult r);

  /**
   * Records a constraint that pruning found cyclic either way, as evidence where it can be
   * checked: a version-order constraint's two cycles ({@code read} null), or a read's, one
   * per candidate writer ({@code read} its WR constraint, operation and value unfilled).
   */
  void pruningConflict(Level level, List<List<Edge>> cycles, WrConstraint read);

  /** The evidence recorded for {@code level} so far (conflict cores), in order. */
  List<ConflictEvidence> conflicts(Level level);

  /**
   * The witness of a level that holds, replayed by the checker; null where the engine cannot
   * build one (no history in memory).
   */
  Witness witness(Level level, SolverInput in, List<Component> components, List<SolveResult> results);

  /**
   * The witness of {@code level} that {@code stronger}, a witness of a level that implies it
   * ({@link Level#implies}), gives ({@link Witness#as}), replayed by the checker at
   * {@code level} (or already: a replay of {@code stronger} that made every check of
   * {@code level}); null where the engine cannot replay one.
   */
  Witness implied(Level level, Witness stronger);

  /** Whether the checker replays the witnesses this certifier gives (the report says so). */
  default boolean replays() {
    return true;
  }
}
