package io.isoverify.graph;

import java.io.Serializable;

/**
 * The WR constraints of one {@link Component} (veristrong Definition 3.1): reads whose value
 * several transactions wrote, each with its candidate writers, exactly one of which is its
 * writer, and the RW edges that follow from a writer together with a version order.
 *
 * <p>Encoding (local vertex ids of the component, like its other edges):
 * <pre>
 *   read j        readerVertex[j] reads key[j]; candidates candStart[j] .. candStart[j+1]-1
 *   candidate i   writer writerTxn[i] (dense History id: the writer may lie outside the
 *                 component); the edges it brings, edgeStart[i] .. edgeStart[i+1]-1 of
 *                 edgeFrom/edgeTo/edgeType/edgeKey: W -WR-> R, and R -RW-> U for every known
 *                 W -WW-> U (those inside the component)
 *   derived d     R -RW-> U, derivedFrom[d] -> derivedTo[d] on key derivedKey[d], on when
 *                 version-order constraint derivedConstraint[d] takes side derivedSide[d]
 *                 (its W -WW-> U) and candidate derivedCandidate[d] (W) is the writer
 *                 (veristrong Appendix D, Algorithm 8: an RW edge's reason is a WW and a WR
 *                 variable); derivedCloses(d) when it closes a cycle with the known
 *                 edges by itself (so side and candidate exclude each other: a cycle of
 *                 width 2, veristrong section 6.1.2, Case II, found with the pruned
 *                 graph's reachability)
 * </pre>
 * Every read has at least two candidates.
 */
public final class ComponentReads implements Serializable {
  private static final long serialVersionUID = 1L;

  /** No WR constraint. */
  public static final ComponentReads NONE = new ComponentReads(new int[0], new int[0],
      new int[] {0}, new int[0], new int[] {0}, new int[0], new int[0], new byte[0], new int[0],
      new int[0], new int[0], new int[0], new int[0], new int[0], new int[0], null);

  private final int[] readerVertex;
  private final int[] key;
  private final int[] candStart;
  private final int[] writerTxn;
  private final int[] edgeStart;
  private final int[] edgeFrom;
  private final int[] edgeTo;
  private final byte[] edgeType;
  private final int[] edgeKey;
  private final int[] derivedFrom;
  private final int[] derivedTo;
  private final int[] derivedKey;
  private final int[] derivedConstraint;
  private final int[] derivedSide;
  private final int[] derivedCandidate;
  private final boolean[] derivedCloses;

  /** @param derivedCloses per derived edge, whether it closes a cycle alone; null: none does */
  public ComponentReads(int[] readerVertex, int[] key, int[] candStart, int[] writerTxn,
      int[] edgeStart, int[] edgeFrom, int[] edgeTo, byte[] edgeType, int[] edgeKey,
      int[] derivedFrom, int[] derivedTo, int[] derivedKey, int[] derivedConstraint,
      int[] derivedSide, int[] derivedCandidate, boolean[] derivedCloses) {
    this.derivedCloses = derivedCloses == null ? new boolean[derivedFrom.length] : derivedCloses;
    this.readerVertex = readerVertex;
    this.key = key;
    this.candStart = candStart;
    this.writerTxn = writerTxn;
    this.edgeStart = edgeStart;
    this.edgeFrom = edgeFrom;
    this.edgeTo = edgeTo;
    this.edgeType = edgeType;
    this.edgeKey = edgeKey;
    this.derivedFrom = derivedFrom;
    this.derivedTo = derivedTo;
    this.derivedKey = derivedKey;
    this.derivedConstraint = derivedConstraint;
    this.derivedSide = derivedSide;
    this.derivedCandidate = derivedCandidate;
  }

  /** How many WR constraints (reads). */
  public int count() {
    return readerVertex.length;
  }

  public int readerVertex(int j) {
    return readerVertex[j];
  }

  public int key(int j) {
    return key[j];
  }

  public int candidateBegin(int j) {
    return candStart[j];
  }

  public int candidateEnd(int j) {
    return candStart[j + 1];
  }

  /** Candidates over all reads. */
  public int candidateCount() {
    return writerTxn.length;
  }

  /** The dense History id of candidate i's writer. */
  public int writerTxn(int i) {
    return writerTxn[i];
  }

  public int edgeBegin(int i) {
    return edgeStart[i];
  }

  public int edgeEnd(int i) {
    return edgeStart[i + 1];
  }

  public int edgeFrom(int e) {
    return edgeFrom[e];
  }

  public int edgeTo(int e) {
    return edgeTo[e];
  }

  /** EdgeType ordinal. */
  public int edgeType(int e) {
    return edgeType[e];
  }

  public int edgeKey(int e) {
    return edgeKey[e];
  }

  public int derivedCount() {
    return derivedFrom.length;
  }

  public int derivedFrom(int d) {
    return derivedFrom[d];
  }

  public int derivedTo(int d) {
    return derivedTo[d];
  }

  public int derivedKey(int d) {
    return derivedKey[d];
  }

  /** The version-order constraint whose side brings the WW edge of derived edge d. */
  public int derivedConstraint(int d) {
    return derivedConstraint[d];
  }

  public int derivedSide(int d) {
    return derivedSide[d];
  }

  public int derivedCandidate(int d) {
    return derivedCandidate[d];
  }

  /** Whether derived edge d closes a cycle with the known edges by itself. */
  public boolean derivedCloses(int d) {
    return derivedCloses[d];
  }
}
