package io.isoverify.solver;

import io.isoverify.graph.ComponentReads;
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

  private final BaseEdges base;
  private final KnownArcs arcs;
  private final int words;
  private long[] reach;

  private SmallCycles(BaseEdges base, boolean snapshot) {
    this.base = base;
    this.arcs = new KnownArcs(base, snapshot);
    this.words = (arcs.nodes + 63) >>> 6;
  }

  /** The clauses of cycles of width 1 and 2 of a component; empty when it is too large. */
  static List<int[]> of(BaseEdges base, boolean snapshot) {
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
    int nodes = (snapshot ? 2 : 1) * base.component().vertexCount();
    if (base.vars() == 0 || nodes > MAX_NODES) {
      return out; // no arcs built: the largest components are the ones it would cost most
    }
    SmallCycles s = new SmallCycles(base, snapshot);
    if (!s.closure()) {
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
    int y1 = arcs.to(b1);
    int y2 = arcs.to(b2);
    for (int i = 0; i < arcs.arity(b1); i++) {
      int x1 = arcs.from(b1, i);
      for (int k = 0; k < arcs.arity(b2); k++) {
        int x2 = arcs.from(b2, k);
        if (b1 == b2 ? reaches(y1, x1) : reaches(y1, x2) && reaches(y2, x1)) {
          return true;
        }
      }
    }
    return false;
  }

  private boolean reaches(int u, int v) {
    return (reach[u * words + (v >>> 6)] & (1L << v)) != 0;
  }

  /** Reflexive-transitive closure of the known arcs; false when they have a cycle. */
  private boolean closure() {
    int nodes = arcs.nodes;
    if (arcs.order.length < nodes) {
      return false;
    }
    reach = new long[nodes * words];
    for (int t = nodes - 1; t >= 0; t--) {
      int v = arcs.order[t];
      reach[v * words + (v >>> 6)] |= 1L << v;
      for (int a = arcs.start[v]; a < arcs.start[v + 1]; a++) {
        int w = arcs.succ[a];
        for (int x = 0; x < words; x++) {
          reach[v * words + x] |= reach[w * words + x];
        }
      }
    }
    return true;
  }
}
