package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.BlindWPredWorkload;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.formats.HistoryFormat;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.testing.SharedCorpora;
import org.junit.jupiter.api.Test;

/**
 * Our blindw-pred workload has the shape of vbox's own BlindW-Pred history (the shared
 * corpus's {@code vbox/blindw-pred-100-valid}, recorded by vbox's authors): operations per
 * transaction, predicate reads per transaction, and rows a read predicate returns, each within
 * a quarter of vbox's. So the workload's figures (datasets/README.md) compare with vbox's on
 * the same kind of history: 100k such transactions are about 12 M operations, against the
 * 0.8 M of the BlindW-WR history of vbox's scalability figure.
 */
class BlindWPredShapeTest {
  /** Operations, predicate reads, and rows returned per read predicate (read transactions). */
  record Shape(int transactions, double operations, double predicates, double rowsPerRead) {
    /** Of the transactions with a predicate read (a loader's row writes have none). */
    static Shape of(History h) {
      int txns = 0;
      long ops = 0;
      long predicates = 0;
      long readPredicates = 0;
      long rowsRead = 0;
      for (int t = 0; t < h.txnCount(); t++) {
        int pr = 0;
        int reads = 0;
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          pr += h.opKind(o) == OpKind.PREDICATE_READ ? 1 : 0;
          reads += h.opKind(o) == OpKind.READ ? 1 : 0;
        }
        if (pr == 0) {
          continue;
        }
        txns++;
        ops += h.endOp(t) - h.firstOp(t);
        predicates += pr;
        if (reads > 0) {
          readPredicates += pr;
          rowsRead += reads;
        }
      }
      return new Shape(txns, (double) ops / txns, (double) predicates / txns,
          (double) rowsRead / readPredicates);
    }
  }

  private static void assertNear(double vbox, double ours, String what) {
    assertTrue(Math.abs(ours - vbox) <= 0.25 * vbox,
        what + ": ours " + ours + ", vbox's " + vbox);
  }

  @Test
  void theWorkloadHasTheShapeOfVboxsOwnHistory() throws Exception {
    Shape vbox = Shape.of(HistoryFormat.ofCode("vbox").read(
        SharedCorpora.entry("vbox/blindw-pred-100-valid")));
    assertEquals(100, vbox.transactions());
    // bin/generate --workload blindw-pred: 4 predicates a transaction, 10,000 rows, 20 sessions
    HistoryBuilderSink sink = new HistoryBuilderSink("blindw-pred");
    Simulator.run(new BlindWPredWorkload(4, 4, 10_000),
        Simulator.Config.of(20, 2_000, Isolation.SSER, 1), sink);
    Shape ours = Shape.of(sink.history());
    assertTrue(ours.transactions() > 1_900, "transactions with predicates: " + ours);
    assertNear(vbox.operations(), ours.operations(), "operations per transaction");
    assertNear(vbox.predicates(), ours.predicates(), "predicate reads per transaction");
    assertNear(vbox.rowsPerRead(), ours.rowsPerRead(), "rows a read predicate returns");
    assertTrue(vbox.operations() > 100, "vbox's transactions are not BlindW-WR's 8 operations: "
        + vbox);
  }
}
