package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.ComponentReads;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides one {@link Component}: is there a side for each version-order constraint and a
 * writer for each read with several candidates such that the known edges and the chosen
 * ones form an acyclic graph (SER, SSER) or an acyclic induced graph (SI, polysi section 4)?
 * The search is {@link Cdcl}: first alone, for at most {@link #QUICK_CONFLICTS} conflicts
 * (components of up to {@value SmallCycles#MAX_NODES} graph nodes); when that does not
 * satisfy the component, again with the cycles of width 1 and 2 encoded first ({@link
 * SmallCycles}). This class turns its answer into a {@link SolveResult}: for
 * UNSAT it shrinks the conflict core by deletion (each candidate removal re-solved under a conflict
 * budget, at most {@value #MAX_SHRINK} of them) and fixes the core's choices to produce one
 * concrete cycle a person can read. Deterministic: no randomness, no dependence on thread
 * timing.
 */
public final class ComponentSolver {
  static final int MAX_SHRINK = 64;
  private static final long SHRINK_CONFLICTS = 20_000;
  /**
   * The conflicts the first search may take, without the small cycles' clauses: those only
   * save conflicts (veristrong Theorem E.2), and most components are satisfied without any
   * (low-abort 1M SER: 21.1k components, no conflict at all, and the clauses were 3.3 s of
   * CPU against 0.3 s for the searches). Past it, or at UNSAT, the search starts again with
   * them, as it always did. Only for components whose clauses cost ({@link
   * SmallCycles#closes}): for the larger ones they are only read, and a first search that
   * fails would be paid twice.
   */
  static final long QUICK_CONFLICTS = 100;
  private static final EdgeType[] TYPES = EdgeType.values();

  private ComponentSolver() {
  }

  public static SolveResult solve(Component c, Level level, SolveLimits limits) {
    long now = System.nanoTime();
    long deadline = limits.timeoutNanos() > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + limits.timeoutNanos();
    BaseEdges base = new BaseEdges(c);
    boolean snapshot = level == Level.SI;
    boolean[] all = Cdcl.allActive(base);
    long first = 0; // the first search's conflicts, counted with the second's
    if (SmallCycles.closes(base, snapshot)) {
      Cdcl quick = new Cdcl(base, snapshot, all, List.of());
      if (quick.search(Math.min(QUICK_CONFLICTS, limits.maxConflicts()), deadline)
          == Cdcl.Outcome.SAT) {
        return satisfied(quick, 0);
      }
      first = quick.conflicts();
    }
    List<int[]> implied = SmallCycles.of(base, snapshot);
    Cdcl search = new Cdcl(base, snapshot, all, implied);
    Cdcl.Outcome outcome = search.search(limits.maxConflicts(), deadline);
    int[] noSides = new int[c.constraintCount()];
    int[] noWriters = new int[c.reads().count()];
    if (outcome == Cdcl.Outcome.SAT) {
      return satisfied(search, first);
    }
    if (outcome == Cdcl.Outcome.UNKNOWN) {
      String why = search.conflicts() >= limits.maxConflicts()
          ? "conflict limit " + limits.maxConflicts() + " reached"
          : "time limit " + limits.timeoutNanos() / 1_000_000 + " ms reached";
      return new SolveResult(SolveResult.Status.UNKNOWN, noSides, noWriters, new int[0],
          List.of(), List.of(), first + search.conflicts(), why);
    }
    int[] core = search.knownCycle() != null ? new int[0]
        : shrink(base, snapshot, implied, search, deadline);
    List<Edge> cycle = cycleOf(base, snapshot, core);
    return new SolveResult(SolveResult.Status.UNSAT, noSides, noWriters, core, reads(c, core),
        cycle, first + search.conflicts(), "");
  }

  /** SAT, as {@code search} found it, after {@code earlier} conflicts of a first search. */
  private static SolveResult satisfied(Cdcl search, long earlier) {
    return new SolveResult(SolveResult.Status.SAT, search.sides(), search.writers(), new int[0],
        List.of(), List.of(), earlier + search.conflicts(), "");
  }

  /** A core: the final conflict's constraints if they suffice, else all; then deletion. */
  private static int[] shrink(BaseEdges base, boolean snapshot, List<int[]> implied,
      Cdcl search, long deadline) {
    int constraints = base.constraints();
    int[] core = search.finalConflictConstraints();
    if (!unsatWith(base, snapshot, implied, core, -1, deadline)) {
      core = new int[constraints];
      for (int v = 0; v < constraints; v++) {
        core[v] = v;
      }
    }
    int tries = 0;
    for (int i = core.length - 1; i >= 0 && tries < MAX_SHRINK; i--, tries++) {
      if (unsatWith(base, snapshot, implied, core, core[i], deadline)) {
        int[] smaller = new int[core.length - 1];
        System.arraycopy(core, 0, smaller, 0, i);
        System.arraycopy(core, i + 1, smaller, i, core.length - 1 - i);
        core = smaller;
      }
    }
    return core;
  }

  /** True when the known edges and the constraints in {@code core} but {@code skip} are UNSAT. */
  private static boolean unsatWith(BaseEdges base, boolean snapshot, List<int[]> implied,
      int[] core, int skip, long deadline) {
    boolean[] active = new boolean[base.constraints()];
    for (int v : core) {
      active[v] = v != skip;
    }
    return new Cdcl(base, snapshot, active, implied).search(SHRINK_CONFLICTS, deadline)
        == Cdcl.Outcome.UNSAT;
  }

  /**
   * The first cycle met when the known edges and then one choice of every core constraint
   * are switched on: side 0 of each version-order constraint, the first candidate of each
   * read, and the derived edges of those (every choice of the core closes one, so this one
   * does too).
   */
  private static List<Edge> cycleOf(BaseEdges base, boolean snapshot, int[] core) {
    AcyclicityTheory graph = new AcyclicityTheory(base, snapshot);
    int[] cycle = graph.knownCycle();
    boolean[] chosen = new boolean[2 * base.vars()];
    ComponentReads reads = base.component().reads();
    for (int k : core) {
      chosen[k < base.versionOrders() ? 2 * k
          : 2 * base.candidateVar(reads.candidateBegin(k - base.versionOrders()))] = true;
    }
    for (int lit = 0; lit < chosen.length && cycle == null; lit++) {
      for (int k = base.begin(lit); chosen[lit] && k < base.end(lit) && cycle == null; k++) {
        int b = base.edge(k);
        boolean on = base.literal2(b) < 0 || chosen[base.literal(b)] && chosen[base.literal2(b)];
        if (on && !graph.isOn(b)) {
          cycle = graph.add(b);
        }
      }
    }
    if (cycle == null) {
      throw new IllegalStateException("conflict core without a cycle for its first choices");
    }
    Component c = base.component();
    List<Edge> edges = new ArrayList<>(cycle.length);
    for (int b : cycle) {
      edges.add(new Edge(c.txn(base.from(b)), c.txn(base.to(b)), TYPES[base.type(b)], base.key(b), -1));
    }
    return edges;
  }

  /**
   * The reads among the core's constraints, in dense History ids, the first candidate
   * assumed (as {@link #cycleOf} does); operations and values are the caller's to fill.
   */
  static List<WrConstraint> reads(Component c, int[] core) {
    ComponentReads reads = c.reads();
    List<WrConstraint> out = new ArrayList<>();
    for (int k : core) {
      int j = k - c.constraintCount();
      if (j >= 0) {
        int[] writers = new int[reads.candidateEnd(j) - reads.candidateBegin(j)];
        for (int i = 0; i < writers.length; i++) {
          writers[i] = reads.writerTxn(reads.candidateBegin(j) + i);
        }
        out.add(new WrConstraint(c.txn(reads.readerVertex(j)), -1, reads.key(j), -1, writers,
            writers[0]));
      }
    }
    return out;
  }
}
