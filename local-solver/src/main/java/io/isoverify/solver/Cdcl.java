package io.isoverify.solver;

import io.isoverify.graph.ComponentReads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One CDCL(T) search over the constraints of a component (veristrong section 4, Algorithm
 * 1; vbox section 5), over the variables of {@link BaseEdges}: one per version-order
 * constraint (literal 2c+s says "c takes side s"), one per candidate writer of a read
 * (literal 2v says "it is the writer"). Boolean part: two watched literals over the clauses
 * (each read's "one of its candidates is the writer", veristrong Algorithm 7; the 2-width
 * cycle clauses of {@link SmallCycles}, Algorithm 2; learned ones), 1-UIP learning with
 * chronological backtracking (a literal's level is the highest of its reason's, so the trail
 * need not be sorted by level; see {@link #learn}), VSIDS ({@link VarOrder}), Luby restarts
 * that keep the trail a restart would rebuild, and skip a restart that would undo more
 * literals than the search decided since the last one. Theory part:
 * {@link AcyclicityTheory}; a literal's edges are switched on when the literal is
 * propagated (a derived RW edge when the second of its two literals is), and a cycle
 * becomes the clause "not all of the literals on it". Theory propagation is lazy: a side
 * that closes a cycle is refuted by that clause, which after the backtrack is unit and
 * forces the other side. Polarity follows the current topological order (veristrong
 * section 6.2): the side with fewer edges pointing backwards; a candidate writer is taken
 * when none of its edges points backwards.
 *
 * <p>Only the constraints in {@code active} take part (the others contribute no edges and
 * no clauses; a read's candidates all or none), which is how a conflict core is checked and
 * shrunk.
 */
final class Cdcl {
  /** How one search ended. */
  enum Outcome { SAT, UNSAT, UNKNOWN }

  private final BaseEdges base;
  private final AcyclicityTheory theory;
  private final boolean[] active;
  private final int vars;
  /** assign[v] = side of v, or -1 while unassigned. */
  private final byte[] assign;
  private final int[] level;
  /** reason[v] = index of the learned clause that implied v, or -1 for a decision. */
  private final int[] reason;
  private final int[] trail;
  private int trailSize;
  private int qhead;
  private int[] trailLim = new int[16];
  private int[] theoryMark = new int[16];
  private int levels;
  private final List<int[]> clauses = new ArrayList<>();
  private static final int[] NO_WATCHES = new int[0];
  private final int[][] watches;
  private final int[] watchCount;
  private final VarOrder order;
  private final boolean[] seen;
  /** Scratch for the clause being learned: at most one literal per variable plus the UIP. */
  private final int[] learnt;
  private long conflicts;
  private long decisions;
  /** Literals a backtrack unassigned (they are usually decided again). */
  private long undone;
  /** Conflicts whose literals all lie below the current decision level. */
  private long lowConflicts;
  private long decisionsAtRestart;
  private long restartsDone;
  private int[] knownCycle;
  private int[] finalConflict;
  /** The trail index of the decision whose side {@link #decide} already switched on. */
  private int sideAlreadyOn = -1;
  /** Whether the last propagation stopped at a conflict, with trail[qhead - 1] half done. */
  private boolean partlyPropagated;

  /** Clauses of one literal, enqueued at level 0 when the search starts. */
  private final List<Integer> units = new ArrayList<>();

  /**
   * @param active per constraint ({@link BaseEdges#constraints()}), whether it takes part
   * @param implied clauses implied by the known edges (2-width cycles), each kept when all
   *     its variables take part
   */
  Cdcl(BaseEdges base, boolean snapshot, boolean[] active, List<int[]> implied) {
    this.base = base;
    this.active = active;
    this.vars = base.vars();
    this.theory = new AcyclicityTheory(base, snapshot);
    assign = new byte[vars];
    Arrays.fill(assign, (byte) -1);
    level = new int[vars];
    reason = new int[vars];
    trail = new int[vars];
    watches = new int[2 * vars][];
    watchCount = new int[2 * vars];
    // Most literals watch no clause (a version-order side is in none unless a short cycle or
    // a learned clause names it): one shared empty list until the first watch, not 2 x vars
    // arrays (24 bytes each: 720 MB at 15M constraints).
    Arrays.fill(watches, NO_WATCHES);
    seen = new boolean[vars];
    learnt = new int[vars + 1];
    knownCycle = theory.knownCycle();
    order = new VarOrder(sweep());
    for (int v = 0; v < vars; v++) {
      if (active[base.constraintOf(v)]) {
        order.insert(v);
      }
    }
    ComponentReads reads = base.component().reads();
    for (int j = 0; j < reads.count(); j++) {
      if (active[base.versionOrders() + j]) {
        int[] lits = new int[reads.candidateEnd(j) - reads.candidateBegin(j)];
        for (int i = 0; i < lits.length; i++) {
          lits[i] = 2 * base.candidateVar(reads.candidateBegin(j) + i);
        }
        addClause(lits);
      }
    }
    for (int[] clause : implied) {
      boolean all = true;
      for (int lit : clause) {
        all &= active[base.constraintOf(lit >> 1)];
      }
      if (all) {
        addClause(clause.clone());
      }
    }
  }

  /** Every constraint of base taking part: the {@code active} of a whole component's search. */
  static boolean[] allActive(BaseEdges base) {
    boolean[] all = new boolean[base.constraints()];
    Arrays.fill(all, true);
    return all;
  }

  private void addClause(int[] lits) {
    int ci = clauses.size();
    clauses.add(lits);
    if (lits.length > 1) {
      watch(lits[0], ci);
      watch(lits[1], ci);
    } else {
      units.add(ci);
    }
  }

  /**
   * The first decision order: constraints by the earliest position, in the topological
   * order of the known edges, of a transaction they touch. Deciding from left to right
   * keeps the constraints that interact near each other on the trail, so that a conflict
   * is usually settled by a short backjump instead of undoing most decisions.
   */
  private int[] sweep() {
    long[] keyed = new long[vars];
    for (int v = 0; v < vars; v++) {
      int first = Integer.MAX_VALUE;
      for (int k = base.begin(2 * v); k < base.end(2 * v + 1); k++) {
        int b = base.edge(k);
        first = Math.min(first, Math.min(theory.ord(base.from(b)), theory.ord(base.to(b))));
      }
      keyed[v] = ((long) first << 32) | v;
    }
    Arrays.sort(keyed);
    int[] rank = new int[vars];
    for (int i = 0; i < vars; i++) {
      rank[(int) keyed[i]] = i;
    }
    return rank;
  }

  long conflicts() {
    return conflicts;
  }

  /**
   * Conflicts of the last search whose literals all lay below the current decision level:
   * found after later decisions, which chronological backtracking keeps.
   */
  long conflictsBelowLevel() {
    return lowConflicts;
  }

  /** The counters of the last search, in words (for benchmarks and probes). */
  String statsLine() {
    return "conflicts " + conflicts + " (" + lowConflicts + " below the current level), decisions "
        + decisions + ", unassigned by backtracks " + undone + ", restarts " + restartsDone
        + ", clauses " + clauses.size() + ", " + theory.statsLine();
  }

  /** After SAT: the side of each active version-order constraint (0 for inactive ones). */
  int[] sides() {
    int[] s = new int[base.versionOrders()];
    for (int v = 0; v < s.length; v++) {
      s[v] = Math.max(assign[v], 0);
    }
    return s;
  }

  /**
   * After SAT: for each read, the offset among its candidates of the first one chosen as the
   * writer (0 for inactive reads). Choosing more than one only adds edges, so the first
   * alone keeps the graph acyclic.
   */
  int[] writers() {
    ComponentReads reads = base.component().reads();
    int[] w = new int[reads.count()];
    for (int j = 0; j < w.length; j++) {
      for (int i = reads.candidateEnd(j) - 1; i >= reads.candidateBegin(j); i--) {
        if (assign[base.candidateVar(i)] == 0) {
          w[j] = i - reads.candidateBegin(j);
        }
      }
    }
    return w;
  }

  /** After UNSAT: the base edges of a cycle of known edges alone, or null. */
  int[] knownCycle() {
    return knownCycle;
  }

  /**
   * After UNSAT: the constraints the final conflict at level 0 and its reasons mention, a
   * first guess at a core (learned clauses may rest on more constraints, so callers check).
   */
  int[] finalConflictConstraints() {
    boolean[] mark = new boolean[base.constraints()];
    int count = 0;
    for (int v : finalConflictVars()) {
      int c = base.constraintOf(v);
      if (!mark[c]) {
        mark[c] = true;
        count++;
      }
    }
    int[] out = new int[count];
    count = 0;
    for (int c = 0; c < mark.length; c++) {
      if (mark[c]) {
        out[count++] = c;
      }
    }
    return out;
  }

  private int[] finalConflictVars() {
    boolean[] mark = new boolean[vars];
    if (finalConflict != null) {
      for (int q : finalConflict) {
        mark[q >> 1] = true;
      }
    }
    for (int i = trailSize - 1; i >= 0; i--) {
      int v = trail[i] >> 1;
      if (mark[v] && reason[v] >= 0) {
        for (int q : clauses.get(reason[v])) {
          mark[q >> 1] = true;
        }
      }
    }
    int count = 0;
    int[] out = new int[vars];
    for (int v = 0; v < vars; v++) {
      if (mark[v]) {
        out[count++] = v;
      }
    }
    return Arrays.copyOf(out, count);
  }

  Outcome search(long maxConflicts, long deadlineNanos) {
    if (knownCycle != null) {
      return Outcome.UNSAT;
    }
    for (int ci : units) {
      int lit = clauses.get(ci)[0];
      if (value(lit) == 0) {
        finalConflict = clauses.get(ci);
        return Outcome.UNSAT;
      }
      if (value(lit) < 0) {
        enqueue(lit, ci, 0);
      }
    }
    long restartAt = 64L * luby(1);
    int restarts = 1;
    long sinceRestart = 0;
    while (true) {
      int[] conflict = propagate();
      if (conflict != null) {
        conflicts++;
        sinceRestart++;
        int at = maxLevel(conflict, 0);
        if (at == 0) {
          finalConflict = conflict;
          return Outcome.UNSAT;
        }
        if (at < levels) {
          lowConflicts++;
        }
        learn(conflict, at);
        order.decay();
        if (conflicts >= maxConflicts || System.nanoTime() > deadlineNanos) {
          return Outcome.UNKNOWN;
        }
        continue;
      }
      if (sinceRestart >= restartAt) {
        int keep = reusedLevels();
        int redo = keep < levels ? trailSize - trailLim[keep] : 0;
        if (redo <= decisions - decisionsAtRestart) {
          cancelUntil(keep);
          decisionsAtRestart = decisions;
          restartsDone++;
        }
        restartAt = 64L * luby(++restarts);
        sinceRestart = 0;
        continue;
      }
      int v = nextVar();
      if (v < 0) {
        return Outcome.SAT;
      }
      if ((++decisions & 1023) == 0 && System.nanoTime() > deadlineNanos) {
        return Outcome.UNKNOWN;
      }
      decide(2 * v + polarity(v));
    }
  }

  /**
   * Tries the side {@code lit} names before deciding it. When its edges close a cycle with
   * the edges already on, the other side is implied by the cycle's clause at this level (a
   * theory propagation) instead of being found by a conflict and a backjump that would undo
   * every decision since the cycle's other literals were set: on large components most
   * implied sides are found this way, each for the price of one cycle search.
   */
  private void decide(int lit) {
    int mark = theory.mark();
    int[] cycle = assertSide(lit);
    if (cycle == null) {
      if (levels == trailLim.length) {
        trailLim = Arrays.copyOf(trailLim, levels * 2);
        theoryMark = Arrays.copyOf(theoryMark, levels * 2);
      }
      trailLim[levels] = trailSize;
      theoryMark[levels] = mark;
      levels++;
      enqueue(lit, -1, levels);
      sideAlreadyOn = trailSize - 1;
      return;
    }
    theory.undo(mark);
    int implied = lit ^ 1;
    for (int i = 0; i < cycle.length; i++) {
      if (cycle[i] == implied) {
        cycle[i] = cycle[0];
        cycle[0] = implied;
      }
    }
    for (int i = 2; i < cycle.length; i++) {
      if (level[cycle[i] >> 1] > level[cycle[1] >> 1]) {
        int t = cycle[1];
        cycle[1] = cycle[i];
        cycle[i] = t;
      }
    }
    int ci = clauses.size();
    clauses.add(cycle);
    if (cycle.length > 1) {
      watch(cycle[0], ci);
      watch(cycle[1], ci);
    }
    enqueue(implied, ci, maxLevel(cycle, 1));
  }

  /**
   * How many decision levels a restart keeps: those whose decision the order would make
   * again first, ahead of the variable it would decide next (van der Tak, Ramos and Heule,
   * "Reusing the assignment trail in CDCL solvers", JSAT 2011). A restart then undoes only
   * what the activities learned since would change; restarting from level 0 re-decided
   * every constraint of a component (tens of millions of decisions for a million
   * constraints and a few thousand conflicts). O(levels kept).
   */
  private int reusedLevels() {
    while (!order.isEmpty() && assign[order.peekMax()] >= 0) {
      order.removeMax();
    }
    if (order.isEmpty()) {
      return levels;
    }
    int next = order.peekMax();
    int keep = 0;
    while (keep < levels && order.prefers(trail[trailLim[keep]] >> 1, next)) {
      keep++;
    }
    return keep;
  }

  private int nextVar() {
    while (!order.isEmpty()) {
      int v = order.removeMax();
      if (assign[v] < 0) {
        return v;
      }
    }
    return -1;
  }

  /**
   * The side with fewer edges against the current topological order; side 0 on ties (so a
   * candidate writer, whose side 1 has no edge, is taken iff none of its edges points back).
   */
  private int polarity(int v) {
    int[] backwards = new int[2];
    for (int s = 0; s < 2; s++) {
      for (int k = base.begin(2 * v + s); k < base.end(2 * v + s); k++) {
        int b = base.edge(k);
        if (theory.ord(base.from(b)) > theory.ord(base.to(b))) {
          backwards[s]++;
        }
      }
    }
    return backwards[1] < backwards[0] ? 1 : 0;
  }

  /**
   * Assigns lit at decision level {@code at}: the current level for a decision, the highest
   * level of the reason's other literals for an implied one (which may be below the current
   * level: chronological backtracking keeps it while it keeps that level).
   */
  private void enqueue(int lit, int why, int at) {
    int v = lit >> 1;
    assign[v] = (byte) (lit & 1);
    level[v] = at;
    reason[v] = why;
    trail[trailSize++] = lit;
  }

  /** 1 true, 0 false, -1 unassigned. */
  private int value(int lit) {
    int a = assign[lit >> 1];
    return a < 0 ? -1 : (a == (lit & 1) ? 1 : 0);
  }

  /** Theory then clauses for each new trail literal; a violated clause, or null. */
  private int[] propagate() {
    while (qhead < trailSize) {
      int p = trail[qhead++];
      int[] cycle = qhead - 1 == sideAlreadyOn ? null : assertSide(p);
      sideAlreadyOn = -1;
      if (cycle != null) {
        partlyPropagated = true;
        return cycle;
      }
      int falseLit = p ^ 1;
      int[] ws = watches[falseLit];
      int keep = 0;
      int i = 0;
      int count = watchCount[falseLit];
      int[] conflict = null;
      for (; i < count; i++) {
        int ci = ws[i];
        int[] cl = clauses.get(ci);
        if (cl[0] == falseLit) {
          cl[0] = cl[1];
          cl[1] = falseLit;
        }
        if (value(cl[0]) == 1) {
          ws[keep++] = ci;
          continue;
        }
        boolean moved = false;
        for (int k = 2; k < cl.length; k++) {
          if (value(cl[k]) != 0) {
            cl[1] = cl[k];
            cl[k] = falseLit;
            watch(cl[1], ci);
            moved = true;
            break;
          }
        }
        if (moved) {
          continue;
        }
        ws[keep++] = ci;
        if (value(cl[0]) == 0) {
          conflict = cl;
          i++;
          break;
        }
        enqueue(cl[0], ci, maxLevel(cl, 1));
      }
      for (; i < count; i++) {
        ws[keep++] = ws[i];
      }
      watchCount[falseLit] = keep;
      if (conflict != null) {
        partlyPropagated = true;
        return conflict;
      }
    }
    return null;
  }

  /**
   * Switches on the edges literal p names (a derived edge when its other literal holds
   * already); the conflict clause of a cycle.
   */
  private int[] assertSide(int p) {
    for (int k = base.begin(p); k < base.end(p); k++) {
      int b = base.edge(k);
      if (base.literal2(b) >= 0) {
        int other = base.literal(b) == p ? base.literal2(b) : base.literal(b);
        if (value(other) != 1 || theory.isOn(b)) {
          continue;
        }
      }
      int[] cycle = theory.add(b);
      if (cycle != null) {
        return clauseOf(cycle);
      }
    }
    return null;
  }

  /** "Not all of these": the negations of the literals of a cycle's base edges. */
  private int[] clauseOf(int[] cycle) {
    int[] lits = new int[2 * cycle.length];
    int k = 0;
    for (int b : cycle) {
      k = negation(base.literal(b), lits, k);
      k = negation(base.literal2(b), lits, k);
    }
    for (int i = 0; i < k; i++) {
      seen[lits[i] >> 1] = false;
    }
    return Arrays.copyOf(lits, k);
  }

  /** Appends lit's negation to lits at k unless lit is -1 or its variable is there. */
  private int negation(int lit, int[] lits, int k) {
    if (lit >= 0 && !seen[lit >> 1]) {
      seen[lit >> 1] = true;
      lits[k++] = lit ^ 1;
    }
    return k;
  }

  private void watch(int lit, int ci) {
    if (watchCount[lit] == watches[lit].length) {
      watches[lit] = Arrays.copyOf(watches[lit], Math.max(2, watchCount[lit] * 2));
    }
    watches[lit][watchCount[lit]++] = ci;
  }

  /** The highest decision level among the literals of lits from index {@code from} on. */
  private int maxLevel(int[] lits, int from) {
    int max = 0;
    for (int i = from; i < lits.length; i++) {
      max = Math.max(max, level[lits[i] >> 1]);
    }
    return max;
  }

  /**
   * 1-UIP analysis of a conflict whose literals' highest level is {@code at} > 0 (the current
   * level, or below it when an implication was missed), then the backtrack and the learned
   * clause's literal, implied at the level of its other literals. The backtrack is
   * chronological, to the level below the conflict's, not to the learned clause's second
   * level (Nadel and Ryvchin, "Chronological Backtracking", SAT 2018; Moehle and Biere,
   * "Backing Backtracking", SAT 2019): the learned literal goes on the trail at its own lower
   * level, and the decisions between the two levels stay. On a large component a backjump
   * undid thousands of decisions, which the search then made again the same way: the
   * largest SER component of a 200-session history (245k transactions, 15M constraints) was
   * still unsolved after 400 s with backjumps (14.7k conflicts) and is solved in 82 s with
   * chronological backtracks (66k conflicts); a threshold that backjumps over at most 100 or
   * 1,000 levels took 193 and 104 s.
   */
  private void learn(int[] conflict, int at) {
    int size = 1;
    int pathCount = 0;
    int p = -1;
    int idx = trailSize - 1;
    int[] clause = conflict;
    while (true) {
      for (int q : clause) {
        int v = q >> 1;
        if (p >= 0 && v == (p >> 1)) {
          continue;
        }
        if (!seen[v] && level[v] > 0) {
          seen[v] = true;
          order.bump(v);
          if (level[v] == at) {
            pathCount++;
          } else {
            learnt[size++] = q;
          }
        }
      }
      while (!seen[trail[idx] >> 1] || level[trail[idx] >> 1] != at) {
        idx--;
      }
      p = trail[idx--];
      seen[p >> 1] = false;
      if (--pathCount == 0) {
        break;
      }
      clause = clauses.get(reason[p >> 1]);
    }
    learnt[0] = p ^ 1;
    int back = 0;
    for (int i = 1; i < size; i++) {
      seen[learnt[i] >> 1] = false;
      if (level[learnt[i] >> 1] > back) {
        back = level[learnt[i] >> 1];
        int t = learnt[1];
        learnt[1] = learnt[i];
        learnt[i] = t;
      }
    }
    int[] cl = Arrays.copyOf(learnt, size);
    int ci = clauses.size();
    clauses.add(cl);
    if (size > 1) {
      watch(cl[0], ci);
      watch(cl[1], ci);
    }
    cancelUntil(at - 1);
    enqueue(cl[0], ci, back);
  }

  /**
   * Undoes every literal above decision level {@code target}. Literals at or below it that
   * sit later on the trail (implied at a lower level after a chronological backtrack) stay,
   * in their order: those already propagated have their edges switched on again (they were
   * on together before, so no cycle), the rest are propagated next.
   */
  private void cancelUntil(int target) {
    if (levels <= target) {
      return;
    }
    int done = partlyPropagated ? qhead - 1 : qhead;
    partlyPropagated = false;
    int from = trailLim[target];
    int kept = from;
    int newHead = -1;
    for (int i = from; i < trailSize; i++) {
      int v = trail[i] >> 1;
      if (level[v] > target) {
        undone++;
        order.insert(v);
        assign[v] = -1;
      } else {
        if (i >= done) {
          newHead = newHead < 0 ? kept : newHead;
          assign[v] = -1; // until the propagated ones are back: no derived edge through it yet
        }
        trail[kept++] = trail[i];
      }
    }
    trailSize = kept;
    qhead = newHead < 0 ? kept : newHead;
    sideAlreadyOn = -1;
    theory.undo(theoryMark[target]);
    levels = target;
    for (int i = from; i < qhead; i++) {
      if (assertSide(trail[i]) != null) {
        throw new IllegalStateException("a kept literal closed a cycle");
      }
    }
    for (int i = qhead; i < trailSize; i++) {
      assign[trail[i] >> 1] = (byte) (trail[i] & 1);
    }
  }

  /** The Luby sequence 1 1 2 1 1 2 4 ... (Luby, Sinclair, Zuckerman 1993). */
  private static long luby(int i) {
    long size = 1;
    int seq = 0;
    while (size < i + 1) {
      seq++;
      size = 2 * size + 1;
    }
    long x = i;
    while (size - 1 != x) {
      size = (size - 1) >> 1;
      seq--;
      x = x % size;
    }
    return 1L << seq;
  }
}
