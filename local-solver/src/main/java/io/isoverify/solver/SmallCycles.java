package io.isoverify.solver;

import io.isoverify.graph.ComponentReads;
import io.isoverify.history.LongSet;
import java.util.ArrayList;
import java.util.List;

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

  /**
   * Whether {@link #of} builds the known edges' reachability for this component (it has
   * constraints and at most {@link #MAX_NODES} graph nodes): the part that costs; for the
   * others it only reads graph-partitioning's derived edges.
   */
  static boolean closes(BaseEdges base, boolean snapshot) {
    return base.vars() > 0 && nodes(base, snapshot) <= MAX_NODES;
  }

  private static int nodes(BaseEdges base, boolean snapshot) {
    return (snapshot ? 2 : 1) * base.component().vertexCount();
  }

  /** The clauses of cycles of width 1 and 2 of a component; empty when it is too large. */
  static List<int[]> of(BaseEdges base, boolean snapshot) {
    List<int[]> out = new ArrayList<>();
    LongSet seen = new LongSet();
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
    if (!closes(base, snapshot)) {
      return out; // no arcs built: the largest components are the ones it would cost most
    }
    SmallCycles s = new SmallCycles(base, snapshot);
    if (!s.closure()) {
      return out;
    }
    List<Integer> single = new ArrayList<>();
    for (int b = base.knownCount(); b < base.count(); b++) {
      if (s.closesAlone(b)) {
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
    // each edge's literal and arcs read once: the pair test below is O(E^2)
    int count = single.size();
    int[] literal = new int[count];
    int[] to = new int[count];
    int[] from = new int[2 * count];
    for (int x = 0; x < count; x++) {
      int b = single.get(x);
      literal[x] = base.literal(b);
      to[x] = s.arcs.to(b);
      from[2 * x] = s.arcs.from(b, 0);
      from[2 * x + 1] = s.arcs.arity(b) > 1 ? s.arcs.from(b, 1) : from[2 * x];
    }
    for (int x = 0; x < count; x++) {
      for (int y = x + 1; y < count; y++) {
        if ((literal[x] >> 1) != (literal[y] >> 1) && s.pairCloses(to[x], from, x, to[y], y)) {
          int[] clause = {literal[x] ^ 1, literal[y] ^ 1};
          if (seen.add(pack(clause))) {
            out.add(clause);
          }
        }
      }
    }
    return out;
  }

  /**
   * Whether the edges x (arcs into y1) and y (arcs into y2) close a cycle together: y1
   * reaches a source of y's arcs and y2 one of x's ({@code from}: two sources per edge, the
   * same one twice for an edge of one arc).
   */
  private boolean pairCloses(int y1, int[] from, int x, int y2, int y) {
    for (int i = 0; i < 2; i++) {
      if (reaches(y2, from[2 * x + i])) {
        for (int k = 0; k < 2; k++) {
          if (reaches(y1, from[2 * y + k])) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** A clause's literals as one key (one or two literals, in order). */
  private static long pack(int[] clause) {
    long a = clause[0];
    long b = clause.length > 1 ? clause[1] : -1;
    return Math.min(a, b == -1 ? a : b) << 32 | (Math.max(a, b) & 0xffffffffL);
  }

  /** Whether edge b closes a cycle with known paths by itself. */
  private boolean closesAlone(int b) {
    int y = arcs.to(b);
    for (int i = 0; i < arcs.arity(b); i++) {
      if (reaches(y, arcs.from(b, i))) {
        return true;
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
