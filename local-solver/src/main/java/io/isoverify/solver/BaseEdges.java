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
 * The edges are read from the component where they lie (a copy would double the largest
 * component's memory: 13 bytes an edge); only the literals of the edges that have one (every
 * edge but the known ones) are stored here. Built in O(E).
 */
final class BaseEdges {
  private final Component c;
  private final ComponentReads reads;
  private final int known;
  private final int sides;
  private final int candidateEdges;
  /** The first derived edge: known + sides + candidateEdges. */
  private final int derived;
  private final int total;
  private final int versionOrders;
  /** literal[b - known], literal2[b - known]: the literals of the edges after the known ones. */
  private final int[] literal;
  private final int[] literal2;
  private final int[] litStart;
  private final int[] litEdge;
  private final int[] readOfCandidate;

  BaseEdges(Component c) {
    this.c = c;
    this.reads = c.reads();
    this.known = c.knownEdgeCount();
    this.versionOrders = c.constraintCount();
    this.sides = versionOrders == 0 ? 0 : c.sideEnd(versionOrders - 1, 1);
    int cands = reads.candidateCount();
    this.candidateEdges = cands == 0 ? 0 : reads.edgeEnd(cands - 1);
    this.derived = known + sides + candidateEdges;
    this.total = derived + reads.derivedCount();
    literal = new int[total - known];
    literal2 = new int[total - known];
    java.util.Arrays.fill(literal2, -1);
    for (int k = 0; k < versionOrders; k++) {
      for (int s = 0; s < 2; s++) {
        for (int e = c.sideBegin(k, s); e < c.sideEnd(k, s); e++) {
          literal[e] = 2 * k + s;
        }
      }
    }
    for (int i = 0; i < cands; i++) {
      for (int e = reads.edgeBegin(i); e < reads.edgeEnd(i); e++) {
        literal[sides + e] = 2 * (versionOrders + i);
      }
    }
    for (int d = 0; d < reads.derivedCount(); d++) {
      literal[derived - known + d] = 2 * reads.derivedConstraint(d) + reads.derivedSide(d);
      literal2[derived - known + d] = 2 * (versionOrders + reads.derivedCandidate(d));
    }
    readOfCandidate = new int[cands];
    for (int j = 0; j < reads.count(); j++) {
      for (int i = reads.candidateBegin(j); i < reads.candidateEnd(j); i++) {
        readOfCandidate[i] = j;
      }
    }
    int lits = 2 * vars();
    litStart = new int[lits + 1];
    for (int x = 0; x < literal.length; x++) {
      litStart[literal[x] + 1]++;
      if (literal2[x] >= 0) {
        litStart[literal2[x] + 1]++;
      }
    }
    for (int l = 0; l < lits; l++) {
      litStart[l + 1] += litStart[l];
    }
    litEdge = new int[litStart[lits]];
    int[] fill = java.util.Arrays.copyOf(litStart, lits);
    for (int x = 0; x < literal.length; x++) {
      litEdge[fill[literal[x]]++] = known + x;
      if (literal2[x] >= 0) {
        litEdge[fill[literal2[x]]++] = known + x;
      }
    }
  }

  Component component() {
    return c;
  }

  int count() {
    return total;
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
    return b < known ? -1 : literal[b - known];
  }

  /** The second literal a derived edge needs, else -1. */
  int literal2(int b) {
    return b < known ? -1 : literal2[b - known];
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
    if (b < known) {
      return c.knownFrom(b);
    }
    if (b < known + sides) {
      return c.sideFrom(b - known);
    }
    return b < derived ? reads.edgeFrom(b - known - sides) : reads.derivedFrom(b - derived);
  }

  int to(int b) {
    if (b < known) {
      return c.knownTo(b);
    }
    if (b < known + sides) {
      return c.sideTo(b - known);
    }
    return b < derived ? reads.edgeTo(b - known - sides) : reads.derivedTo(b - derived);
  }

  int type(int b) {
    if (b < known) {
      return c.knownType(b);
    }
    if (b < known + sides) {
      return c.sideType(b - known);
    }
    return b < derived ? reads.edgeType(b - known - sides) : EdgeType.RW.ordinal();
  }

  int key(int b) {
    if (b < known) {
      return c.knownKey(b);
    }
    if (b < known + sides) {
      return c.sideKey(b - known);
    }
    return b < derived ? reads.edgeKey(b - known - sides) : reads.derivedKey(b - derived);
  }
}
