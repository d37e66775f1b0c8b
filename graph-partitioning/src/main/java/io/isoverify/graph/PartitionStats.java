package io.isoverify.graph;

/**
 * What {@link Partitioner#partition} built and how long each phase took. Edge counts are
 * those of the final known graph (after pruning, before dropped-constraint choices);
 * {@code vertices} includes the virtual initial transaction.
 *
 * @param vertices vertices of the polygraph (included transactions + 1)
 * @param soEdges session-order edges
 * @param wrEdges write-read edges
 * @param wwEdges write-write edges
 * @param rwEdges read-write edges
 * @param rtEdges real-time edges (frontier edges only, mtc section IV)
 * @param chains write chains over all keys (cobra section 3.1)
 * @param orderedChainPairs pairs of chains of a key for which no constraint was made: those
 *     the known graph already ordered (constraint avoidance, DESIGN section 4), and under SER
 *     and SSER the pairs of unread single versions, whose order no read sees
 * @param constraintsBefore constraints built, before pruning
 * @param constraintsAfter constraints left after pruning (all of them are in components)
 * @param components components handed to the solver
 * @param largestComponent vertices of the largest component (0 when none)
 * @param unknownIncluded transactions with an unknown outcome counted as committed
 * @param unknownExcluded transactions with an unknown outcome left out
 * @param readConstraints reads with several candidate writers (veristrong's WR
 *     constraints), before pruning
 * @param readCandidates the candidate writers those reads were listed with: the writers of
 *     the value each read, less those the session order and the known paths ruled out
 *     before they were listed ({@link ReadPruning})
 * @param readConstraintsAfter those whose writer pruning left open
 * @param readsLeftOut reads with several candidate writers some of which (an unknown
 *     outcome no other read made count) were left out: the check assumed those aborted
 * @param readsUnexplained reads with several candidate writers, all left out so: the graph
 *     has no writer for them
 * @param pruneRounds pruning rounds run, the last one (which pruned nothing) included
 * @param graphNanos time to build the known graph, the first reachability index and the
 *     constraints
 * @param pruneNanos time to prune to the fixpoint
 * @param componentsNanos time to find P-SCCs and build components
 */
public record PartitionStats(int vertices, long soEdges, long wrEdges, long wwEdges,
    long rwEdges, long rtEdges, int chains, long orderedChainPairs, int constraintsBefore,
    int constraintsAfter, int components, int largestComponent, int unknownIncluded, int unknownExcluded,
    int readConstraints, long readCandidates, int readConstraintsAfter, int readsLeftOut, int readsUnexplained,
    int pruneRounds, long graphNanos, long pruneNanos, long componentsNanos) {
}
