package io.isoverify.spark.stages;

import io.isoverify.graph.KeyedOperations;
import io.isoverify.history.check.ListTally;
import io.isoverify.history.check.NonCycleTally;
import java.io.Serializable;

/**
 * What the per-key job hands the driver for one partition (a set of whole keys), built by
 * {@link KeyChecks}; keys are numbered locally (0..keys-1 in the partition's order) and
 * recoded by the driver once it knows every key's first appearance.
 *
 * <pre>
 *   local key j   keyFirstPos[j] (FileIndex.position of its first row), keyFirstOp[j] (its
 *                 lowest operation id)
 *   graph         its effective writes and external reads with their writer, Spark value
 *                 codes (graph-partitioning's KeyedOperations: about 8 bytes per write of a
 *                 non-aborted transaction and 16 per external read)
 *   tally         its non-cycle results (history's NonCycleTally: counts of committed
 *                 readers' findings, their first findings of each kind, every finding of an
 *                 unknown-outcome reader, the reads of unknown outcomes' values, the lowest
 *                 duplicate write)
 *   lists         when the history has read lists: its keys' list results (history's
 *                 ListTally: the observed orders as int blocks, the list findings and the
 *                 reads of unknown outcomes' appends, the keys a second pass must decide)
 * </pre>
 */
record KeyBlock(long[] keyFirstPos, int[] keyFirstOp, KeyedOperations graph,
    NonCycleTally tally, ListTally lists) implements Serializable {

  int keyCount() {
    return keyFirstPos.length;
  }
}
