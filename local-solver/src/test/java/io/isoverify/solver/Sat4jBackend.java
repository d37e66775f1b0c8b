package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.ComponentReads;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.List;
import org.sat4j.core.VecInt;
import org.sat4j.minisat.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;
import org.sat4j.specs.TimeoutException;

/**
 * The second, independent backend (tests only): a component as plain CNF for Sat4j with a
 * transitive-closure order encoding. Variable x_c (1..C) says "version-order constraint c
 * takes side 1"; y_i (C+1..C+K) says "candidate i is its read's writer", with "one of a
 * read's candidates" as a clause (veristrong Algorithm 7); r(u,v) says "u precedes v". Each
 * edge u->v of the (induced, for SI) graph, guarded by the literals that carry it (a derived
 * RW edge by its side's and its candidate's), implies r(u,v); r is transitive and
 * irreflexive. O(V^3) clauses, so it is for small components only; it shares nothing with
 * {@link Cdcl}.
 */
final class Sat4jBackend {
  private static final int RW = EdgeType.RW.ordinal();

  private Sat4jBackend() {
  }

  /**
   * True when some choice of the constraints in {@code active} (per constraint: the
   * version-order ones, then one per read; all when null) is acyclic.
   */
  static boolean satisfiable(Component c, boolean snapshot, boolean[] active) {
    return solve(c, snapshot, active, new int[0]);
  }

  /** True when the given sides and writers (offsets among each read's candidates) are acyclic. */
  static boolean satisfiableWith(Component c, boolean snapshot, int[] sides, int[] writers) {
    int cons = c.constraintCount();
    ComponentReads reads = c.reads();
    int[] assumed = new int[cons + reads.count()];
    for (int x = 0; x < cons; x++) {
      assumed[x] = sides[x] == 1 ? x + 1 : -(x + 1);
    }
    for (int j = 0; j < reads.count(); j++) {
      assumed[cons + j] = cons + 1 + reads.candidateBegin(j) + writers[j];
    }
    return solve(c, snapshot, null, assumed);
  }

  private static boolean solve(Component c, boolean snapshot, boolean[] active, int[] assumed) {
    int n = c.vertexCount();
    int cons = c.constraintCount();
    ComponentReads reads = c.reads();
    int vars = cons + reads.candidateCount();
    ISolver solver = SolverFactory.newDefault();
    solver.newVar(vars + n * n);
    // every edge: from, to, RW or not, and its guard literals (0 = none)
    List<int[]> edges = new ArrayList<>();
    for (int e = 0; e < c.knownEdgeCount(); e++) {
      edges.add(new int[] {c.knownFrom(e), c.knownTo(e), c.knownType(e), 0, 0});
    }
    for (int x = 0; x < cons; x++) {
      for (int s = 0; s < 2 && (active == null || active[x]); s++) {
        for (int e = c.sideBegin(x, s); e < c.sideEnd(x, s); e++) {
          edges.add(new int[] {c.sideFrom(e), c.sideTo(e), c.sideType(e), side(x, s), 0});
        }
      }
    }
    int[] readOf = new int[reads.candidateCount()];
    for (int j = 0; j < reads.count(); j++) {
      for (int i = reads.candidateBegin(j); i < reads.candidateEnd(j); i++) {
        readOf[i] = j;
        if (active == null || active[cons + j]) {
          for (int e = reads.edgeBegin(i); e < reads.edgeEnd(i); e++) {
            edges.add(new int[] {reads.edgeFrom(e), reads.edgeTo(e), reads.edgeType(e),
                cons + 1 + i, 0});
          }
        }
      }
    }
    for (int d = 0; d < reads.derivedCount(); d++) {
      int x = reads.derivedConstraint(d);
      int i = reads.derivedCandidate(d);
      if (active == null || active[x] && active[cons + readOf[i]]) {
        edges.add(new int[] {reads.derivedFrom(d), reads.derivedTo(d), RW,
            side(x, reads.derivedSide(d)), cons + 1 + i});
      }
    }
    try {
      for (int j = 0; j < reads.count(); j++) {
        if (active == null || active[cons + j]) {
          int[] one = new int[reads.candidateEnd(j) - reads.candidateBegin(j)];
          for (int i = 0; i < one.length; i++) {
            one[i] = cons + 1 + reads.candidateBegin(j) + i;
          }
          solver.addClause(new VecInt(one));
        }
      }
      for (int[] a : edges) {
        if (!snapshot) {
          implies(solver, r(vars, n, a[0], a[1]), a[3], a[4]);
        } else if (a[2] != RW) {
          implies(solver, r(vars, n, a[0], a[1]), a[3], a[4]);
          for (int[] b : edges) {
            if (b[2] == RW && b[0] == a[1]) {
              implies(solver, r(vars, n, a[0], b[1]), a[3], a[4], b[3], b[4]);
            }
          }
        }
      }
      for (int u = 0; u < n; u++) {
        solver.addClause(new VecInt(new int[] {-r(vars, n, u, u)}));
        for (int v = 0; v < n; v++) {
          for (int w = 0; w < n; w++) {
            solver.addClause(new VecInt(new int[] {-r(vars, n, u, v), -r(vars, n, v, w), r(vars, n, u, w)}));
          }
        }
      }
      return solver.isSatisfiable(new VecInt(assumed));
    } catch (ContradictionException e) {
      return false;
    } catch (TimeoutException e) {
      throw new IllegalStateException("Sat4j timed out on a test component", e);
    }
  }

  private static int side(int x, int s) {
    return s == 1 ? x + 1 : -(x + 1);
  }

  private static int r(int vars, int n, int u, int v) {
    return vars + 1 + u * n + v;
  }

  /** The guards (0 = true) imply literal. */
  private static void implies(ISolver solver, int literal, int... guards)
      throws ContradictionException {
    VecInt clause = new VecInt();
    for (int g : guards) {
      if (g != 0 && !clause.contains(-g)) {
        clause.push(-g);
      }
    }
    clause.push(literal);
    solver.addClause(clause);
  }
}
