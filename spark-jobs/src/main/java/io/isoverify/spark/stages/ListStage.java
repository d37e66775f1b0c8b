package io.isoverify.spark.stages;

import io.isoverify.history.check.ListOrders;
import io.isoverify.history.check.ListReduce;
import io.isoverify.history.check.ListTally;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Elle's list-append inference from the per-key job's blocks ({@link KeyStage}): history's
 * {@link ListReduce}, the code the in-process engine runs on its single tally. The
 * transactions that count (committed ones, and unknown-outcome ones whose append a counted
 * read list shows) are a fixpoint over every key, computed on the driver from the blocks'
 * pairs; the keys whose longest counted list depended on it (a reader of unknown outcome
 * with a list at least as long as every committed one) are run again on the executors, with
 * the counted set broadcast (a bit per transaction), over the same shuffle
 * ({@link KeyStage.Again}). Then the observed orders (int blocks) are placed by History key
 * code and the findings reduced as the non-cycle checks' are: the same orders, counts and
 * first certificates as in-process.
 *
 * <p>On the driver: O(transactions + pairs + observed appends + keys + kept findings); a
 * Spark job only when some key was undecided.
 */
public final class ListStage {
  private ListStage() {}

  /**
   * @param lists the orders and findings of the read lists (none when the history has no
   *     read list)
   * @param secondPass how many keys the second pass decided
   */
  public record Result(ListOrders lists, int secondPass) {}

  public static Result run(KeyStage.Result keys, TxnColumns txns, int examples) {
    if (keys.again() == null) {
      return new Result(ListOrders.none(keys.keyCount()), 0);
    }
    try {
      List<ListTally> parts = new ArrayList<>();
      int[][] undecided = new int[keys.blocks().size()][];
      int secondPass = 0;
      for (int b = 0; b < undecided.length; b++) {
        parts.add(keys.blocks().get(b).lists());
        undecided[b] = keys.blocks().get(b).lists().undecidedKeys();
        secondPass += undecided[b].length;
      }
      int[][] keyCode = keys.keyCode();
      if (secondPass > 0) {
        BitSet counted = ListReduce.counted(parts, txns.outcome);
        List<ListTally> second = keys.again().run(counted, undecided);
        if (second.size() != undecided.length) {
          throw new IllegalStateException("the second pass of the list rules saw "
              + second.size() + " partitions, the first " + undecided.length);
        }
        parts.addAll(second);
        keyCode = new int[2 * undecided.length][];
        for (int b = 0; b < undecided.length; b++) {
          keyCode[b] = keys.keyCode()[b];
          keyCode[undecided.length + b] = keys.keyCode()[b];
        }
      }
      return new Result(ListReduce.reduce(parts, keyCode, keys.keyCount(), txns.outcome,
          examples), secondPass);
    } finally {
      keys.again().release();
    }
  }
}
