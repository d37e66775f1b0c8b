package io.isoverify.spark.engine;

import io.isoverify.checker.ConflictEvidence;
import io.isoverify.engine.Certifier;
import io.isoverify.engine.DeferredCertifier;
import io.isoverify.engine.HistoryCertifier;
import io.isoverify.graph.Component;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import io.isoverify.solver.SolveResult;
import io.isoverify.solver.SolverInput;
import io.isoverify.solver.Witness;
import java.util.List;

/**
 * The certifier of a Spark run whose driver holds the whole History (a predicate run read
 * it, {@code PredicateStage.wholeHistory}, numbered as the run): certificates are made as
 * {@link DeferredCertifier} makes them, typed edges restated and re-checked on the excerpt as
 * on every Spark run; the witnesses of levels that hold are built and replayed on the History
 * by the independent checker, as {@link HistoryCertifier} does in process (a rejection is a
 * bug of ours and throws; one through a field some versions inherit leaves the level to its
 * own search, as in process).
 */
final class ReplayingCertifier implements Certifier {
  private final DeferredCertifier deferred = new DeferredCertifier();
  private final HistoryCertifier whole;

  ReplayingCertifier(History h) {
    this.whole = new HistoryCertifier(h);
  }

  @Override
  public Certificate cycle(Level level, List<Edge> cycle, int choices,
      List<WrConstraint> reads) {
    return deferred.cycle(level, cycle, choices, reads);
  }

  @Override
  public void conflict(Level level, Component c, SolveResult r) {
    deferred.conflict(level, c, r);
  }

  @Override
  public void pruningConflict(Level level, List<List<Edge>> cycles, WrConstraint read) {
    deferred.pruningConflict(level, cycles, read);
  }

  @Override
  public List<ConflictEvidence> conflicts(Level level) {
    return deferred.conflicts(level);
  }

  @Override
  public Witness witness(Level level, SolverInput in, List<Component> components,
      List<SolveResult> results) {
    return whole.witness(level, in, components, results);
  }

  @Override
  public Witness implied(Level level, Witness stronger) {
    return whole.implied(level, stronger);
  }
}
