package io.isoverify.graph;

import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.PathChoice;
import java.util.List;
import java.util.function.Supplier;

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
 * solution, ordered as {@link #sccRank} says. When {@link #violated()} the history violates
 * the level and the components are empty.
 *
 * <p>Edges that pruning made known (WW and RW between chains) are known only because the
 * other side of their constraint closes a cycle; a certificate that shows a cycle through
 * such an edge must justify it the same way.
 */
public final class Partition {
  private final int[] txnOf;
  private final EdgeList known;
  private final EdgeList choices;
  private final List<Edge> knownCycle;
  private final List<List<Edge>> conflictCycles;
  private final WrConstraint conflictRead;
  private final List<Component> components;
  private final int[] sccRank;
  private final int[][] fixedReads;
  private final PartitionStats stats;
  private Supplier<int[]> serialOrder;
  private int[] serialOrderMade;
  private PathChoice path;

  Partition(int[] txnOf, EdgeList known, EdgeList choices, List<Edge> knownCycle,
      List<List<Edge>> conflictCycles, WrConstraint conflictRead, List<Component> components,
      int[] sccRank, int[][] fixedReads, PartitionStats stats, Supplier<int[]> serialOrder) {
    this.conflictRead = conflictRead;
    this.fixedReads = fixedReads;
    this.txnOf = txnOf;
    this.known = known;
    this.choices = choices;
    this.knownCycle = knownCycle == null ? null : List.copyOf(knownCycle);
    this.conflictCycles = conflictCycles == null ? null : List.copyOf(conflictCycles);
    this.components = List.copyOf(components);
    this.sccRank = sccRank;
    this.stats = stats;
    this.serialOrder = serialOrder;
  }

  /** This partition, saying that it took {@code taken} rather than the path it was asked for. */
  Partition taking(PathChoice taken) {
    this.path = taken;
    return this;
  }

  /**
   * The path this partition took when it is not the one asked for (the general path found
   * the version orders fixed, {@link FixedOrderCheck}), else null.
   */
  public PathChoice path() {
    return path;
  }

  /** True when pruning already found a violation ({@link #knownCycle} or {@link #conflictCycles}). */
  public boolean violated() {
    return knownCycle != null || conflictCycles != null;
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

  /**
   * For a constraint whose two sides both close a cycle with known paths: the two cycles
   * (side 0's, then side 1's), each as typed edges in cycle order starting with the side's
   * edge; for a WR constraint every candidate of which closes one ({@link #conflictRead}),
   * one cycle per candidate in the order of its writers, each starting with the candidate's
   * edge; null when pruning found no such constraint. Every choice is cyclic, so the history
   * violates the level.
   */
  public List<List<Edge>> conflictCycles() {
    return conflictCycles;
  }

  /**
   * The read of {@link #conflictCycles} when they are a WR constraint's (its operation and
   * value left -1 for the caller to fill from the history), else null.
   */
  public WrConstraint conflictRead() {
    return conflictRead;
  }

  /**
   * Reads with several candidate writers whose writer is settled outside the components
   * (pruning left one candidate, or a candidate could close no cycle): reader vertex
   * {@code fixedReads()[0][i]} read key {@code fixedReads()[2][i]} from vertex
   * {@code fixedReads()[1][i]}. A witness states them, and derives their RW edges from the
   * version order it chooses.
   */
  public int fixedReadCount() {
    return fixedReads[0].length;
  }

  public int fixedReader(int i) {
    return fixedReads[0][i];
  }

  public int fixedWriter(int i) {
    return fixedReads[1][i];
  }

  public int fixedKey(int i) {
    return fixedReads[2][i];
  }

  /**
   * Topological rank of the vertex's strongly connected component in the P-graph (known
   * edges plus all edges of all remaining constraints; cobra appendix B.3). Every known
   * edge, choice edge and constraint edge between two components goes from a lower rank to
   * a higher one: a witness for the whole history is a topological order of the known
   * edges, the choice edges and the sides the solver chose in each component, and one can
   * be found SCC by SCC in rank order. -1 for every vertex when {@link #violated()}.
   */
  public int sccRank(int vertex) {
    return sccRank == null ? -1 : sccRank[vertex];
  }

  /** The independent sub-problems, with {@link Component#txn} holding dense History ids. */
  public List<Component> components() {
    return components;
  }

  public PartitionStats stats() {
    return stats;
  }

  /**
   * A serial order of the included transactions (dense History ids) that the check itself
   * found, made on first call: the linearization of a lightweight-transaction history that
   * holds SSER ({@link LinearizabilityCheck}), or a topological order of every known and
   * choice edge ({@link FixedOrderCheck}, at SI only where the plain graph is acyclic, so it
   * is a commit order too); null when the witness is a topological order of the known edges
   * (and of the components' chosen sides), as on every other path.
   */
  public synchronized int[] serialOrder() {
    if (serialOrder != null) {
      serialOrderMade = serialOrder.get();
      serialOrder = null;
    }
    return serialOrderMade;
  }
}
