package io.isoverify.datasets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import java.util.Arrays;

/**
 * Test fixture: the non-cycle checks a collected history must pass whatever the isolation
 * level, asserted directly: written values are unique; every read of a committed
 * transaction returns the initial state or a value some transaction wrote (no thin-air
 * read), and that writer was not aborted (no aborted read).
 */
final class ReadsFromChecks {
  private ReadsFromChecks() {}

  static void assertReadsFromCommittedWrites(History h) {
    int[] writer = new int[h.values().size()];
    Arrays.fill(writer, -1);
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKind(o) == OpKind.WRITE) {
          int v = h.opValue(o);
          assertEquals(-1, writer[v], () -> "value " + h.showValue(v) + " written twice");
          writer[v] = t;
        }
      }
    }
    for (int t = 0; t < h.txnCount(); t++) {
      if (!h.isCommitted(t)) {
        continue;
      }
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        int v = h.opValue(o);
        if (h.opKind(o) != OpKind.READ || v == History.INITIAL) {
          continue;
        }
        int w = writer[v];
        String read = h.showTxn(t) + " read " + h.showKey(h.opKey(o)) + " = " + h.showValue(v);
        assertTrue(w >= 0, () -> read + ", which no transaction wrote");
        assertFalse(h.isAborted(w), () -> read + ", written by aborted " + h.showTxn(w));
        assertEquals(h.opKey(o), keyWritten(h, w, v), () -> read + " but the writer wrote it elsewhere");
      }
    }
  }

  private static int keyWritten(History h, int t, int value) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKind(o) == OpKind.WRITE && h.opValue(o) == value) {
        return h.opKey(o);
      }
    }
    return -1;
  }
}
