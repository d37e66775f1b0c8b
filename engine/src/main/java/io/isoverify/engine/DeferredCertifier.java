package io.isoverify.engine;

import io.isoverify.checker.ConflictEvidence;
import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import io.isoverify.history.explain.CycleClassifier;
import io.isoverify.solver.SolveResult;
import io.isoverify.solver.SolverInput;
import io.isoverify.solver.Witness;
import io.isoverify.solver.WitnessBuilder;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The certifier of an engine without the history in memory (the Spark driver): a cycle
 * becomes a certificate of typed edges, named by the one classifier
 * ({@link CycleClassifier#anomalyOf}), with no values and no operations; the engine restates
 * it on the excerpt of the history it mentions and re-checks it there. Conflict cores are
 * not kept (re-checking one needs the component's constraints and the whole history), and
 * witnesses are not replayed (that needs the whole history): only SSER's is built, for the
 * weaker levels that take it ({@link #witness}); the report says so.
 */
public final class DeferredCertifier implements Certifier {
  @Override
  public Certificate cycle(Level level, List<Edge> cycle, int choices,
      List<WrConstraint> reads) {
    Set<Integer> txns = new LinkedHashSet<>();
    Set<Integer> keys = new LinkedHashSet<>();
    for (Edge e : cycle) {
      txns.add(e.from());
      if (e.key() >= 0) {
        keys.add(e.key());
      }
    }
    for (WrConstraint r : reads) {
      txns.add(r.reader());
      for (int w : r.writers()) {
        txns.add(w);
      }
      keys.add(r.key());
    }
    return new Certificate(CycleClassifier.anomalyOf(cycle),
        txns.stream().mapToInt(Integer::intValue).toArray(),
        keys.stream().mapToInt(Integer::intValue).toArray(), new int[0], cycle, choices, reads);
  }

  @Override
  public void conflict(Level level, Component c, SolveResult r) {}

  @Override
  public void pruningConflict(Level level, List<List<Edge>> cycles, WrConstraint read) {}

  @Override
  public List<ConflictEvidence> conflicts(Level level) {
    return List.of();
  }

  /**
   * SSER's witness only, not replayed: a weaker level that cannot hold by its own search
   * (predicate reads over the candidate cap, which real time cuts down; a limit) takes it
   * ({@link LevelPipeline#order}), as in-process. The witnesses of other levels are not
   * built: nothing takes them and the driver's memory is better spent on the graph.
   */
  @Override
  public Witness witness(Level level, SolverInput in, List<Component> components,
      List<SolveResult> results) {
    if (level != Level.SSER) {
      return null;
    }
    int txns = 0;
    for (int v = 0; v < in.vertexCount(); v++) {
      txns = Math.max(txns, in.txnOf(v) + 1);
    }
    return new WitnessBuilder(in, txns, components, results).build(level);
  }

  /** {@code stronger} as one of {@code level} ({@link Witness#as}), not replayed. */
  @Override
  public Witness implied(Level level, Witness stronger) {
    return stronger.as(level);
  }

  @Override
  public boolean replays() {
    return false;
  }
}
