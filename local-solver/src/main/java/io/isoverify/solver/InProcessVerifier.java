package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.Partitioner;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.NonCycleText;
import io.isoverify.history.check.Verdict;
import io.isoverify.solver.check.Check;
import io.isoverify.solver.check.ConflictCheck;
import io.isoverify.solver.check.ConflictEvidence;
import io.isoverify.solver.check.CycleCheck;
import io.isoverify.solver.check.SerialReplay;
import io.isoverify.solver.check.SnapshotReplay;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * The whole check in one JVM, per level: the non-cycle checks ({@link NonCycleChecks}),
 * graph-partitioning ({@link Partitioner}), the components solved in parallel by
 * {@link ComponentSolver}, then a witness ({@link WitnessBuilder}) or certificates
 * ({@link CertificateFactory}). Every answer is re-checked by the independent checker
 * (package {@code check}); a rejected answer is a bug of ours and throws
 * {@link IllegalStateException} rather than becoming a verdict. Results do not depend on
 * thread timing: components are solved independently and collected in their order.
 */
public final class InProcessVerifier {
  /** Certificates kept per non-cycle anomaly kind. */
  private static final int EXAMPLES = 100;

  private final VerifierOptions options;

  public InProcessVerifier(VerifierOptions options) {
    this.options = options;
  }

  /** One result per requested level, in {@link Level} order. */
  public Map<Level, LevelResult> verify(History h, Set<Level> levels) {
    return verifyWith(h, levels,
        level -> new PartitionInput(Partitioner.partition(h, level, options.partition())));
  }

  Map<Level, LevelResult> verifyWith(History h, Set<Level> levels, Function<Level, SolverInput> graphs) {
    long t0 = System.nanoTime();
    NonCycleFindings found = NonCycleChecks.findings(h, EXAMPLES);
    long nonCycle = System.nanoTime() - t0;
    Map<Level, LevelResult> out = new EnumMap<>(Level.class);
    ExecutorService pool = Executors.newFixedThreadPool(options.threads());
    try {
      for (Level level : Level.values()) {
        if (!levels.contains(level)) {
          continue;
        }
        if (found.duplicate() != null) {
          out.put(level, new LevelResult(level, Verdict.UNKNOWN, duplicateReason(h, found),
              List.of(), List.of(), null, new SolveStats(0, 0, 0, 0, 0, 0),
              new PhaseNanos(nonCycle, 0, 0, 0, 0, 0), Map.of()));
        } else if (found.clean()) {
          out.put(level, verifyLevel(h, level, found, nonCycle, graphs.apply(level), pool));
        } else {
          out.put(level, verifyIllFormed(h, level, found, nonCycle, graphs, pool));
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return out;
  }

  /**
   * A history with non-cycle anomalies violates every level already; its cycles are still
   * reported when a graph can be built from it, but a graph builder that cannot cope with
   * such a history (a read of a value nobody wrote, say) is no reason to hide the verdict.
   */
  private LevelResult verifyIllFormed(History h, Level level, NonCycleFindings found, long nonCycle,
      Function<Level, SolverInput> graphs, ExecutorService pool) {
    SolverInput in;
    try {
      in = graphs.apply(level);
    } catch (RuntimeException e) {
      return new LevelResult(level, Verdict.VIOLATED, "", found.examples(), List.of(), null,
          new SolveStats(0, 0, 0, 0, 0, 0), new PhaseNanos(nonCycle, 0, 0, 0, 0, 0),
          counts(found, found.examples()));
    }
    return verifyLevel(h, level, found, nonCycle, in, pool);
  }

  private LevelResult verifyLevel(History h, Level level, NonCycleFindings found, long nonCycle,
      SolverInput in, ExecutorService pool) {
    CertificateFactory certificates = new CertificateFactory(h);
    List<Certificate> certs = new ArrayList<>(found.examples());
    List<ConflictEvidence> conflicts = new ArrayList<>();
    long solveStart = System.nanoTime();
    List<Component> components = in.components();
    boolean pruned = in.knownCycle() != null || in.conflictCycles() != null;
    List<SolveResult> results = pruned ? List.of() : solveAll(components, level, pool);
    long solveNanos = System.nanoTime() - solveStart;
    long checkStart = System.nanoTime();
    boolean wellFormed = found.clean();
    if (in.knownCycle() != null) {
      addChecked(certs, h, level, certificates.cycle(in.knownCycle(), ""), wellFormed);
    }
    if (in.conflictCycles() != null) {
      addPruningConflict(h, level, in.conflictCycles(), certificates, certs, conflicts, wellFormed);
    }
    long constraints = 0;
    long conflictCount = 0;
    int largest = 0;
    int unsat = 0;
    int unknown = 0;
    String unknownReason = "";
    for (int i = 0; i < results.size(); i++) {
      Component c = components.get(i);
      SolveResult r = results.get(i);
      constraints += c.constraintCount();
      largest = Math.max(largest, c.vertexCount());
      conflictCount += r.conflicts();
      if (r.status() == SolveResult.Status.UNSAT) {
        unsat++;
        ConflictEvidence evidence = ConflictEvidenceBuilder.of(c, r.core(), certificates);
        Check proof = ConflictCheck.affordable(evidence) ? ConflictCheck.check(h, level, evidence) : Check.ok();
        if (proof.valid() && r.core().length > 0) {
          conflicts.add(evidence);
        } else if (wellFormed) {
          require(proof, "conflict");
        }
        String prefix = r.core().length == 0 ? ""
            : "every choice of " + r.core().length + " version-order constraint(s) closes a cycle, e.g. ";
        addChecked(certs, h, level, certificates.cycle(r.cycle(), prefix), wellFormed);
      } else if (r.status() == SolveResult.Status.UNKNOWN && unknown++ == 0) {
        unknownReason = "component " + i + " (" + c.vertexCount() + " transactions): " + r.reason();
      }
    }
    Verdict verdict;
    Witness witness = null;
    String reason = "";
    if (!certs.isEmpty()) {
      verdict = Verdict.VIOLATED;
    } else if (unknown > 0) {
      verdict = Verdict.UNKNOWN;
      reason = unknown + " component(s) hit a limit; first: " + unknownReason;
    } else {
      verdict = Verdict.HOLDS;
      witness = witness(h, level, in, components, results);
    }
    long checkNanos = System.nanoTime() - checkStart;
    return new LevelResult(level, verdict, reason, certs, conflicts, witness,
        new SolveStats(components.size(), constraints, largest, conflictCount, unsat, unknown),
        new PhaseNanos(nonCycle, in.graphNanos(), in.pruneNanos(), in.componentsNanos(), solveNanos, checkNanos),
        counts(found, certs));
  }

  /**
   * Every anomaly found, by kind: the non-cycle checks' full counts (their certificates are
   * bounded) plus one per cycle certificate (one per violated component, all kept).
   */
  private static Map<Anomaly, Long> counts(NonCycleFindings found, List<Certificate> certs) {
    Map<Anomaly, Long> counts = new EnumMap<>(Anomaly.class);
    counts.putAll(found.counts());
    for (Certificate c : certs) {
      if (c.anomaly().isCycle()) {
        counts.merge(c.anomaly(), 1L, Long::sum);
      }
    }
    return counts;
  }

  /**
   * Reports a constraint pruning found cyclic either way. A side that would put a version
   * before the initial one closes its cycle through the virtual initial transaction, which
   * no history edge reaches: such a side is impossible by definition, the brute force cannot
   * replay it, and the other side's cycle is the one shown.
   */
  private static void addPruningConflict(History h, Level level, List<List<Edge>> cycles,
      CertificateFactory certificates, List<Certificate> certs, List<ConflictEvidence> conflicts,
      boolean wellFormed) {
    boolean viaInitial0 = touchesInitial(cycles.get(0));
    boolean viaInitial1 = touchesInitial(cycles.get(1));
    if (!viaInitial0 && !viaInitial1) {
      ConflictEvidence evidence = pruningConflict(cycles, certificates);
      Check proof = ConflictCheck.check(h, level, evidence);
      if (proof.valid()) {
        conflicts.add(evidence);
      } else if (wellFormed) {
        require(proof, "conflict");
      }
    }
    addChecked(certs, h, level, certificates.cycle(cycles.get(viaInitial0 ? 1 : 0),
        "every choice of 1 version-order constraint closes a cycle, e.g. "), wellFormed);
  }

  private static boolean touchesInitial(List<Edge> cycle) {
    for (Edge e : cycle) {
      if (e.from() == Component.INITIAL_TXN || e.to() == Component.INITIAL_TXN) {
        return true;
      }
    }
    return false;
  }

  /**
   * A constraint pruning found cyclic either way, as evidence: its sides are the first edge
   * of each cycle, the rest of both cycles hold whatever the choice.
   */
  private static ConflictEvidence pruningConflict(List<List<Edge>> cycles, CertificateFactory values) {
    List<Edge> known = new ArrayList<>();
    known.addAll(cycles.get(0).subList(1, cycles.get(0).size()));
    known.addAll(cycles.get(1).subList(1, cycles.get(1).size()));
    return new ConflictEvidence(values.withValues(known),
        List.of(values.withValues(cycles.get(0).subList(0, 1))),
        List.of(values.withValues(cycles.get(1).subList(0, 1))));
  }

  private List<SolveResult> solveAll(List<Component> components, Level level, ExecutorService pool) {
    List<Future<SolveResult>> futures = new ArrayList<>(components.size());
    for (Component c : components) {
      futures.add(pool.submit(() -> ComponentSolver.solve(c, level, options.limits())));
    }
    List<SolveResult> results = new ArrayList<>(components.size());
    try {
      for (Future<SolveResult> f : futures) {
        results.add(f.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while solving components", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a component solve failed: " + e.getCause(), e.getCause());
    }
    return results;
  }

  private static Witness witness(History h, Level level, SolverInput in, List<Component> components,
      List<SolveResult> results) {
    WitnessBuilder builder = new WitnessBuilder(in, h.txnCount());
    for (int i = 0; i < components.size(); i++) {
      builder.addChoices(components.get(i), results.get(i).sides());
    }
    Witness w = builder.build(level);
    require(level == Level.SI ? SnapshotReplay.check(h, w.order(), w.snapshot())
        : SerialReplay.check(h, w.order(), level == Level.SSER), level + " witness");
    return w;
  }

  /**
   * Adds a cycle certificate the checker accepts. When the history already has non-cycle
   * anomalies (reads of aborted or intermediate writes...), its graph may rest on edges no
   * well-formed history has; a cycle the checker then rejects is left out, since the
   * verdict is VIOLATED anyway. On a well-formed history a rejection is a bug and throws.
   */
  private static void addChecked(List<Certificate> certs, History h, Level level, Certificate c,
      boolean wellFormed) {
    Check check = CycleCheck.check(h, level, c.edges());
    if (check.valid()) {
      certs.add(c);
    } else if (wellFormed) {
      require(check, "certificate " + c.summary());
    }
  }

  private static void require(Check check, String what) {
    if (!check.valid()) {
      throw new IllegalStateException("the independent checker rejected the " + what + ": " + check.problem());
    }
  }

  private static String duplicateReason(History h, NonCycleFindings found) {
    return NonCycleText.duplicateRefusal(found.duplicate(), NonCycleText.names(h));
  }
}
