package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.Partition;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.PathChoice;
import java.util.List;

/** A {@link Partition} seen as a {@link SolverInput}: its known edges, then its choice edges. */
public final class PartitionInput implements SolverInput {
  private final Partition p;
  private final int known;

  public PartitionInput(Partition p) {
    this.p = p;
    this.known = p.knownEdgeCount();
  }

  @Override
  public int vertexCount() {
    return p.vertexCount();
  }

  @Override
  public int txnOf(int v) {
    return p.txnOf(v);
  }

  @Override
  public int edgeCount() {
    return known + p.choiceEdgeCount();
  }

  @Override
  public int from(int e) {
    return e < known ? p.knownFrom(e) : p.choiceFrom(e - known);
  }

  @Override
  public int to(int e) {
    return e < known ? p.knownTo(e) : p.choiceTo(e - known);
  }

  @Override
  public int type(int e) {
    return e < known ? p.knownType(e) : p.choiceType(e - known);
  }

  @Override
  public int key(int e) {
    return e < known ? p.knownKey(e) : p.choiceKey(e - known);
  }

  @Override
  public WrConstraint conflictRead() {
    return p.conflictRead();
  }

  @Override
  public int fixedReadCount() {
    return p.fixedReadCount();
  }

  @Override
  public int fixedReader(int i) {
    return p.fixedReader(i);
  }

  @Override
  public int fixedWriter(int i) {
    return p.fixedWriter(i);
  }

  @Override
  public int fixedKey(int i) {
    return p.fixedKey(i);
  }

  @Override
  public int readsLeftOut() {
    return p.stats().readsLeftOut();
  }

  @Override
  public int readsUnexplained() {
    return p.stats().readsUnexplained();
  }

  @Override
  public List<Edge> knownCycle() {
    return p.knownCycle();
  }

  @Override
  public List<List<Edge>> conflictCycles() {
    return p.conflictCycles();
  }

  @Override
  public List<Component> components() {
    return p.components();
  }

  @Override
  public int[] serialOrder() {
    return p.serialOrder();
  }

  @Override
  public PathChoice path() {
    return p.path();
  }

  @Override
  public long graphNanos() {
    return p.stats().graphNanos();
  }

  @Override
  public long pruneNanos() {
    return p.stats().pruneNanos();
  }

  @Override
  public long componentsNanos() {
    return p.stats().componentsNanos();
  }
}
