package io.isoverify.history.check;

/**
 * Which check decided a level: the paths of the level pipeline. A history whose transactions
 * have the shape of mini-transactions (mtc, Definitions 8 and 9) has a fixed version order,
 * so its dependency graph is known and a level is one cycle search in linear time (mtc
 * Algorithm 1); a history of lightweight transactions (mtc IV-E) is checked for SSER as
 * linearizability per key (mtc Algorithm 2); every other history takes the general path
 * (polygraph, pruning, components, solver).
 */
public enum CheckPath {
  /** mtc Algorithm 1: one cycle search on the known dependency graph. */
  MINI_TRANSACTIONS("mini-transactions"),
  /** mtc Algorithm 2 per key (SSER only): the chain of each key against real time. */
  LIGHTWEIGHT_TRANSACTIONS("lightweight transactions"),
  /**
   * The general path's polygraph found every version order a cycle can depend on fixed (Elle's
   * list-append, 4.2): one cycle search on the known graph.
   */
  FIXED_ORDER("fixed version order"),
  /** Polygraph, pruning, P-SCC components and the solver (cobra, polysi). */
  GENERAL("general"),
  /**
   * No search of its own: a stronger level held ({@link Level#implies}), and its witness,
   * replayed at this level by the checker, is this level's.
   */
  IMPLIED("implied"),
  /** No cycle search ran: the non-cycle checks or the duplicate-value refusal decided. */
  NONE("none");

  private final String displayName;

  CheckPath(String displayName) {
    this.displayName = displayName;
  }

  /** The name reports use: "mini-transactions", "general", ... */
  public String displayName() {
    return displayName;
  }
}
