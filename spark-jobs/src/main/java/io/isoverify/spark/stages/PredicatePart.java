package io.isoverify.spark.stages;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.check.PredicateObservations;
import java.util.Iterator;
import org.apache.spark.sql.Row;

/**
 * The part of a history the predicate reads' observations need ({@link PredicateStage}),
 * built on the driver: the transactions that install a version or read by predicate, whole,
 * into a {@link History} whose key codes are the run's (every key is named first, in code
 * order, so the part's observations, made in ascending key order, come in the run's order),
 * and the maps from its ids back to the run's: a transaction by its file id, an operation by
 * its transaction and position. The rows arrive in any order, as a file's do; the builder
 * holds them in primitive arrays. O(rows) plus the builder's sort.
 */
final class PredicatePart {
  private final HistoryStage.Result h;
  private final HistoryBuilder b;
  private final String source;

  /**
   * @param rowFields whether the input has the row_fields column
   * @param keyNames every key's name, by the run's key code
   */
  PredicatePart(HistoryStage.Result h, boolean rowFields, Object[] keyNames) {
    this.h = h;
    this.source = h.files().length == 1 ? h.files()[0] : h.path();
    this.b = new HistoryBuilder(source);
    if (!rowFields) {
      b.rowFieldsMissing();
    }
    for (int k = 0; k < keyNames.length; k++) {
      if (keyNames[k] == null || b.keys().encode(keyNames[k]) != k) {
        throw new IllegalStateException("key " + k + " of the run has no name of its own");
      }
    }
  }

  /** Adds the part's rows. */
  void addAll(Iterator<Row> rows) {
    try {
      while (rows.hasNext()) {
        HistoryRows.add(b, rows.next(), source);
      }
    } catch (InvalidHistoryException e) {
      throw invalid(e);
    }
  }

  /** The part as a History; every transaction in it is whole. */
  History build() {
    History part;
    try {
      part = b.build();
    } catch (InvalidHistoryException e) {
      throw invalid(e);
    }
    TxnColumns txns = h.txns();
    for (int t = 0; t < part.txnCount(); t++) {
      int d = h.index().t(part.txnId(t));
      if (part.endOp(t) - part.firstOp(t) != txns.opStart[d + 1] - txns.opStart[d]) {
        throw new IllegalStateException("transaction " + part.showTxn(t) + " is not whole");
      }
    }
    return part;
  }

  /** {@code o}, observations of {@link #build}'s history, in the run's ids. */
  PredicateObservations renumbered(History part, PredicateObservations o, int keys) {
    return o.renumbered(t -> h.index().t(part.txnId(t)), k -> k, op -> {
      int t = part.txnOfOp(op);
      return h.txns().opStart[h.index().t(part.txnId(t))] + (op - part.firstOp(t));
    }, keys);
  }

  private IllegalStateException invalid(InvalidHistoryException e) {
    return new IllegalStateException("the writes and predicate reads of " + source
        + ", validated already, do not form a history: " + e.getMessage(), e);
  }
}
