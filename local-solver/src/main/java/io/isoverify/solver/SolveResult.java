package io.isoverify.solver;

import io.isoverify.history.anomaly.Edge;
import java.util.List;

/**
 * The answer for one component.
 *
 * <ul>
 *   <li>SAT: {@code sides[c]} is the side chosen for constraint c; with the known edges they
 *       give an acyclic (for SI: acyclic induced) graph.
 *   <li>UNSAT: {@code core} lists constraints such that every choice of their sides, with the
 *       known edges, closes a cycle (empty when the known edges alone do);
 *       {@code cycle} is the one closed by side 0 of every core constraint, as typed edges
 *       between dense History transaction ids (value -1: the caller fills it from the
 *       history); {@code sides} is all 0.
 *   <li>UNKNOWN: a limit was reached; {@code reason} says which.
 * </ul>
 */
public record SolveResult(Status status, int[] sides, int[] core, List<Edge> cycle,
    long conflicts, String reason) {
  /** Three-valued, like the verdict. */
  public enum Status { SAT, UNSAT, UNKNOWN }

  public SolveResult {
    sides = sides.clone();
    core = core.clone();
    cycle = List.copyOf(cycle);
  }
}
