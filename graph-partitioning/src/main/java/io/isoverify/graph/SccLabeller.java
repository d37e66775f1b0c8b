package io.isoverify.graph;

/**
 * Finds the strongly connected components of a directed graph somewhere else than in this
 * JVM's {@link StronglyConnected} (e.g. on a cluster), for the P-SCC step of
 * {@link Partitioner} (cobra appendix B.3). Set through
 * {@link PartitionOptions#withSccLabeller}.
 *
 * <p>The graph arrives already trimmed (see {@link LabelledScc}): every vertex has an in-arc
 * and an out-arc, so the labeller only sees the part that can hold cycles. Components built
 * from its labels are the same, in the same order, as those of the in-JVM decomposition.
 */
@FunctionalInterface
public interface SccLabeller {
  /**
   * @param vertexCount vertices 0..vertexCount-1
   * @param from arc tails (exactly the arcs: {@code from.length == to.length})
   * @param to arc heads
   * @return a label in 0..vertexCount-1 per vertex; two vertices share a label iff they lie
   *     in the same strongly connected component (any numbering: labels are renumbered)
   */
  int[] label(int vertexCount, int[] from, int[] to);
}
