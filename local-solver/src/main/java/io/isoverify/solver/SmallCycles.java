package io.isoverify.solver;

import io.isoverify.graph.ComponentReads;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Cycles of width 1 and 2 encoded before the search (veristrong section 6.1.2, Algorithm 2),
 * as clauses the known edges imply (Theorem E.2: they change no answer):
 * <ul>
 *   <li>an edge that closes a cycle with known paths by itself gives "not all of its
 *       literals": a single literal when pruning left it (the unpruned encoding of the
 *       tests), the side and the candidate of a derived RW edge (Case II, Figure 9b);</li>
 *   <li>two edges of different variables that close a cycle together with known paths give
 *       "not both" (Case I, Figure 9a: T ~> T' and S' ~> S known, S -> T and T' -> S'
 *       chosen).</li>
 * </ul>
 * On the graph the theory keeps acyclic ({@link AcyclicityTheory}: for SI the split graph).
 * Reachability over the known edges is a bit matrix, O(nodes^2 / 64) words, so components
 * over {@value #MAX_NODES} nodes get only the Case II clauses graph-partitioning found with
 * its own reachability index ({@link ComponentReads#derivedCloses}), and the pair test,
 * O(E^2) over the edges with one literal, runs for at most {@value #MAX_PAIR_EDGES} of them:
 * the clauses only save conflicts, which the search finds anyway.
 */
final class SmallCycles {
  static final int MAX_NODES = 2048;
  static final int MAX_PAIR_EDGES = 1024;
  private static final int RW = EdgeType.RW.ordinal();

  private final BaseEdges base;
  private final boolean snapshot;
  private final int n;
  private final int words;
  private long[] reach;

  private SmallCycles(BaseEdges base, boolean snapshot) {
    this.base = base;
    this.snapshot = snapshot;
    this.n = base.component().vertexCount();
    this.words = ((snapshot ? 2 * n : n) + 63) >>> 6;
  }

  /** The clauses of cycles of width 1 and 2 of a component; empty when it is too large. */
  static List<int[]> of(BaseEdges base, boolean snapshot) {
    SmallCycles s = new SmallCycles(base, snapshot);
    int nodes = snapshot ? 2 * s.n : s.n;
    List<int[]> out = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    ComponentReads reads = base.component().reads();
    int derived = base.count() - reads.derivedCount();
    for (int d = 0; d < reads.derivedCount(); d++) {
      if (reads.derivedCloses(d)) {
        int[] clause = {base.literal(derived + d) ^ 1, base.literal2(derived + d) ^ 1};
        if (seen.add(pack(clause))) {
          out.add(clause);
        }
      }
    }
    if (base.vars() == 0 || nodes > MAX_NODES || !s.closure(nodes)) {
      return out;
    }
    List<Integer> single = new ArrayList<>();
    for (int b = base.knownCount(); b < base.count(); b++) {
      if (s.closes(b, b)) {
        int[] clause = base.literal2(b) < 0 ? new int[] {base.literal(b) ^ 1}
            : new int[] {base.literal(b) ^ 1, base.literal2(b) ^ 1};
        if (seen.add(pack(clause))) {
          out.add(clause);
        }
      } else if (base.literal2(b) < 0) {
        single.add(b);
      }
    }
    if (single.size() > MAX_PAIR_EDGES) {
      return out;
    }
    for (int x = 0; x < single.size(); x++) {
      for (int y = x + 1; y < single.size(); y++) {
        int b1 = single.get(x);
        int b2 = single.get(y);
        int l1 = base.literal(b1);
        int l2 = base.literal(b2);
        if ((l1 >> 1) != (l2 >> 1) && s.closes(b1, b2)) {
          int[] clause = {l1 ^ 1, l2 ^ 1};
          if (seen.add(pack(clause))) {
            out.add(clause);
          }
        }
      }
    }
    return out;
  }

  /** A clause's literals as one key (one or two literals, in order). */
  private static long pack(int[] clause) {
    long a = clause[0];
    long b = clause.length > 1 ? clause[1] : -1;
    return Math.min(a, b == -1 ? a : b) << 32 | (Math.max(a, b) & 0xffffffffL);
  }

  /** Whether edges b1 and b2 (the same edge: alone) close a cycle with known paths. */
  private boolean closes(int b1, int b2) {
    int y1 = to(b1);
    int y2 = to(b2);
    for (int i = 0; i < arity(b1); i++) {
      int x1 = from(b1, i);
      for (int k = 0; k < arity(b2); k++) {
        int x2 = from(b2, k);
        if (b1 == b2 ? reaches(y1, x1) : reaches(y1, x2) && reaches(y2, x1)) {
          return true;
        }
      }
    }
    return false;
  }

  private int arity(int b) {
    return snapshot && base.type(b) != RW ? 2 : 1;
  }

  private int from(int b, int i) {
    return base.from(b) + i * n;
  }

  private int to(int b) {
    return snapshot && base.type(b) == RW ? base.to(b) + n : base.to(b);
  }

  private boolean reaches(int u, int v) {
    return (reach[u * words + (v >>> 6)] & (1L << v)) != 0;
  }

  /** Reflexive-transitive closure of the known arcs; false when they have a cycle. */
  private boolean closure(int nodes) {
    int[] indegree = new int[nodes];
    int[] start = new int[nodes + 1];
    for (int b = 0; b < base.knownCount(); b++) {
      for (int i = 0; i < arity(b); i++) {
        start[from(b, i) + 1]++;
        indegree[to(b)]++;
      }
    }
    for (int v = 0; v < nodes; v++) {
      start[v + 1] += start[v];
    }
    int[] succ = new int[start[nodes]];
    int[] fill = java.util.Arrays.copyOf(start, nodes);
    for (int b = 0; b < base.knownCount(); b++) {
      for (int i = 0; i < arity(b); i++) {
        succ[fill[from(b, i)]++] = to(b);
      }
    }
    int[] topo = new int[nodes];
    int tail = 0;
    for (int v = 0; v < nodes; v++) {
      if (indegree[v] == 0) {
        topo[tail++] = v;
      }
    }
    for (int head = 0; head < tail; head++) {
      int v = topo[head];
      for (int a = start[v]; a < start[v + 1]; a++) {
        if (--indegree[succ[a]] == 0) {
          topo[tail++] = succ[a];
        }
      }
    }
    if (tail < nodes) {
      return false;
    }
    reach = new long[nodes * words];
    for (int t = nodes - 1; t >= 0; t--) {
      int v = topo[t];
      reach[v * words + (v >>> 6)] |= 1L << v;
      for (int a = start[v]; a < start[v + 1]; a++) {
        int w = succ[a];
        for (int x = 0; x < words; x++) {
          reach[v * words + x] |= reach[w * words + x];
        }
      }
    }
    return true;
  }
}
