package io.isoverify.datasets.sim;

import io.isoverify.history.anomaly.Anomaly;
import java.util.List;

/**
 * Injected anomalies in mini-transaction histories: the cycle anomalies of mtc Table I as
 * the paper's Figure 5 draws them, every transaction a mini-transaction (Definition 8: one
 * or two reads, each write after a read of its key) with unique values (x, y fresh keys;
 * ";" separates transactions of one phase, "|" starts a later phase):
 * <pre>
 *   LOST_UPDATE          T0: r(x)=init w(x)=a ; T1: r(x)=init w(x)=b
 *   WRITE_SKEW           T0: r(x)=init r(y)=init w(x)=a ; T1: r(x)=init r(y)=init w(y)=b
 *   LONG_FORK            T0: r(x)=init w(x)=a ; T1: r(y)=init w(y)=b ;
 *                        T2: r(x)=a r(y)=init ; T3: r(y)=b r(x)=init
 *   FRACTURED_READ       T0: r(x)=init w(x)=a r(y)=init w(y)=b ; T1: r(x)=a r(y)=init
 *   CAUSALITY_VIOLATION  T0: r(x)=init w(x)=a ; T1: r(x)=a r(y)=init w(y)=b ;
 *                        T2: r(y)=b r(x)=init
 *   NON_MONOTONIC_READ   T0: r(x)=init w(x)=a ; T1: r(x)=a w(x)=b r(y)=init w(y)=c ;
 *                        T2: r(y)=c r(x)=a
 *   SESSION_GUARANTEE    T0 (s0): r(x)=init w(x)=a | T1 (s0): r(x)=init
 * </pre>
 * In NON_MONOTONIC_READ, T2 read y from T1 and then x from T0, which T1 had overwritten
 * (Figure 5(i)); its cycle T2 -RW(x)-> T1 -WR(y)-> T2 is also a fractured read of T1, the
 * name a classifier gives its shape.
 */
final class MiniTransactionPatterns {
  static final List<Anomaly> INJECTABLE = List.of(Anomaly.LOST_UPDATE, Anomaly.WRITE_SKEW,
      Anomaly.LONG_FORK, Anomaly.FRACTURED_READ, Anomaly.CAUSALITY_VIOLATION,
      Anomaly.NON_MONOTONIC_READ, Anomaly.SESSION_GUARANTEE_VIOLATION);

  private MiniTransactionPatterns() {}

  static void write(Anomaly anomaly, Pattern p, long x, long y) {
    long init = VersionStore.INITIAL;
    switch (anomaly) {
      case LOST_UPDATE, WRITE_SKEW -> RegisterPatterns.write(anomaly, p, x, y);
      case LONG_FORK -> {
        long a = p.value();
        long b = p.value();
        p.txn(0, 0).r(x, init).w(x, a);
        p.txn(1, 0).r(y, init).w(y, b);
        p.txn(2, 0).r(x, a).r(y, init);
        p.txn(3, 0).r(y, b).r(x, init);
        p.says(anomaly, "T2 saw T0's x but not T1's y, T3 saw T1's y but not T0's x",
            Pattern.ALL);
      }
      case FRACTURED_READ -> {
        long a = p.value();
        p.txn(0, 0).r(x, init).w(x, a).r(y, init).w(y, p.value());
        p.txn(1, 0).r(x, a).r(y, init);
        p.says(anomaly, "T1 saw T0's write of x but not its write of y", Pattern.ALL);
      }
      case CAUSALITY_VIOLATION -> {
        long a = p.value();
        long b = p.value();
        p.txn(0, 0).r(x, init).w(x, a);
        p.txn(1, 0).r(x, a).r(y, init).w(y, b);
        p.txn(2, 0).r(y, b).r(x, init);
        p.says(anomaly, "T2 saw T1's y but missed T0's x, which T1 had read", Pattern.ALL);
      }
      case NON_MONOTONIC_READ -> {
        long a = p.value();
        long c = p.value();
        p.txn(0, 0).r(x, init).w(x, a);
        p.txn(1, 0).r(x, a).w(x, p.value()).r(y, init).w(y, c);
        p.txn(2, 0).r(y, c).r(x, a);
        p.says(anomaly, "T2 read y from T1, then x from T0, which T1 had overwritten",
            Pattern.ALL, Anomaly.FRACTURED_READ);
      }
      case SESSION_GUARANTEE_VIOLATION -> {
        p.txn(0, 0).r(x, init).w(x, p.value());
        p.txn(0, 1).r(x, init);
        p.says(anomaly, "T1 missed the write of x by T0, earlier in its own session",
            Pattern.ALL);
      }
      default -> throw new IllegalArgumentException(anomaly.name());
    }
  }
}
