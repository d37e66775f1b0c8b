package io.isoverify.solver;

import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import java.io.Serializable;
import java.util.List;

/**
 * The answer for one component.
 *
 * <ul>
 *   <li>SAT: {@code sides[c]} is the side chosen for version-order constraint c and
 *       {@code writers[j]} the candidate (its offset among read j's) chosen as the writer of
 *       read j (the component's {@code reads()}); with the known edges they give an acyclic
 *       (for SI: acyclic induced) graph.
 *   <li>UNSAT: {@code core} lists constraints (version-order c as c, read j as
 *       {@code constraintCount() + j}) such that every choice of their sides and writers,
 *       with the known edges, closes a cycle (empty when the known edges alone do);
 *       {@code reads} are the core's reads in dense History ids (operations and values -1,
 *       for the caller to fill), the first candidate assumed; {@code cycle} is the one closed
 *       by side 0 of every core version-order constraint and the first candidate of every
 *       core read, as typed edges between dense History transaction ids (value -1: the
 *       caller fills it from the history); {@code sides} and {@code writers} are all 0.
 *   <li>UNKNOWN: a limit was reached; {@code reason} says which.
 * </ul>
 * Serializable, so the Spark engine sends it back from an executor as it is.
 */
public record SolveResult(Status status, int[] sides, int[] writers, int[] core,
    List<WrConstraint> reads, List<Edge> cycle, long conflicts, String reason)
    implements Serializable {
  /** Three-valued, like the verdict. */
  public enum Status { SAT, UNSAT, UNKNOWN }

  public SolveResult {
    sides = sides.clone();
    writers = writers.clone();
    core = core.clone();
    reads = List.copyOf(reads);
    cycle = List.copyOf(cycle);
  }
}
