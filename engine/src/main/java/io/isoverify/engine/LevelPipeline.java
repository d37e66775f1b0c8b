package io.isoverify.engine;

import io.isoverify.graph.Component;
import io.isoverify.graph.PolygraphLimitException;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.HistoryShape;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.PathChoice;
import io.isoverify.history.check.Verdict;
import io.isoverify.solver.SolveResult;
import io.isoverify.solver.SolveStats;
import io.isoverify.solver.SolverInput;
import io.isoverify.solver.Witness;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The level pipeline, written once for every engine: after the non-cycle checks (mtc
 * Table I), per requested level, the path is chosen from the shape of the history's
 * transactions ({@link HistoryShape#path}: the known graph's cycle search for mini-transactions,
 * mtc IV-B; linearizability per key for SSER of lightweight transactions, mtc IV-E; the
 * general path otherwise), the polygraph is built, pruned and cut into P-SCC
 * components (cobra section 3 and appendix B.3; the {@code graphs} function an engine
 * passes; on the first two paths the known graph alone, with no components), the components are solved ({@link Solving}: threads or Spark executors), and the
 * answer becomes a verdict with a witness or certificates ({@link Certifier}: re-checked at
 * once when the history is in memory, later on an excerpt when it is not). The decision is
 * made here and nowhere else: a duplicate appended element refuses every level (UNKNOWN:
 * list-append needs unique elements; repeated written values are checked, veristrong's
 * hyper-polygraph); a non-cycle anomaly violates every level (no cycle search follows); any
 * certificate makes the level VIOLATED, unless a read the graph resolved had a candidate
 * writer of unknown outcome that was left out (assumed aborted; the cycle may rest on that,
 * so UNKNOWN); a component that hit a limit makes it UNKNOWN; so does information the
 * history carries that no check uses ({@link UncheckedInformation}), or a read whose
 * candidate writers were all left out so; otherwise it HOLDS. Results do not depend on
 * thread timing: components are solved independently and taken in their order. Cost: that
 * of the stages it calls.
 */
public final class LevelPipeline {
  /** Certificates kept per non-cycle anomaly kind, in every engine. */
  public static final int EXAMPLES = 100;

  /** Solves a level's components, one result per component, in their order. */
  @FunctionalInterface
  public interface Solving {
    List<SolveResult> solve(List<Component> components, Level level);
  }

  /**
   * Builds, prunes and partitions a level's polygraph on the path chosen, telling
   * {@code progress} how far.
   */
  @FunctionalInterface
  public interface Graphs {
    SolverInput of(Level level, CheckPath path, ProgressListener progress);
  }

  private final Solving solving;
  private final ProgressListener progress;

  public LevelPipeline(Solving solving, ProgressListener progress) {
    this.solving = solving;
    this.progress = progress;
  }

  /**
   * One result per requested level, in {@link Level} order.
   *
   * @param found what the non-cycle checks found
   * @param nonCycleNanos how long they took
   * @param shape the shape of the history's transactions; asked once, only when
   *     {@code found} is clean
   * @param graphs the solver input of a level; asked only when {@code found} is clean
   * @param duplicateReason the refusal's words when {@code found} has a duplicate append
   * @param unchecked what the history carries that no check uses: a level that would hold is
   *     UNKNOWN while there is any
   */
  public Map<Level, LevelResult> verify(Set<Level> levels, NonCycleFindings found, long nonCycleNanos,
      Supplier<HistoryShape> shape, Graphs graphs, Supplier<String> duplicateReason,
      UncheckedInformation unchecked, Certifier certifier) {
    return verify(levels, found, nonCycleNanos, shape, graphs, duplicateReason,
        level -> unchecked, certifier);
  }

  /**
   * As above, with what is left unchecked stated per level. Each level is searched on its
   * own, except where a stronger level ({@link Level#implies}: SSER implies SER, SER implies
   * SI) held with a witness and this level could not hold by its own search: the history
   * holds information its check leaves out (SSER is then decided first for it, asked for or
   * not; see {@link #order}), or its search ended UNKNOWN (a limit). The stronger level's
   * witness, replayed at this level ({@link Certifier#implied}), is then its witness, and
   * its path says so ({@link CheckPath#IMPLIED}). Where the engine cannot replay witnesses
   * nothing is implied.
   */
  public Map<Level, LevelResult> verify(Set<Level> levels, NonCycleFindings found, long nonCycleNanos,
      Supplier<HistoryShape> shape, Graphs graphs, Supplier<String> duplicateReason,
      java.util.function.Function<Level, UncheckedInformation> uncheckedOf, Certifier certifier) {
    Map<Level, LevelResult> decided = new EnumMap<>(Level.class);
    List<Level> order = order(levels, found.clean() && found.duplicate() == null, uncheckedOf);
    HistoryShape shaped = null;
    boolean helperCounted = false;
    for (Level level : order) {
      LevelResult r;
      if (found.duplicate() != null) {
        r = early(level, Verdict.UNKNOWN, duplicateReason.get(), List.of(), nonCycleNanos,
            Map.of(), "duplicate written values: no cycle search");
      } else if (!found.clean()) {
        // Non-cycle anomalies violate every level already, and a graph built on reads of
        // aborted or intermediate writes would rest on dependencies no database made: no
        // cycle search, in any engine.
        r = early(level, Verdict.VIOLATED, "", found.examples(), nonCycleNanos,
            counts(found, found.examples()), "the non-cycle checks decide: no cycle search");
      } else {
        LevelResult stronger = holdingStronger(level, decided);
        // an unasked helper's time is counted once, in the first level it decides
        boolean helper = stronger != null && !levels.contains(stronger.level());
        r = stronger == null || uncheckedOf.apply(level).reason() == null ? null
            : implied(level, stronger, certifier, helper && !helperCounted ? stronger.nanos()
                : new PhaseNanos(nonCycleNanos, 0, 0, 0, 0, 0), helper ? " (decided for this "
                + "level: its real-time order leaves fewer candidates)" : "");
        helperCounted |= r != null && helper;
        if (r == null) {
          if (shaped == null) {
            shaped = shape.get();
          }
          r = search(level, order, found, nonCycleNanos, shaped.path(level), graphs,
              uncheckedOf.apply(level), certifier);
        }
      }
      decided.put(level, r);
    }
    Map<Level, LevelResult> out = new EnumMap<>(Level.class);
    for (Level level : levels) {
      LevelResult r = decided.get(level);
      LevelResult stronger = holdingStronger(level, decided);
      LevelResult rescued = r.verdict() != Verdict.UNKNOWN || stronger == null
          || r.path().path() == CheckPath.NONE ? null
          : implied(level, stronger, certifier, r.nanos(), " (this level's own search ended "
              + "UNKNOWN: " + r.reason() + ")");
      out.put(level, rescued != null ? rescued : helped(r, decided.get(Level.SSER), levels));
    }
    return out;
  }

  /**
   * The input {@code holder} holds, which it stops holding when {@code last}: the
   * partitioner of the last level then lets it go once its known graph is built (no local
   * keeps it either when the caller passes it straight on; a run makes this call once or a
   * few times, so it runs interpreted, where a local lives to the method's end).
   */
  public static <T> T lastUse(T[] holder, boolean last) {
    T in = holder[0];
    if (last) {
      holder[0] = null;
    }
    return in;
  }

  /**
   * The order the levels are decided in: the asked ones in {@link Level} order, after SSER
   * when it is not asked for but helps: the history holds information that the SER or SI
   * check leaves out and SSER's does not (predicate reads, whose candidates the real-time
   * order cuts down), so that an asked SER or SI would be UNKNOWN by its own search but can
   * hold by SSER's witness. No helper unless the levels are searched ({@code searched}: the
   * non-cycle checks did not decide). O(levels).
   */
  public static List<Level> order(Set<Level> levels, boolean searched,
      java.util.function.Function<Level, UncheckedInformation> uncheckedOf) {
    List<Level> order = new ArrayList<>();
    if (searched && !levels.contains(Level.SSER)
        && uncheckedOf.apply(Level.SSER).reason() == null) {
      for (Level level : levels) {
        if (uncheckedOf.apply(level).reason() != null) {
          order.add(Level.SSER);
          break;
        }
      }
    }
    for (Level level : Level.values()) {
      if (levels.contains(level)) {
        order.add(level);
      }
    }
    return order;
  }

  /** A decided level that implies {@code level}, held and has a witness; null when none. */
  private static LevelResult holdingStronger(Level level, Map<Level, LevelResult> decided) {
    for (LevelResult r : decided.values()) {
      if (r.level() != level && r.level().implies(level) && r.verdict() == Verdict.HOLDS
          && r.witness() != null) {
        return r;
      }
    }
    return null;
  }

  /**
   * {@code level}'s result by {@code stronger}'s witness, or null when the certifier cannot
   * replay it (no history in memory, or a replay through a field some versions inherit that
   * the checker cannot follow: {@link UncertifiedViolation}); its phases are {@code before}'s
   * plus the replay, its path says {@code why} the stronger level's witness is used.
   */
  private static LevelResult implied(Level level, LevelResult stronger, Certifier certifier,
      PhaseNanos before, String why) {
    long t0 = System.nanoTime();
    Witness w;
    try {
      w = certifier.implied(level, stronger.witness());
    } catch (UncertifiedViolation e) {
      return null; // the checker could not replay it here: the level's own search decides
    }
    if (w == null) {
      return null;
    }
    PhaseNanos nanos = new PhaseNanos(before.nonCycle(), before.graph(), before.prune(),
        before.components(), before.solve(), before.check() + System.nanoTime() - t0);
    return new LevelResult(level, Verdict.HOLDS, "", List.of(), List.of(), w,
        new SolveStats(0, 0, 0, 0, 0, 0), nanos, Map.of(), new PathChoice(CheckPath.IMPLIED,
            stronger.level() + " holds" + why + ", and its witness, " + (certifier.replays()
                ? "replayed as one of " + level + ", is this level's" : "taken as one of " + level
                + ", is this level's (not replayed: the Spark driver does not hold the history)")));
  }

  /**
   * {@code r}, its reason telling, when it is UNKNOWN and SSER was decided for it alone (not
   * asked for), that SSER did not hold either and how it ended.
   */
  private static LevelResult helped(LevelResult r, LevelResult sser, Set<Level> levels) {
    if (sser == null || levels.contains(Level.SSER) || r.verdict() != Verdict.UNKNOWN) {
      return r;
    }
    return new LevelResult(r.level(), r.verdict(), r.reason() + " (SSER, decided as well since "
        + "it would imply " + r.level() + ", is " + sser.verdict()
        + (sser.reason().isEmpty() ? "" : ": " + sser.reason()) + ")", r.certificates(),
        r.conflicts(), r.witness(), r.stats(), r.nanos(), r.counts(), r.path());
  }

  /** A level's own search: its graph on {@code path}, solved and certified. */
  private LevelResult search(Level level, List<Level> order, NonCycleFindings found,
      long nonCycleNanos, PathChoice path, Graphs graphs, UncheckedInformation unchecked,
      Certifier certifier) {
    try {
      SolverInput in = graphs.of(level, path.path(), progress.prefixed(prefix(order, level)));
      return verifyLevel(order, level, found, nonCycleNanos, in, unchecked, certifier,
          in.path() != null ? in.path() : path);
    } catch (UncertifiedViolation | PolygraphLimitException e) {
      return new LevelResult(level, Verdict.UNKNOWN, e.getMessage(), List.of(), List.of(), null,
          new SolveStats(0, 0, 0, 0, 0, 0), new PhaseNanos(nonCycleNanos, 0, 0, 0, 0, 0),
          Map.of(), path);
    }
  }

  private static LevelResult early(Level level, Verdict verdict, String reason,
      List<Certificate> certs, long nonCycleNanos, Map<Anomaly, Long> counts, String why) {
    return new LevelResult(level, verdict, reason, certs, List.of(), null,
        new SolveStats(0, 0, 0, 0, 0, 0), new PhaseNanos(nonCycleNanos, 0, 0, 0, 0, 0), counts,
        new PathChoice(CheckPath.NONE, why));
  }

  private LevelResult verifyLevel(List<Level> levels, Level level, NonCycleFindings found,
      long nonCycle, SolverInput in, UncheckedInformation unchecked, Certifier certifier,
      PathChoice path) {
    List<Certificate> certs = new ArrayList<>(found.examples());
    long solveStart = System.nanoTime();
    List<Component> components = in.components();
    boolean pruned = in.knownCycle() != null || in.conflictCycles() != null;
    progress.phase(prefix(levels, level) + "solve");
    List<SolveResult> results = pruned ? List.of() : solving.solve(components, level);
    long solveNanos = System.nanoTime() - solveStart;
    long checkStart = System.nanoTime();
    progress.phase(prefix(levels, level) + "check");
    if (in.knownCycle() != null) {
      certs.add(certifier.cycle(level, in.knownCycle(), 0, List.of()));
    }
    if (in.conflictCycles() != null) {
      List<List<Edge>> cycles = in.conflictCycles();
      WrConstraint read = in.conflictRead();
      certifier.pruningConflict(level, cycles, read);
      if (read != null) {
        // every candidate writer closes a cycle: show the first one's
        certs.add(certifier.cycle(level, cycles.get(0), 1, List.of(read)));
      } else {
        // the side through the virtual initial transaction is impossible: show the other one
        certs.add(certifier.cycle(level, cycles.get(touchesInitial(cycles.get(0)) ? 1 : 0), 1,
            List.of()));
      }
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
        certifier.conflict(level, c, r);
        certs.add(certifier.cycle(level, r.cycle(), r.core().length, r.reads()));
      } else if (r.status() == SolveResult.Status.UNKNOWN && unknown++ == 0) {
        unknownReason = "component " + i + " (" + c.vertexCount() + " transactions): " + r.reason();
      }
    }
    Verdict verdict;
    Witness witness = null;
    String reason = unresolvedReads(in, !certs.isEmpty());
    if (reason != null) {
      verdict = Verdict.UNKNOWN;
      certs.clear();
    } else if (!certs.isEmpty()) {
      reason = "";
      verdict = Verdict.VIOLATED;
    } else if (unknown > 0) {
      verdict = Verdict.UNKNOWN;
      reason = unknown + " component(s) hit a limit; first: " + unknownReason;
    } else if (unchecked.reason() != null) {
      // no witness: it would be replayed against evidence the search did not use
      verdict = Verdict.UNKNOWN;
      reason = unchecked.reason();
    } else {
      witness = certifier.witness(level, in, components, results);
      verdict = Verdict.HOLDS;
      reason = "";
    }
    long checkNanos = System.nanoTime() - checkStart;
    return new LevelResult(level, verdict, reason, certs, certifier.conflicts(level), witness,
        new SolveStats(components.size(), constraints, largest, conflictCount, unsat, unknown),
        new PhaseNanos(nonCycle, in.graphNanos(), in.pruneNanos(), in.componentsNanos(), solveNanos, checkNanos),
        counts(found, certs), path);
  }

  /**
   * Why the graph's answer cannot be claimed for reads whose candidate writers include
   * transactions of unknown outcome that no read made count (the graph leaves them out, as
   * if they aborted, though a read may have come from one): a violation then, or any answer
   * when some read's candidates were all such; null when neither.
   */
  private static String unresolvedReads(SolverInput in, boolean violated) {
    if (in.readsUnexplained() > 0) {
      return in.readsUnexplained() + " read(s) saw a value that only transactions of unknown "
          + "outcome wrote, several of them; which one committed is not decided by the check";
    }
    if (violated && in.readsLeftOut() > 0) {
      return "a cycle was found, but " + in.readsLeftOut() + " read(s) of a value several "
          + "transactions wrote may have read it from one of unknown outcome the check left "
          + "out (as if aborted): VIOLATED cannot be claimed";
    }
    return null;
  }

  private static String prefix(List<Level> levels, Level level) {
    return levels.size() > 1 ? level + " " : "";
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

  /** True when the cycle runs through the virtual initial transaction (a negative id). */
  static boolean touchesInitial(List<Edge> cycle) {
    for (Edge e : cycle) {
      if (e.from() < 0 || e.to() < 0) {
        return true;
      }
    }
    return false;
  }
}
