package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.EdgeType;
import java.util.Arrays;
import org.sat4j.core.VecInt;
import org.sat4j.minisat.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;
import org.sat4j.specs.TimeoutException;

/**
 * The second, independent backend (tests only): a component as plain CNF for Sat4j with a
 * transitive-closure order encoding. Variable x_c (1..C) says "constraint c takes side 1";
 * r(u,v) says "u precedes v". Each edge u->v of the (induced, for SI) graph, guarded by the
 * side that carries it, implies r(u,v); r is transitive and irreflexive. O(V^3) clauses,
 * so it is for small components only; it shares nothing with {@link Cdcl}.
 */
final class Sat4jBackend {
  private static final int RW = EdgeType.RW.ordinal();

  private Sat4jBackend() {
  }

  /** True when some choice of the constraints in {@code active} (all when null) is acyclic. */
  static boolean satisfiable(Component c, boolean snapshot, boolean[] active) {
    int n = c.vertexCount();
    int cons = c.constraintCount();
    ISolver solver = SolverFactory.newDefault();
    solver.newVar(cons + n * n);
    try {
      // every base edge with its guard literal (0 = always)
      int total = c.knownEdgeCount() + (cons == 0 ? 0 : c.sideEnd(cons - 1, 1));
      int[] from = new int[total];
      int[] to = new int[total];
      boolean[] rw = new boolean[total];
      int[] guard = new int[total];
      int k = 0;
      for (int e = 0; e < c.knownEdgeCount(); e++, k++) {
        from[k] = c.knownFrom(e);
        to[k] = c.knownTo(e);
        rw[k] = c.knownType(e) == RW;
      }
      for (int x = 0; x < cons; x++) {
        for (int s = 0; s < 2; s++) {
          for (int e = c.sideBegin(x, s); e < c.sideEnd(x, s); e++) {
            if (active != null && !active[x]) {
              continue;
            }
            from[k] = c.sideFrom(e);
            to[k] = c.sideTo(e);
            rw[k] = c.sideType(e) == RW;
            guard[k++] = s == 1 ? x + 1 : -(x + 1);
          }
        }
      }
      for (int i = 0; i < k; i++) {
        if (!snapshot) {
          implies(solver, guard[i], 0, r(cons, n, from[i], to[i]));
        } else if (!rw[i]) {
          implies(solver, guard[i], 0, r(cons, n, from[i], to[i]));
          for (int j = 0; j < k; j++) {
            if (rw[j] && from[j] == to[i]) {
              implies(solver, guard[i], guard[j], r(cons, n, from[i], to[j]));
            }
          }
        }
      }
      for (int u = 0; u < n; u++) {
        solver.addClause(new VecInt(new int[] {-r(cons, n, u, u)}));
        for (int v = 0; v < n; v++) {
          for (int w = 0; w < n; w++) {
            solver.addClause(new VecInt(new int[] {-r(cons, n, u, v), -r(cons, n, v, w), r(cons, n, u, w)}));
          }
        }
      }
      return solver.isSatisfiable();
    } catch (ContradictionException e) {
      return false;
    } catch (TimeoutException e) {
      throw new IllegalStateException("Sat4j timed out on a test component", e);
    }
  }

  private static int r(int cons, int n, int u, int v) {
    return cons + 1 + u * n + v;
  }

  /** g1 and g2 (0 = true) imply literal. */
  private static void implies(ISolver solver, int g1, int g2, int literal) throws ContradictionException {
    int[] lits = new int[3];
    int k = 0;
    if (g1 != 0) {
      lits[k++] = -g1;
    }
    if (g2 != 0) {
      lits[k++] = -g2;
    }
    lits[k++] = literal;
    solver.addClause(new VecInt(Arrays.copyOf(lits, k)));
  }
}
