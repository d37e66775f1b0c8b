package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.Edge;
import java.util.List;

/**
 * What the pipeline needs from graph-partitioning for one level: the global graph whose
 * edges hold whatever the solver chooses (known edges after pruning plus the fixed choices
 * of dropped constraints, global vertex ids, vertex 0 the virtual initial transaction),
 * a violation pruning already found if there is one, and the components left to solve. An interface so the
 * tests can also feed an unpruned polygraph.
 */
public interface SolverInput {
  int vertexCount();

  /** The dense History transaction id of a vertex, or {@link Component#INITIAL_TXN}. */
  int txnOf(int v);

  int edgeCount();

  int from(int e);

  int to(int e);

  /** EdgeType ordinal. */
  int type(int e);

  /** A cycle of the fixed edges (dense History ids, values unfilled), or null. */
  List<Edge> knownCycle();

  /**
   * For a constraint pruning found cyclic either way: side 0's cycle then side 1's, each
   * starting with its side's edge; or null.
   */
  List<List<Edge>> conflictCycles();

  List<Component> components();

  /**
   * A serial order of the included transactions (dense History ids) the check itself found
   * (the linearization of a lightweight-transaction history, graph-partitioning's
   * {@code Partition#serialOrder}), or null: then the witness is a topological order of the
   * edges and the components' chosen sides ({@link WitnessBuilder}).
   */
  default int[] serialOrder() {
    return null;
  }

  /** Nanoseconds spent building the graph, pruning and finding components. */
  long graphNanos();

  long pruneNanos();

  long componentsNanos();
}
