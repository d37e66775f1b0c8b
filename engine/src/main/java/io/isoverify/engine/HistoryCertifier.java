package io.isoverify.engine;

import io.isoverify.checker.Check;
import io.isoverify.checker.ConflictCheck;
import io.isoverify.checker.ConflictEvidence;
import io.isoverify.checker.CycleCheck;
import io.isoverify.checker.SerialReplay;
import io.isoverify.checker.SnapshotReplay;
import io.isoverify.graph.Component;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.PredicateObservations;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.solver.CertificateFactory;
import io.isoverify.solver.ConflictEvidenceBuilder;
import io.isoverify.solver.SolveResult;
import io.isoverify.solver.SolverInput;
import io.isoverify.solver.Witness;
import io.isoverify.solver.WitnessBuilder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The certifier of an engine that holds the whole {@link History}: cycles get their values
 * and operations ({@link CertificateFactory}) and pass {@link CycleCheck}; UNSAT cores and
 * pruning conflicts become {@link ConflictEvidence} that {@link ConflictCheck} re-validates;
 * witnesses are replayed ({@link SerialReplay}, {@link SnapshotReplay}). A rejection on a
 * well-formed history is a bug of ours and throws {@link IllegalStateException} rather than
 * becoming a verdict.
 */
public final class HistoryCertifier implements Certifier {
  /** What the report says this certifier established. */
  public static final String RECHECK = "every cycle certificate re-checked by the "
      + "independent checker on the whole history; witnesses replayed";

  private final History h;
  private final CertificateFactory certificates;
  private final Map<Level, List<ConflictEvidence>> conflicts = new EnumMap<>(Level.class);

  public HistoryCertifier(History h) {
    this.h = h;
    this.certificates = new CertificateFactory(h);
  }

  @Override
  public Certificate cycle(Level level, List<Edge> cycle, int choices,
      List<WrConstraint> reads) {
    Certificate c = certificates.cycle(cycle, choices, reads);
    require(CycleCheck.check(h, level, c.edges(), c.reads()),
        "certificate " + CertificateSummary.of(h, c));
    return c;
  }

  @Override
  public void conflict(Level level, Component c, SolveResult r) {
    ConflictEvidence evidence = ConflictEvidenceBuilder.of(c, r.core(), certificates);
    Check proof = ConflictCheck.affordable(evidence) ? ConflictCheck.check(h, level, evidence) : Check.ok();
    require(proof, "conflict");
    if (r.core().length > 0) {
      conflicts(level).add(evidence);
    }
  }

  /**
   * A constraint pruning found cyclic either way, as evidence: its sides are the first edge
   * of each cycle, the rest of both cycles hold whatever the choice. A side through the
   * virtual initial transaction (a version before the initial one) is impossible by
   * definition and no replay can show it, so such a conflict is not recorded. A read's
   * conflict: the rest of each candidate's cycle holds whatever the choice, and so does the
   * WW edge behind a candidate's RW edge; the checker derives each candidate's edges.
   */
  @Override
  public void pruningConflict(Level level, List<List<Edge>> cycles, WrConstraint read) {
    if (read != null) {
      readConflict(level, cycles, read);
      return;
    }
    if (LevelPipeline.touchesInitial(cycles.get(0)) || LevelPipeline.touchesInitial(cycles.get(1))) {
      return;
    }
    List<Edge> known = new ArrayList<>();
    known.addAll(cycles.get(0).subList(1, cycles.get(0).size()));
    known.addAll(cycles.get(1).subList(1, cycles.get(1).size()));
    ConflictEvidence evidence = new ConflictEvidence(certificates.withValues(known),
        List.of(certificates.withValues(cycles.get(0).subList(0, 1))),
        List.of(certificates.withValues(cycles.get(1).subList(0, 1))));
    require(ConflictCheck.check(h, level, evidence), "conflict");
    conflicts(level).add(evidence);
  }

  private void readConflict(Level level, List<List<Edge>> cycles, WrConstraint read) {
    List<Edge> known = new ArrayList<>();
    for (int i = 0; i < cycles.size(); i++) {
      List<Edge> cycle = cycles.get(i);
      known.addAll(cycle.subList(1, cycle.size()));
      Edge first = cycle.get(0);
      if (first.type() == EdgeType.RW && read.writers()[i] >= 0) {
        known.add(new Edge(read.writers()[i], first.to(), EdgeType.WW, read.key(), -1));
      }
    }
    ConflictEvidence evidence = new ConflictEvidence(certificates.withValues(known), List.of(),
        List.of(), certificates.withReads(List.of(read)));
    require(ConflictCheck.check(h, level, evidence), "conflict");
    conflicts(level).add(evidence);
  }

  @Override
  public List<ConflictEvidence> conflicts(Level level) {
    return conflicts.computeIfAbsent(level, l -> new ArrayList<>());
  }

  @Override
  public Witness witness(Level level, SolverInput in, List<Component> components,
      List<SolveResult> results) {
    Witness w = new WitnessBuilder(in, h.txnCount(), components, results).build(level);
    require(replay(w), level + " witness");
    return w;
  }

  /**
   * {@inheritDoc} An SSER witness this certifier replayed is not replayed again as SER's:
   * {@link SerialReplay} without real time makes the same checks less one, which the SSER
   * replay passed (the witness reaching here came from {@link #witness}).
   */
  @Override
  public Witness implied(Level level, Witness stronger) {
    Witness w = stronger.as(level);
    if (stronger.level() != Level.SSER || level != Level.SER) {
      require(replay(w), level + " witness (" + stronger.level() + "'s, as one of " + level + ")");
    }
    return w;
  }

  /** The checker's replay of {@code w} at its level. */
  private Check replay(Witness w) {
    return w.level() == Level.SI
        ? SnapshotReplay.check(h, w.order(), w.snapshot(), w.readers(), w.keys(), w.writers())
        : SerialReplay.check(h, w.order(), w.level() == Level.SSER, w.readers(), w.keys(),
            w.writers());
  }

  private void require(Check check, String what) {
    if (!check.valid() && PredicateObservations.virtualKeyCount(h) > 0) {
      // the graph orders a field some versions inherit on a key of its own (vbox); a cycle
      // through it can contradict the key's order as the checker reads it
      throw new UncertifiedViolation(PredicateReads.uncertified(check.problem()));
    }
    if (!check.valid()) {
      throw new IllegalStateException("the independent checker rejected the " + what + ": " + check.problem());
    }
  }
}
