package io.isoverify.graph;

import java.io.Serializable;

/**
 * One independent sub-problem left after pruning (a P-SCC with its constraints, cobra
 * appendix B.3): a set of transactions, the known edges among them, and constraints each of
 * which offers two alternative sets of edges, exactly one of which must hold. The history
 * satisfies the level iff every component has a choice whose graph is acyclic (for SI:
 * whose induced graph (SO u WR u WW) ; RW? is acyclic, polysi section 4).
 *
 * <p>Encoding (primitive arrays, local vertex ids 0..vertexCount()-1):
 * <pre>
 *   txns[v]                     dense History transaction id of local vertex v
 *                               ({@link #INITIAL_TXN} for the virtual initial transaction)
 *   known edge e                knownFrom[e] -> knownTo[e], type knownType[e]
 *                               (EdgeType ordinal), key knownKey[e] (-1 for SO, RT); in a
 *                               component made by the partitioner, edge knownEdge[e] of the
 *                               known graph's list, its vertices mapped to local ids by a
 *                               table all its components share ({@link #inPlace}: 4 bytes
 *                               an edge instead of 13; {@link #shippable} copies them out)
 *   constraint c, side s (0,1)  edges sideStart[2c+s] .. sideStart[2c+s+1]-1 of
 *                               sideFrom/sideTo/sideType/sideKey
 *   reads()                     the WR constraints (veristrong section 3): reads with
 *                               several candidate writers, {@link ComponentReads}
 *   time(v)                     when the history has client timestamps, local vertex v's
 *                               transaction's end ({@link #hasTimes}): a hint for the
 *                               solver's first order, never a constraint
 * </pre>
 * Invariant: every edge endpoint is a local vertex; every version-order constraint has two
 * non-empty sides. Serializable, so the Spark engine ships it to an executor: a component
 * that names the known graph's edges is written as one with its own copies.
 */
public final class Component implements Serializable {
  private static final long serialVersionUID = 1L;
  /** The local vertex id's transaction for the virtual transaction that wrote every initial value. */
  public static final int INITIAL_TXN = -1;

  private final int[] txns;
  private final int[] knownFrom;
  private final int[] knownTo;
  private final byte[] knownType;
  private final int[] knownKey;
  private final int[] sideStart;
  private final int[] sideFrom;
  private final int[] sideTo;
  private final byte[] sideType;
  private final int[] sideKey;
  private final ComponentReads reads;
  /** Per local vertex, its transaction's end timestamp; null when the history has none. */
  private final long[] times;
  /**
   * In place of the four known arrays (then null): known edge e is edge knownEdge[e] of
   * knownList, with local vertex ids localOf[u]; null when the arrays hold the edges.
   */
  private final transient EdgeList knownList;
  private final transient int[] knownEdge;
  private final transient int[] localOf;

  /** A component without WR constraints. */
  public Component(int[] txns, int[] knownFrom, int[] knownTo, byte[] knownType, int[] knownKey,
      int[] sideStart, int[] sideFrom, int[] sideTo, byte[] sideType, int[] sideKey) {
    this(txns, knownFrom, knownTo, knownType, knownKey, sideStart, sideFrom, sideTo, sideType,
        sideKey, ComponentReads.NONE);
  }

  public Component(int[] txns, int[] knownFrom, int[] knownTo, byte[] knownType, int[] knownKey,
      int[] sideStart, int[] sideFrom, int[] sideTo, byte[] sideType, int[] sideKey,
      ComponentReads reads) {
    this(txns, knownFrom, knownTo, knownType, knownKey, sideStart, sideFrom, sideTo, sideType,
        sideKey, reads, null, null, null, null);
  }

  private Component(int[] txns, int[] knownFrom, int[] knownTo, byte[] knownType,
      int[] knownKey, int[] sideStart, int[] sideFrom, int[] sideTo, byte[] sideType,
      int[] sideKey, ComponentReads reads, long[] times, EdgeList knownList, int[] knownEdge,
      int[] localOf) {
    this.knownList = knownList;
    this.knownEdge = knownEdge;
    this.localOf = localOf;
    this.times = times;
    this.reads = reads;
    this.txns = txns;
    this.knownFrom = knownFrom;
    this.knownTo = knownTo;
    this.knownType = knownType;
    this.knownKey = knownKey;
    this.sideStart = sideStart;
    this.sideFrom = sideFrom;
    this.sideTo = sideTo;
    this.sideType = sideType;
    this.sideKey = sideKey;
  }

  /**
   * This component with an end timestamp per local vertex (see {@link #time}); the arrays
   * are shared, not copied.
   */
  public Component withTimes(long[] times) {
    if (times.length != txns.length) {
      throw new IllegalArgumentException(times.length + " times for " + txns.length + " vertices");
    }
    return new Component(txns, knownFrom, knownTo, knownType, knownKey, sideStart, sideFrom,
        sideTo, sideType, sideKey, reads, times, knownList, knownEdge, localOf);
  }

  /**
   * A component whose known edges are edges {@code knownEdge} of {@code known} (global
   * vertices, mapped to local ids by {@code localOf}), not copies: the partitioner's
   * components hold almost every known edge between them, and copies doubled them at the
   * peak of the graph phase (spark-jobs/README.md, "Memory budget"). {@code known} must not
   * lose edges while the component is in use.
   */
  static Component inPlace(int[] txns, EdgeList known, int[] knownEdge, int[] localOf,
      int[] sideStart, int[] sideFrom, int[] sideTo, byte[] sideType, int[] sideKey,
      ComponentReads reads) {
    return new Component(txns, null, null, null, null, sideStart, sideFrom, sideTo, sideType,
        sideKey, reads, null, known, knownEdge, localOf);
  }

  /**
   * This component with its own copies of its known edges: what goes to another JVM (O(known
   * edges) when it named the known graph's edges, else itself).
   */
  public Component shippable() {
    if (knownEdge == null) {
      return this;
    }
    int m = knownEdge.length;
    int[] from = new int[m];
    int[] to = new int[m];
    byte[] type = new byte[m];
    int[] key = new int[m];
    for (int e = 0; e < m; e++) {
      from[e] = knownFrom(e);
      to[e] = knownTo(e);
      type[e] = (byte) knownType(e);
      key[e] = knownKey(e);
    }
    return new Component(txns, from, to, type, key, sideStart, sideFrom, sideTo, sideType,
        sideKey, reads, times, null, null, null);
  }

  /** Java serialization writes the {@link #shippable} form. */
  private Object writeReplace() {
    return shippable();
  }

  /** Whether {@link #time} is known for every vertex. */
  public boolean hasTimes() {
    return times != null;
  }

  /**
   * The client end timestamp of local vertex v's transaction (Long.MIN_VALUE for the virtual
   * initial one), when {@link #hasTimes}: the solver's first order follows it where the known
   * edges leave a choice, since a database's serial (or SI commit) order is usually close to
   * its commit order.
   */
  public long time(int v) {
    return times[v];
  }

  public int vertexCount() {
    return txns.length;
  }

  /** The dense History transaction id of a local vertex, or {@link #INITIAL_TXN}. */
  public int txn(int v) {
    return txns[v];
  }

  public int knownEdgeCount() {
    return knownEdge != null ? knownEdge.length : knownFrom.length;
  }

  public int knownFrom(int e) {
    return knownEdge != null ? localOf[knownList.from(knownEdge[e])] : knownFrom[e];
  }

  public int knownTo(int e) {
    return knownEdge != null ? localOf[knownList.to(knownEdge[e])] : knownTo[e];
  }

  /** EdgeType ordinal. */
  public int knownType(int e) {
    return knownEdge != null ? knownList.type(knownEdge[e]) : knownType[e];
  }

  public int knownKey(int e) {
    return knownEdge != null ? knownList.key(knownEdge[e]) : knownKey[e];
  }

  public int constraintCount() {
    return (sideStart.length - 1) / 2;
  }

  /** First edge of side {@code side} (0 or 1) of constraint {@code c}. */
  public int sideBegin(int c, int side) {
    return sideStart[2 * c + side];
  }

  /** One past the last edge of side {@code side} of constraint {@code c}. */
  public int sideEnd(int c, int side) {
    return sideStart[2 * c + side + 1];
  }

  public int sideFrom(int e) {
    return sideFrom[e];
  }

  public int sideTo(int e) {
    return sideTo[e];
  }

  /** EdgeType ordinal. */
  public int sideType(int e) {
    return sideType[e];
  }

  public int sideKey(int e) {
    return sideKey[e];
  }

  /** The WR constraints (reads with several candidate writers); {@link ComponentReads#NONE} if none. */
  public ComponentReads reads() {
    return reads;
  }
}
