package io.isoverify.graph;

/**
 * Answers "is there a path u ->* v" in a DAG over nodes 0..vertexCount()-1 without an n x n
 * matrix, and follows arcs added one by one (pruning's edge-by-edge updates, cobra section
 * 3.3). Reflexive: {@code reaches(v, v)} is true. Built by a {@link ReachabilityBackend}
 * from a {@link ChainCoverGraph}; every backend's index answers exactly as a search of the
 * graph would ({@code ReachabilityContractTest} runs each one available).
 */
public interface ReachabilityIndex {
  int vertexCount();

  /** True iff the DAG has a path from {@code u} to {@code v} (of length 0 when u == v). */
  boolean reaches(int u, int v);

  /**
   * Adds the arc u -> v, keeping the index exact; returns false, adding nothing, when the
   * arc would close a cycle.
   */
  boolean addArc(int u, int v);
}
