package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.PathChoice;
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

  /** Key code, or -1 for SO and RT. */
  int key(int e);

  /** A cycle of the fixed edges (dense History ids, values unfilled), or null. */
  List<Edge> knownCycle();

  /**
   * For a constraint pruning found cyclic either way: side 0's cycle then side 1's, each
   * starting with its side's edge; or null.
   */
  List<List<Edge>> conflictCycles();

  /**
   * When {@link #conflictCycles} are a read's (every candidate writer closes a cycle, one
   * cycle each, in the order of its writers): that read; else null.
   */
  default WrConstraint conflictRead() {
    return null;
  }

  /**
   * Reads with several candidate writers whose writer is settled outside the components,
   * with the fixed edges: reader vertex, writer vertex, key (the witness states them and
   * derives their RW edges from its version order).
   */
  default int fixedReadCount() {
    return 0;
  }

  default int fixedReader(int i) {
    throw new IndexOutOfBoundsException(i);
  }

  default int fixedWriter(int i) {
    throw new IndexOutOfBoundsException(i);
  }

  default int fixedKey(int i) {
    throw new IndexOutOfBoundsException(i);
  }

  /**
   * Reads with several candidate writers some of which have an unknown outcome no other read
   * made count, and were left out (assumed aborted): a violation found may rest on that.
   */
  default int readsLeftOut() {
    return 0;
  }

  /** Reads with several candidate writers all left out so: the graph has no writer for them. */
  default int readsUnexplained() {
    return 0;
  }

  List<Component> components();

  /**
   * A serial order of the included transactions (dense History ids) the check itself found
   * (the linearization of a lightweight-transaction history, or a fixed-order check's
   * topological order of every edge: graph-partitioning's {@code Partition#serialOrder}), or
   * null: then the witness is a topological order of the edges and the components' chosen
   * sides ({@link WitnessBuilder}). Given at SI, it is a topological order of every edge.
   */
  default int[] serialOrder() {
    return null;
  }

  /**
   * The path the graph took when it is not the one the pipeline asked for (graph-partitioning's
   * {@code Partition#path}: the general path found every version order fixed), else null.
   */
  default PathChoice path() {
    return null;
  }

  /** Nanoseconds spent building the graph, pruning and finding components. */
  long graphNanos();

  long pruneNanos();

  long componentsNanos();
}
