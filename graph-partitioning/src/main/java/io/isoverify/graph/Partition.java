package io.isoverify.graph;

import io.isoverify.history.anomaly.Edge;
import java.util.List;

/**
 * The result of {@link Partitioner#partition}: the polygraph of a history after pruning,
 * split into independent {@link Component}s.
 *
 * <p>Encoding (global vertex ids 0..vertexCount()-1; vertex 0 is the virtual initial
 * transaction, {@code txnOf(0) == Component.INITIAL_TXN}):
 * <pre>
 *   known edge e     knownFrom[e] -> knownTo[e], type knownType[e] (EdgeType ordinal),
 *                    key knownKey[e] (-1 for SO and RT)
 *   choice edge e    same layout: the side chosen for each constraint that was dropped
 *                    because no cycle could run through it (cobra appendix B.3); adding
 *                    them to the known graph keeps it acyclic
 * </pre>
 * A witness for the whole history is the known edges + the choice edges + each component's
 * solution. When {@link #knownCycle()} is not null the history violates the level and the
 * components are empty.
 */
public final class Partition {
  private final int[] txnOf;
  private final EdgeList known;
  private final EdgeList choices;
  private final List<Edge> knownCycle;
  private final List<Component> components;
  private final PartitionStats stats;

  Partition(int[] txnOf, EdgeList known, EdgeList choices, List<Edge> knownCycle,
      List<Component> components, PartitionStats stats) {
    this.txnOf = txnOf;
    this.known = known;
    this.choices = choices;
    this.knownCycle = knownCycle == null ? null : List.copyOf(knownCycle);
    this.components = List.copyOf(components);
    this.stats = stats;
  }

  public int vertexCount() {
    return txnOf.length;
  }

  /** The dense History transaction id of a vertex, or {@link Component#INITIAL_TXN}. */
  public int txnOf(int vertex) {
    return txnOf[vertex];
  }

  public int knownEdgeCount() {
    return known.size();
  }

  public int knownFrom(int e) {
    return known.from(e);
  }

  public int knownTo(int e) {
    return known.to(e);
  }

  /** EdgeType ordinal. */
  public int knownType(int e) {
    return known.type(e);
  }

  /** Key code, or -1 for SO and RT. */
  public int knownKey(int e) {
    return known.key(e);
  }

  /** Edges chosen for dropped constraints (global vertex ids). */
  public int choiceEdgeCount() {
    return choices.size();
  }

  public int choiceFrom(int e) {
    return choices.from(e);
  }

  public int choiceTo(int e) {
    return choices.to(e);
  }

  /** EdgeType ordinal. */
  public int choiceType(int e) {
    return choices.type(e);
  }

  public int choiceKey(int e) {
    return choices.key(e);
  }

  /**
   * A cycle of the known graph (after pruning), as typed edges between dense History
   * transaction ids, each edge's {@code to} the next one's {@code from}; null when the known
   * graph is acyclic. For SI it is a cycle of the induced graph (no two consecutive RW edges,
   * cyclically).
   */
  public List<Edge> knownCycle() {
    return knownCycle;
  }

  /** The independent sub-problems, with {@link Component#txn} holding dense History ids. */
  public List<Component> components() {
    return components;
  }

  public PartitionStats stats() {
    return stats;
  }
}
