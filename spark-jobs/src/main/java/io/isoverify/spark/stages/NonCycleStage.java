package io.isoverify.spark.stages;

import io.isoverify.history.check.ListOrders;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.NonCycleReduce;
import java.util.List;

/**
 * The non-cycle checks' results from the per-key job's blocks: history's
 * {@link NonCycleReduce} over the partitions' tallies, the code the in-process engine runs on
 * its single tally, so both give the same duplicate-write refusal (the lowest duplicate
 * operation), the same count per anomaly and the same first certificates of each kind in the
 * same order (by transaction, then program order). The read lists' findings
 * ({@link ListStage}) are then added as in-process ({@link ListOrders#addedTo}). Values in
 * certificates carry Spark value codes ({@link KeyStage}); keys are recoded to History's.
 *
 * <p>On the driver only: O(transactions + unknown-outcome reads + kept findings); no Spark job.
 */
public final class NonCycleStage {
  private NonCycleStage() {}

  public static NonCycleFindings run(KeyStage.Result keys, TxnColumns txns, ListOrders lists,
      int examples) {
    return lists.addedTo(NonCycleReduce.reduce(keys.blocks().stream().map(KeyBlock::tally).toList(),
        keys.keyCode(), txns.outcome, examples), examples);
  }
}
