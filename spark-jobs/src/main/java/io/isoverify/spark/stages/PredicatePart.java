package io.isoverify.spark.stages;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.check.PredicateObservations;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.spark.sql.Row;

/**
 * The part of a history the predicate reads' observations need ({@link PredicateStage}),
 * held on the driver: the rows that install a version and every row of a transaction with a
 * predicate read, built into a {@link History} whose key codes keep the run's order (so its
 * observations, made in ascending key order, are the run's in the same order), and the maps
 * from its ids back to the run's: transactions by their file id, keys by their code, and
 * operations by the run's operation id of each row. O(rows log rows).
 */
final class PredicatePart {
  private final HistoryStage.Result h;
  private final BitSet predicateTxns;
  private final boolean rowFields;
  private final List<Row> rows;
  /** Per row: the run's operation id. */
  private final int[] opOf;
  private final Map<Object, Integer> codeOfName = new HashMap<>();
  /** The part's operations: row indexes in operation order. */
  private int[] byOp;
  /** The part's key code to the run's. */
  private int[] keyCode;

  /**
   * @param rows the rows {@link PredicateStage} kept: the part's, and each key's first row
   * @param rowFields whether the input has the row_fields column
   */
  PredicatePart(HistoryStage.Result h, BitSet predicateTxns, boolean rowFields, List<Row> rows) {
    this.h = h;
    this.predicateTxns = predicateTxns;
    this.rowFields = rowFields;
    this.rows = rows;
    this.opOf = new int[rows.size()];
    for (int i = 0; i < opOf.length; i++) {
      Row r = rows.get(i);
      opOf[i] = h.txns().opStart[txn(r)] + (int) HistoryRows.number(r, OpColumns.OP_POS_I);
    }
  }

  /**
   * Gives each key its run code: the row that is a key's first operation ({@code firstOps},
   * ascending, is the first operation of key {@code codeAt[i]}) names it.
   */
  void name(int[] firstOps, int[] codeAt) {
    for (int i = 0; i < opOf.length; i++) {
      Row r = rows.get(i);
      int at = r.isNullAt(OpColumns.KEY_I) ? -1 : Arrays.binarySearch(firstOps, opOf[i]);
      if (at >= 0) {
        codeOfName.put(name(r.get(OpColumns.KEY_I)), codeAt[at]);
      }
    }
  }

  /** The part as a History, keys numbered in the run's order. */
  History build() {
    byOp = IntStream.range(0, rows.size()).filter(i -> inPart(rows.get(i))).boxed()
        .sorted((a, b) -> Integer.compare(opOf[a], opOf[b])).mapToInt(Integer::intValue).toArray();
    String source = h.files().length == 1 ? h.files()[0] : h.path();
    HistoryBuilder b = new HistoryBuilder(source);
    if (!rowFields) {
      b.rowFieldsMissing();
    }
    TreeMap<Integer, Object> keys = new TreeMap<>();
    for (int i : byOp) {
      Row r = rows.get(i);
      if (!r.isNullAt(OpColumns.KEY_I)) {
        Integer code = codeOfName.get(name(r.get(OpColumns.KEY_I)));
        if (code == null) {
          throw new IllegalStateException("key " + r.get(OpColumns.KEY_I) + " has no first row");
        }
        keys.put(code, r.get(OpColumns.KEY_I));
      }
    }
    keyCode = new int[keys.size()];
    keys.forEach((code, key) -> keyCode[b.keys().encode(key)] = code);
    try {
      for (int i : byOp) {
        HistoryRows.add(b, rows.get(i), source);
      }
      History part = b.build();
      for (int o = 0; o < part.opCount(); o++) {
        // the part's operations are the rows in the run's order, so opOf[byOp[o]] is o's id
        if (part.opCount() != byOp.length
            || part.txnId(part.txnOfOp(o)) != HistoryRows.number(rows.get(byOp[o]), OpColumns.TXN_I)) {
          throw new IllegalStateException("the part's operations are not in the run's order");
        }
      }
      return part;
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException("the writes and predicate reads of " + source
          + ", validated already, do not form a history: " + e.getMessage(), e);
    }
  }

  /** {@code o}, observations of {@link #build}'s history, in the run's ids. */
  PredicateObservations renumbered(History part, PredicateObservations o, int keys) {
    return o.renumbered(t -> h.index().t(part.txnId(t)), k -> keyCode[k], op -> opOf[byOp[op]],
        keys);
  }

  private boolean inPart(Row r) {
    return predicateTxns.get(txn(r)) || OpKind.ofCode(r.getString(OpColumns.KIND_I)).installsVersion();
  }

  private int txn(Row r) {
    return h.index().t(HistoryRows.number(r, OpColumns.TXN_I));
  }

  /** A key as the Dictionary keeps it: a Long or a String. */
  private static Object name(Object v) {
    return v instanceof Number n ? (Object) n.longValue() : v.toString();
  }
}
