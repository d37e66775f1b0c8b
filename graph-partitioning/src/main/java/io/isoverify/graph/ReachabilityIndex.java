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

  /**
   * The chain of the index's chain cover that node v lies on, -1 when it lies on none. Every
   * index is one over a chain cover ({@link ChainCoverGraph}): on a chain each node reaches
   * the next, so reaching a position reaches every later one.
   */
  int chainOf(int v);

  /** The position of node v on its chain ({@link #chainOf}); meaningless off every chain. */
  int positionOf(int v);

  /**
   * The earliest position on chain c that u reaches, {@code Integer.MAX_VALUE} when none:
   * for a node v on chain c, {@code reaches(u, v) == earliest(u, c) <= positionOf(v)}. Many
   * queries from one node into one chain then cost one lookup and a search of positions.
   */
  int earliest(int u, int c);

  /**
   * From now on, {@link #addArc} sets {@code marks[v]} for every node v some of whose answers
   * it changes: each node whose reach grows (as a source) and the added arc's head (a
   * target off every chain is answered through its in-arcs). A query whose nodes are all
   * unmarked answers as before. Null stops the marking.
   */
  void markChanges(boolean[] marks);

  /**
   * The work of the fill that made this index, in table entries: the arcs read plus K per row
   * merged (the arcs the fill did not skip), estimated as an eighth of the arcs when another
   * backend filled it. What a rebuild of about this size costs, for a caller weighing one
   * against updates ({@link #updateWork}).
   */
  long fillWork();

  /**
   * The work {@link #addArc} has done since the index was made, in table entries (K per row
   * lowered).
   */
  long updateWork();
}
