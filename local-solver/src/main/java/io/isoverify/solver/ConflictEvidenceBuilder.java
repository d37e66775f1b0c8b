package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.checker.ConflictEvidence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * States a solver conflict in history terms ({@link ConflictEvidence}): the core's
 * version-order constraints with both sides, its reads with their candidate writers (whose
 * edges the checker derives itself), and the known edges that can matter. Every cycle of
 * any choice passes through a core constraint's edge (else the known edges alone would
 * have a cycle and the core would be empty), so only known edges between vertices both
 * reachable from and reaching such an edge's endpoints, in the graph of known edges plus
 * all the core's edges (sides, candidates', derived), are kept: two breadth-first searches,
 * O(V + E). With an empty core every known edge is kept.
 */
public final class ConflictEvidenceBuilder {
  private static final EdgeType[] TYPES = EdgeType.values();

  private ConflictEvidenceBuilder() {
  }

  public static ConflictEvidence of(Component c, int[] core, CertificateFactory values) {
    int n = c.vertexCount();
    boolean[] keep = new boolean[n];
    if (core.length == 0) {
      Arrays.fill(keep, true);
    } else {
      List<int[]> edges = new ArrayList<>();
      for (int e = 0; e < c.knownEdgeCount(); e++) {
        edges.add(new int[] {c.knownFrom(e), c.knownTo(e)});
      }
      boolean[] seeds = new boolean[n];
      BaseEdges base = new BaseEdges(c);
      boolean[] inCore = new boolean[base.constraints()];
      for (int x : core) {
        inCore[x] = true;
      }
      for (int b = base.knownCount(); b < base.count(); b++) {
        if (inCore[base.constraintOf(base.literal(b) >> 1)]
            && (base.literal2(b) < 0 || inCore[base.constraintOf(base.literal2(b) >> 1)])) {
          edges.add(new int[] {base.from(b), base.to(b)});
          seeds[base.from(b)] = true;
          seeds[base.to(b)] = true;
        }
      }
      boolean[] forward = closure(n, edges, seeds, 0);
      boolean[] backward = closure(n, edges, seeds, 1);
      for (int v = 0; v < n; v++) {
        keep[v] = forward[v] && backward[v];
      }
    }
    List<Edge> known = new ArrayList<>();
    for (int e = 0; e < c.knownEdgeCount(); e++) {
      if (keep[c.knownFrom(e)] && keep[c.knownTo(e)] && c.txn(c.knownFrom(e)) != Component.INITIAL_TXN) {
        known.add(new Edge(c.txn(c.knownFrom(e)), c.txn(c.knownTo(e)), TYPES[c.knownType(e)], c.knownKey(e), -1));
      }
    }
    List<List<Edge>> side0 = new ArrayList<>();
    List<List<Edge>> side1 = new ArrayList<>();
    for (int x : core) {
      if (x < c.constraintCount()) {
        side0.add(values.withValues(side(c, x, 0)));
        side1.add(values.withValues(side(c, x, 1)));
      }
    }
    return new ConflictEvidence(values.withValues(known), side0, side1,
        values.withReads(ComponentSolver.reads(c, core)));
  }

  /** Edges of one side; those from the initial transaction cannot lie on a cycle and are left out. */
  private static List<Edge> side(Component c, int x, int s) {
    List<Edge> out = new ArrayList<>();
    for (int e = c.sideBegin(x, s); e < c.sideEnd(x, s); e++) {
      if (c.txn(c.sideFrom(e)) != Component.INITIAL_TXN) {
        out.add(new Edge(c.txn(c.sideFrom(e)), c.txn(c.sideTo(e)), TYPES[c.sideType(e)], c.sideKey(e), -1));
      }
    }
    return out;
  }

  /** Vertices reachable from the seeds along the edges (dir 0) or against them (dir 1). */
  private static boolean[] closure(int n, List<int[]> edges, boolean[] seeds, int dir) {
    int[] start = new int[n + 1];
    for (int[] e : edges) {
      start[e[dir] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    int[] adj = new int[edges.size()];
    int[] next = Arrays.copyOf(start, n);
    for (int[] e : edges) {
      adj[next[e[dir]]++] = e[1 - dir];
    }
    boolean[] seen = seeds.clone();
    int[] queue = new int[n];
    int tail = 0;
    for (int v = 0; v < n; v++) {
      if (seen[v]) {
        queue[tail++] = v;
      }
    }
    for (int head = 0; head < tail; head++) {
      int v = queue[head];
      for (int i = start[v]; i < start[v + 1]; i++) {
        if (!seen[adj[i]]) {
          seen[adj[i]] = true;
          queue[tail++] = adj[i];
        }
      }
    }
    return seen;
  }
}
