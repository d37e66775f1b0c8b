package io.isoverify.solver;

import io.isoverify.graph.Component;

/**
 * The typed edges of one {@link Component} under one numbering, with the literal that
 * switches each on.
 *
 * <p>Encoding (primitive arrays):
 * <pre>
 *   base edge b in 0..count()-1: known edges first (b = known edge e), then every side edge
 *                                (b = knownEdgeCount + side edge index)
 *   literal(b)                   -1 for a known edge, else 2c+s: "constraint c takes side s";
 *                                its negation is literal ^ 1
 * </pre>
 * Built in O(E).
 */
final class BaseEdges {
  private final Component c;
  private final int known;
  private final int[] literal;

  BaseEdges(Component c) {
    this.c = c;
    this.known = c.knownEdgeCount();
    int sides = c.constraintCount() == 0 ? 0 : c.sideEnd(c.constraintCount() - 1, 1);
    int total = known + sides;
    literal = new int[total];
    for (int b = 0; b < known; b++) {
      literal[b] = -1;
    }
    for (int k = 0; k < c.constraintCount(); k++) {
      for (int s = 0; s < 2; s++) {
        for (int e = c.sideBegin(k, s); e < c.sideEnd(k, s); e++) {
          literal[known + e] = 2 * k + s;
        }
      }
    }
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

  /** -1 for a known edge, else the literal 2c+s that turns it on. */
  int literal(int b) {
    return literal[b];
  }

  /** The first base edge of side {@code s} of constraint {@code k}. */
  int sideBegin(int k, int s) {
    return known + c.sideBegin(k, s);
  }

  int sideEnd(int k, int s) {
    return known + c.sideEnd(k, s);
  }

  int from(int b) {
    return b < known ? c.knownFrom(b) : c.sideFrom(b - known);
  }

  int to(int b) {
    return b < known ? c.knownTo(b) : c.sideTo(b - known);
  }

  int type(int b) {
    return b < known ? c.knownType(b) : c.sideType(b - known);
  }

  int key(int b) {
    return b < known ? c.knownKey(b) : c.sideKey(b - known);
  }
}
