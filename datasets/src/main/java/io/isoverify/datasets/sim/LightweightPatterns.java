package io.isoverify.datasets.sim;

import io.isoverify.history.anomaly.Anomaly;
import java.util.List;

/**
 * Injected anomalies in lightweight-transaction histories (mtc II-F, IV-E): a
 * compare-and-set chain that no linearization explains (x a fresh key; "|" starts a later
 * phase, so every transaction of a phase ends before the next phase's start):
 * <pre>
 *   REALTIME_VIOLATION   T0 (s0): w(x)=a | T1 (s1): r(x)=b w(x)=c | T2 (s2): r(x)=a w(x)=b
 * </pre>
 * T0 inserts a; the values chain a -> b -> c says T2 (CAS a to b) came before T1 (CAS b to
 * c), but T1 finished before T2 started: mtc's Figure 4(b), which violates linearizability
 * (SSER on one-operation transactions) and nothing weaker.
 */
final class LightweightPatterns {
  static final List<Anomaly> INJECTABLE = List.of(Anomaly.REALTIME_VIOLATION);

  private LightweightPatterns() {}

  static void write(Anomaly anomaly, Pattern p, long x) {
    if (anomaly != Anomaly.REALTIME_VIOLATION) {
      throw new IllegalArgumentException(anomaly.name());
    }
    long a = p.value();
    long b = p.value();
    long c = p.value();
    p.txn(0, 0).w(x, a);
    p.txn(1, 1).r(x, b).w(x, c);
    p.txn(2, 2).r(x, a).w(x, b);
    p.says(anomaly, "T1 read x = b, which T2 wrote by a CAS that started after T1 had"
        + " finished: the CAS chain a -> b -> c breaks real time", Pattern.SSER_ONLY);
  }
}
