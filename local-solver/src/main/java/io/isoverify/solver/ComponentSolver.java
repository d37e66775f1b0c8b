package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decides one {@link Component}: is there a side for each constraint such that the known
 * edges and the chosen sides form an acyclic graph (SER, SSER) or an acyclic induced graph
 * (SI, polysi section 4)? The search is {@link Cdcl}; this class turns its answer into a
 * {@link SolveResult}: for UNSAT it shrinks the conflict core by deletion (each candidate
 * removal re-solved under a conflict budget, at most {@value #MAX_SHRINK} of them) and
 * fixes the core's sides to produce one concrete cycle a person can read.
 * Deterministic: no randomness, no dependence on thread timing.
 */
public final class ComponentSolver {
  static final int MAX_SHRINK = 64;
  private static final long SHRINK_CONFLICTS = 20_000;
  private static final EdgeType[] TYPES = EdgeType.values();

  private ComponentSolver() {
  }

  public static SolveResult solve(Component c, Level level, SolveLimits limits) {
    long now = System.nanoTime();
    long deadline = limits.timeoutNanos() > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + limits.timeoutNanos();
    BaseEdges base = new BaseEdges(c);
    boolean snapshot = level == Level.SI;
    int vars = c.constraintCount();
    boolean[] all = new boolean[vars];
    Arrays.fill(all, true);
    Cdcl search = new Cdcl(base, snapshot, all);
    Cdcl.Outcome outcome = search.search(limits.maxConflicts(), deadline);
    if (outcome == Cdcl.Outcome.SAT) {
      return new SolveResult(SolveResult.Status.SAT, search.sides(), new int[0], List.of(),
          search.conflicts(), "");
    }
    if (outcome == Cdcl.Outcome.UNKNOWN) {
      String why = search.conflicts() >= limits.maxConflicts()
          ? "conflict limit " + limits.maxConflicts() + " reached"
          : "time limit " + limits.timeoutNanos() / 1_000_000 + " ms reached";
      return new SolveResult(SolveResult.Status.UNKNOWN, new int[vars], new int[0], List.of(),
          search.conflicts(), why);
    }
    int[] core = search.knownCycle() != null ? new int[0] : shrink(base, snapshot, search, deadline);
    List<Edge> cycle = cycleOf(base, snapshot, core);
    return new SolveResult(SolveResult.Status.UNSAT, new int[vars], core, cycle, search.conflicts(), "");
  }

  /** A core: the final conflict's constraints if they suffice, else all; then deletion. */
  private static int[] shrink(BaseEdges base, boolean snapshot, Cdcl search, long deadline) {
    int vars = base.component().constraintCount();
    int[] core = search.finalConflictVars();
    if (!unsatWith(base, snapshot, core, -1, deadline)) {
      core = new int[vars];
      for (int v = 0; v < vars; v++) {
        core[v] = v;
      }
    }
    int tries = 0;
    for (int i = core.length - 1; i >= 0 && tries < MAX_SHRINK; i--, tries++) {
      if (unsatWith(base, snapshot, core, core[i], deadline)) {
        int[] smaller = new int[core.length - 1];
        System.arraycopy(core, 0, smaller, 0, i);
        System.arraycopy(core, i + 1, smaller, i, core.length - 1 - i);
        core = smaller;
      }
    }
    return core;
  }

  /** True when the known edges and the constraints in {@code core} but {@code skip} are UNSAT. */
  private static boolean unsatWith(BaseEdges base, boolean snapshot, int[] core, int skip,
      long deadline) {
    boolean[] active = new boolean[base.component().constraintCount()];
    for (int v : core) {
      active[v] = v != skip;
    }
    return new Cdcl(base, snapshot, active).search(SHRINK_CONFLICTS, deadline) == Cdcl.Outcome.UNSAT;
  }

  /**
   * The first cycle met when the known edges and then side 0 of every core constraint are
   * switched on (every choice of the core closes one, so this one does too).
   */
  private static List<Edge> cycleOf(BaseEdges base, boolean snapshot, int[] core) {
    AcyclicityTheory graph = new AcyclicityTheory(base, snapshot);
    int[] cycle = null;
    for (int b = 0; b < base.knownCount() && cycle == null; b++) {
      cycle = graph.add(b);
    }
    for (int i = 0; i < core.length && cycle == null; i++) {
      for (int b = base.sideBegin(core[i], 0); b < base.sideEnd(core[i], 0) && cycle == null; b++) {
        cycle = graph.add(b);
      }
    }
    if (cycle == null) {
      throw new IllegalStateException("conflict core without a cycle for side 0");
    }
    Component c = base.component();
    List<Edge> edges = new ArrayList<>(cycle.length);
    for (int b : cycle) {
      edges.add(new Edge(c.txn(base.from(b)), c.txn(base.to(b)), TYPES[base.type(b)], base.key(b), -1));
    }
    return edges;
  }
}
