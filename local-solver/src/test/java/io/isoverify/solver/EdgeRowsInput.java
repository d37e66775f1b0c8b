package io.isoverify.solver;

import io.isoverify.history.anomaly.Edge;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link SolverInput} for tests whose fixed edges are rows {from, to, type, key} in a list
 * (vertex 0 the initial transaction), with no cycle found beforehand and no timings; the
 * subclass gives the vertices and the components.
 */
abstract class EdgeRowsInput implements SolverInput {
  /** The fixed edges: from, to, EdgeType ordinal, key (-1 for SO and RT). */
  protected final List<int[]> known = new ArrayList<>();

  @Override
  public int edgeCount() {
    return known.size();
  }

  @Override
  public int from(int e) {
    return known.get(e)[0];
  }

  @Override
  public int to(int e) {
    return known.get(e)[1];
  }

  @Override
  public int type(int e) {
    return known.get(e)[2];
  }

  @Override
  public int key(int e) {
    return known.get(e)[3];
  }

  @Override
  public List<Edge> knownCycle() {
    return null;
  }

  @Override
  public List<List<Edge>> conflictCycles() {
    return null;
  }

  @Override
  public long graphNanos() {
    return 0;
  }

  @Override
  public long pruneNanos() {
    return 0;
  }

  @Override
  public long componentsNanos() {
    return 0;
  }
}
