package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.ComponentReads;
import io.isoverify.history.anomaly.EdgeType;

/**
 * The typed edges of one {@link Component} under one numbering, with the literals that switch
 * each on (veristrong Appendix D: every edge has a reason, a conjunction of variables).
 *
 * <p>Variables: version-order constraint c is variable c (literal 2c+s: "c takes side s");
 * candidate i of the WR constraints ({@link ComponentReads}) is variable C + i for C
 * version-order constraints (literal 2(C+i): "i is the writer", 2(C+i)+1: "it is not"). The
 * negation of a literal is literal ^ 1. Constraints: version-order c is constraint c, read j
 * constraint C + j (its variables are its candidates').
 *
 * <p>Base edges, one numbering:
 * <pre>
 *   known edges         b in 0 .. knownCount()-1, no literal
 *   side edges          then every side edge (literal 2c+s)
 *   candidate edges     then every candidate's edges (literal 2(C+i))
 *   derived edges       then every derived RW edge (two literals: its side's and its
 *                       candidate's; on only when both are)
 *   literal(b), literal2(b)   the literals, -1 when fewer
 *   edges of literal l  edge(k) for k in begin(l) .. end(l)-1: those that literal l can
 *                       switch on (a derived edge under both of its literals)
 * </pre>
 * Built in O(E).
 */
final class BaseEdges {
  private final Component c;
  private final ComponentReads reads;
  private final int known;
  private final int sides;
  private final int candidateEdges;
  private final int versionOrders;
  private final int[] literal;
  private final int[] literal2;
  private final int[] litStart;
  private final int[] litEdge;
  private final int[] readOfCandidate;
  private final int[] from;
  private final int[] to;
  private final byte[] type;
  private final int[] key;

  BaseEdges(Component c) {
    this.c = c;
    this.reads = c.reads();
    this.known = c.knownEdgeCount();
    this.versionOrders = c.constraintCount();
    this.sides = versionOrders == 0 ? 0 : c.sideEnd(versionOrders - 1, 1);
    int cands = reads.candidateCount();
    this.candidateEdges = cands == 0 ? 0 : reads.edgeEnd(cands - 1);
    int total = known + sides + candidateEdges + reads.derivedCount();
    literal = new int[total];
    literal2 = new int[total];
    java.util.Arrays.fill(literal, 0, total, -1);
    java.util.Arrays.fill(literal2, 0, total, -1);
    for (int k = 0; k < versionOrders; k++) {
      for (int s = 0; s < 2; s++) {
        for (int e = c.sideBegin(k, s); e < c.sideEnd(k, s); e++) {
          literal[known + e] = 2 * k + s;
        }
      }
    }
    for (int i = 0; i < cands; i++) {
      for (int e = reads.edgeBegin(i); e < reads.edgeEnd(i); e++) {
        literal[known + sides + e] = 2 * (versionOrders + i);
      }
    }
    int derived = known + sides + candidateEdges;
    for (int d = 0; d < reads.derivedCount(); d++) {
      literal[derived + d] = 2 * reads.derivedConstraint(d) + reads.derivedSide(d);
      literal2[derived + d] = 2 * (versionOrders + reads.derivedCandidate(d));
    }
    from = new int[total];
    to = new int[total];
    type = new byte[total];
    key = new int[total];
    for (int b = 0; b < known; b++) {
      set(b, c.knownFrom(b), c.knownTo(b), c.knownType(b), c.knownKey(b));
    }
    for (int e = 0; e < sides; e++) {
      set(known + e, c.sideFrom(e), c.sideTo(e), c.sideType(e), c.sideKey(e));
    }
    for (int e = 0; e < candidateEdges; e++) {
      set(known + sides + e, reads.edgeFrom(e), reads.edgeTo(e), reads.edgeType(e), reads.edgeKey(e));
    }
    for (int d = 0; d < reads.derivedCount(); d++) {
      set(derived + d, reads.derivedFrom(d), reads.derivedTo(d), EdgeType.RW.ordinal(),
          reads.derivedKey(d));
    }
    readOfCandidate = new int[cands];
    for (int j = 0; j < reads.count(); j++) {
      for (int i = reads.candidateBegin(j); i < reads.candidateEnd(j); i++) {
        readOfCandidate[i] = j;
      }
    }
    int lits = 2 * vars();
    litStart = new int[lits + 1];
    for (int b = known; b < total; b++) {
      litStart[literal[b] + 1]++;
      if (literal2[b] >= 0) {
        litStart[literal2[b] + 1]++;
      }
    }
    for (int l = 0; l < lits; l++) {
      litStart[l + 1] += litStart[l];
    }
    litEdge = new int[litStart[lits]];
    int[] fill = java.util.Arrays.copyOf(litStart, lits);
    for (int b = known; b < total; b++) {
      litEdge[fill[literal[b]]++] = b;
      if (literal2[b] >= 0) {
        litEdge[fill[literal2[b]]++] = b;
      }
    }
  }

  private void set(int b, int f, int t, int ty, int k) {
    from[b] = f;
    to[b] = t;
    type[b] = (byte) ty;
    key[b] = k;
  }

  Component component() {
    return c;
  }

  int count() {
    return literal.length;
  }

  int knownCount() {
    return known;
  }

  /** Variables: one per version-order constraint, one per candidate writer. */
  int vars() {
    return versionOrders + reads.candidateCount();
  }

  /** Constraints: the version-order ones, then one per WR constraint (read). */
  int constraints() {
    return versionOrders + reads.count();
  }

  int versionOrders() {
    return versionOrders;
  }

  /** The constraint variable v belongs to. */
  int constraintOf(int v) {
    return v < versionOrders ? v : versionOrders + readOfCandidate[v - versionOrders];
  }

  /** The variable of candidate i of the reads. */
  int candidateVar(int i) {
    return versionOrders + i;
  }

  /** -1 for a known edge, else the (first) literal that turns it on. */
  int literal(int b) {
    return literal[b];
  }

  /** The second literal a derived edge needs, else -1. */
  int literal2(int b) {
    return literal2[b];
  }

  /** The edges literal l may switch on: edge(k) for k in begin(l) .. end(l)-1. */
  int begin(int l) {
    return litStart[l];
  }

  int end(int l) {
    return litStart[l + 1];
  }

  int edge(int k) {
    return litEdge[k];
  }

  int from(int b) {
    return from[b];
  }

  int to(int b) {
    return to[b];
  }

  int type(int b) {
    return type[b];
  }

  int key(int b) {
    return key[b];
  }
}
