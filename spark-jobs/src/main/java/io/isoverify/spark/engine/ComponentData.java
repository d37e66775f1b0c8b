package io.isoverify.spark.engine;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.solver.ComponentSolver;
import io.isoverify.solver.SolveLimits;
import io.isoverify.solver.SolveResult;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Component} as serializable arrays, to be solved on an executor, and the answer
 * as arrays on its way back. Same encoding as Component's (local vertex ids, constraint
 * sides by start offsets); the answer's cycle is five int columns (from, to, type, key,
 * value).
 */
record ComponentData(int[] txns, int[] knownFrom, int[] knownTo, byte[] knownType,
    int[] knownKey, int[] sideStart, int[] sideFrom, int[] sideTo, byte[] sideType,
    int[] sideKey) implements Serializable {

  static ComponentData of(Component c) {
    int n = c.vertexCount();
    int[] txns = new int[n];
    for (int v = 0; v < n; v++) {
      txns[v] = c.txn(v);
    }
    int k = c.knownEdgeCount();
    int[] kf = new int[k];
    int[] kt = new int[k];
    byte[] ky = new byte[k];
    int[] kk = new int[k];
    for (int e = 0; e < k; e++) {
      kf[e] = c.knownFrom(e);
      kt[e] = c.knownTo(e);
      ky[e] = (byte) c.knownType(e);
      kk[e] = c.knownKey(e);
    }
    int m = c.constraintCount();
    int[] start = new int[2 * m + 1];
    for (int i = 0; i < 2 * m; i++) {
      start[i] = c.sideBegin(i / 2, i % 2);
    }
    int s = m == 0 ? 0 : c.sideEnd(m - 1, 1);
    start[2 * m] = s;
    int[] sf = new int[s];
    int[] st = new int[s];
    byte[] sy = new byte[s];
    int[] sk = new int[s];
    for (int e = 0; e < s; e++) {
      sf[e] = c.sideFrom(e);
      st[e] = c.sideTo(e);
      sy[e] = (byte) c.sideType(e);
      sk[e] = c.sideKey(e);
    }
    return new ComponentData(txns, kf, kt, ky, kk, start, sf, st, sy, sk);
  }

  Component component() {
    return new Component(txns, knownFrom, knownTo, knownType, knownKey, sideStart, sideFrom,
        sideTo, sideType, sideKey);
  }

  /** Solves this component where it is (an executor) and returns the answer as arrays. */
  Answer solve(Level level, SolveLimits limits) {
    SolveResult r = ComponentSolver.solve(component(), level, limits);
    int[][] cycle = new int[5][r.cycle().size()];
    for (int i = 0; i < r.cycle().size(); i++) {
      Edge e = r.cycle().get(i);
      cycle[0][i] = e.from();
      cycle[1][i] = e.to();
      cycle[2][i] = e.type().ordinal();
      cycle[3][i] = e.key();
      cycle[4][i] = e.value();
    }
    return new Answer(r.status().ordinal(), r.sides(), r.core(), cycle, r.conflicts(), r.reason());
  }

  /** A {@link SolveResult} as arrays. */
  record Answer(int status, int[] sides, int[] core, int[][] cycle, long conflicts, String reason)
      implements Serializable {
    SolveResult result() {
      List<Edge> edges = new ArrayList<>();
      for (int i = 0; i < cycle[0].length; i++) {
        edges.add(new Edge(cycle[0][i], cycle[1][i], EdgeType.values()[cycle[2][i]], cycle[3][i],
            cycle[4][i]));
      }
      return new SolveResult(SolveResult.Status.values()[status], sides, core, edges, conflicts, reason);
    }
  }
}
