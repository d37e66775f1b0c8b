package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Anomaly;

/**
 * The non-cycle rules of one transaction on one key (mtc Table I, Figure 5(a)-(g)), over the
 * block and per-value facts of {@link KeyRules}. Each read of the transaction, in program
 * order, gives at most one finding:
 * <ul>
 *   <li>after its own write of the key: NotMyLastWrite when it sees an earlier own write's
 *       value, NotMyOwnWrite when it sees any other value but the last own write's;</li>
 *   <li>else, after an earlier read of another value: NonRepeatableReads (once per
 *       transaction and key);</li>
 *   <li>else (an external read of a written value), only when no other non-aborted
 *       transaction's effective write has the value (no candidate writer, veristrong
 *       Definition 3.1; with one, the read may have come from it, and the graph decides):
 *       AbortedRead (G1a) when the first other transaction that wrote the value aborted,
 *       IntermediateRead (G1b) when it did not abort but overwrote the value (so, with
 *       repeated values, a read is one of these only when every writer of its value aborted
 *       or overwrote it, and the certificate names the first of them); FutureRead when
 *       only the reader itself writes it, later; ThinAirRead when nobody wrote it.</li>
 * </ul>
 * Cost: O(r * w) for the transaction's r reads and w operations on the key.
 */
final class KeyFindings {
  private static final int READ = OpKind.READ.ordinal();

  private final KeyRules k;
  private int t;

  KeyFindings(KeyRules k) {
    this.k = k;
  }

  /** The findings of run {@code g} (one non-aborted transaction's operations on the key). */
  void check(int g) {
    KeyOps o = k.ops;
    t = k.runTxn[g];
    int from = k.runFrom[g];
    int to = k.runFrom[g + 1];
    boolean repeated = false;
    for (int i = from; i < to; i++) {
      if (o.kind(i) != READ) {
        continue;
      }
      int own = lastWriteBefore(from, i);
      if (own >= 0) {
        ownRead(from, i, own);
        continue;
      }
      int earlier = earlierReadWithOtherValue(from, i);
      if (earlier >= 0) {
        if (!repeated) {
          repeated = true;
          report(Anomaly.NON_REPEATABLE_READ, new int[] {t}, new int[] {o.op(earlier), o.op(i)},
              o.value(i), o.value(earlier));
        }
        continue;
      }
      if (o.value(i) >= 0) {
        externalRead(g, i);
      }
    }
  }

  private void ownRead(int from, int i, int own) {
    KeyOps o = k.ops;
    int v = o.value(i);
    if (o.value(own) == v) {
      return;
    }
    for (int p = from; p < own; p++) {
      if (KeyRules.installs(o.kind(p)) && o.value(p) == v) {
        report(Anomaly.NOT_MY_LAST_WRITE, new int[] {t}, new int[] {o.op(p), o.op(own), o.op(i)},
            v, o.value(own));
        return;
      }
    }
    int other = v >= 0 ? k.firstOtherWrite(v, t) : -1;
    int w = other >= 0 ? o.txn(other) : -1;
    report(Anomaly.NOT_MY_OWN_WRITE, w >= 0 ? new int[] {t, w} : new int[] {t},
        new int[] {o.op(own), o.op(i)}, v, o.value(own));
  }

  private void externalRead(int g, int i) {
    KeyOps o = k.ops;
    int v = o.value(i);
    if (k.candidates(v, g) > 0) {
      return;
    }
    int first = k.firstOtherWrite(v, t);
    if (first < 0) {
      int own = k.firstWrite[v];
      if (own < 0) {
        report(Anomaly.THIN_AIR_READ, new int[] {t}, new int[] {o.op(i)}, v, History.NO_VALUE);
      } else {
        report(Anomaly.FUTURE_READ, new int[] {t}, new int[] {o.op(i), o.op(own)}, v,
            History.NO_VALUE);
      }
      return;
    }
    int w = o.txn(first);
    if (k.aborted(w)) {
      report(Anomaly.ABORTED_READ, new int[] {t, w}, new int[] {o.op(first), o.op(i)}, v,
          History.NO_VALUE);
    } else {
      // w did not abort and has no effective write of v: it overwrote it
      int last = k.runLastWrite[k.firstOtherWriteRun(v, t)];
      report(Anomaly.INTERMEDIATE_READ, new int[] {t, w},
          new int[] {o.op(first), o.op(last), o.op(i)}, v, o.value(last));
    }
  }

  /** The block index of t's last write of the key before i, or -1. */
  private int lastWriteBefore(int from, int i) {
    for (int p = i - 1; p >= from; p--) {
      if (KeyRules.installs(k.ops.kind(p))) {
        return p;
      }
    }
    return -1;
  }

  /** The latest earlier read of the key in t whose value differs from i's, or -1. */
  private int earlierReadWithOtherValue(int from, int i) {
    int v = k.ops.value(i);
    for (int p = i - 1; p >= from; p--) {
      if (k.ops.kind(p) == READ && k.ops.value(p) != v) {
        return p;
      }
    }
    return -1;
  }

  private void report(Anomaly a, int[] txns, int[] ops, int value, int otherValue) {
    k.findings.add(new NonCycleFinding(a, txns, k.key, ops, value, otherValue));
  }
}
