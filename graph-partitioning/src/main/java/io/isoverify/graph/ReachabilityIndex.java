package io.isoverify.graph;

/**
 * Answers "is there a path u ->* v" in a fixed DAG over vertices 0..vertexCount()-1 without
 * an n x n matrix. Reflexive: {@code reaches(v, v)} is true. Implementations: the CPU chain
 * decomposition ({@link ChainReachability}) and, later, a GPU one with the same contract.
 */
public interface ReachabilityIndex {
  int vertexCount();

  /** True iff the DAG has a path from {@code u} to {@code v} (of length 0 when u == v). */
  boolean reaches(int u, int v);
}
