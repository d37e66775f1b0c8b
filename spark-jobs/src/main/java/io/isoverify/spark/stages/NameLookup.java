package io.isoverify.spark.stages;

import static org.apache.spark.sql.functions.col;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The names of the keys and values a report mentions, looked up by operation: a key code
 * by one of its operations ({@link KeyStage.Result#keyFirstOp()}), a Spark value code is
 * itself an operation id. One filtered scan of the Parquet rows of the transactions
 * concerned (the txn filter is pushed down to the row groups); only the few rows asked for
 * reach the driver.
 */
public final class NameLookup {
  private final Map<Place, String[]> byOp = new HashMap<>();
  private final TxnColumns txns;

  /** An operation as the file names it. */
  private record Place(long txn, long pos) {}

  private NameLookup(TxnColumns txns) {
    this.txns = txns;
  }

  /** Looks up the rows of operations {@code ops} (dense ids). */
  public static NameLookup of(SparkSession spark, HistoryStage.Result h, Set<Integer> ops) {
    NameLookup l = new NameLookup(h.txns());
    if (ops.isEmpty()) {
      return l;
    }
    Set<Object> ids = new HashSet<>();
    for (int op : ops) {
      ids.add(h.txns().txnId[h.txns().txnOf(op)]);
    }
    for (Row r : spark.read().parquet(h.path()).where(col("txn").isin(ids.toArray()))
        .select("txn", "op_pos", "key", "value").collectAsList()) {
      long txn = ((Number) r.get(0)).longValue();
      long pos = ((Number) r.get(1)).longValue();
      l.byOp.put(new Place(txn, pos), new String[] {String.valueOf(r.get(2)),
          r.isNullAt(3) ? "init" : String.valueOf(r.get(3))});
    }
    return l;
  }

  /** The key of operation {@code op}, as History.showKey writes it. */
  public String key(int op) {
    return row(op)[0];
  }

  /** The value of operation {@code op}, as History.showValue writes it. */
  public String value(int op) {
    return row(op)[1];
  }

  private String[] row(int op) {
    int t = txns.txnOf(op);
    String[] r = byOp.get(new Place(txns.txnId[t], op - txns.opStart[t]));
    if (r == null) {
      throw new IllegalStateException("operation " + op + " was not looked up");
    }
    return r;
  }
}
