package io.isoverify.datasets.sim;

import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import java.util.List;

/**
 * Injected anomalies on read-write registers: textbook instances of mtc Table I and Figure
 * 5, and Adya's G0 and G-single (x, y fresh keys; "init" a read of the initial state; sN a
 * pattern session; ";" separates transactions of one phase, "|" a later phase):
 * <pre>
 *   THIN_AIR_READ        T0: r(x)=v where no transaction writes v
 *   ABORTED_READ         T0 (aborted): w(x)=a          | then T1: r(x)=a
 *   INTERMEDIATE_READ    T0: w(x)=a w(x)=b             ; T1: r(x)=a
 *   NON_REPEATABLE_READ  T0: w(x)=a ; T1: w(x)=b       ; T2: r(x)=a r(x)=b
 *   SESSION_GUARANTEE    T0 (s0): w(x)=a               | then T1 (s0): r(x)=init
 *   FRACTURED_READ       T0: w(x)=a w(y)=b             ; T1: r(x)=a r(y)=init
 *   READ_SKEW            T0: w(x)=a w(y)=b | then T1: r(x)=a r(y)=d ; T2: w(x)=c w(y)=d
 *   CAUSALITY_VIOLATION  T0: w(x)=a ; T1: r(x)=a w(y)=b ; T2: r(y)=b r(x)=init
 *   LONG_FORK            T0: w(x)=a ; T1: w(y)=b ; T2: r(x)=a r(y)=init ; T3: r(y)=b r(x)=init
 *   LOST_UPDATE          T0: r(x)=init w(x)=a          ; T1: r(x)=init w(x)=b
 *   WRITE_SKEW           T0: r(x)=init r(y)=init w(x)=a ; T1: r(x)=init r(y)=init w(y)=b
 *   REALTIME_VIOLATION   T0 (s0): w(x)=a               | then T1 (s1): r(x)=init
 *   G0                   T0: w(x)=a w(y)=b ; T1: w(x)=c w(y)=d | then T2: r(x)=c r(y)=b
 * </pre>
 * In G0 the final reader T2 forces T0 before T1 on x and T1 before T0 on y: with registers a
 * write cycle is only visible through such reads. The read skew leaves x's version order
 * open and every choice closes a cycle (a fractured read of T2, or the write cycle
 * T2 -WW(x)-> T0 -WW(y)-> T2), so a checker may name it either way.
 */
final class RegisterPatterns {
  static final List<Anomaly> INJECTABLE = List.of(Anomaly.THIN_AIR_READ, Anomaly.ABORTED_READ,
      Anomaly.INTERMEDIATE_READ, Anomaly.NON_REPEATABLE_READ,
      Anomaly.SESSION_GUARANTEE_VIOLATION, Anomaly.FRACTURED_READ, Anomaly.READ_SKEW,
      Anomaly.CAUSALITY_VIOLATION, Anomaly.LONG_FORK, Anomaly.LOST_UPDATE, Anomaly.WRITE_SKEW,
      Anomaly.REALTIME_VIOLATION, Anomaly.G0);

  private RegisterPatterns() {}

  static void write(Anomaly anomaly, Pattern p, long x, long y) {
    long init = VersionStore.INITIAL;
    switch (anomaly) {
      case THIN_AIR_READ -> {
        p.txn(0, 0).r(x, p.value());
        p.says(anomaly, "T0 read a value of x that no transaction wrote", Pattern.ALL);
      }
      case ABORTED_READ -> {
        long a = p.value();
        p.txn(0, 0, Outcome.ABORTED).w(x, a);
        p.txn(1, 1).r(x, a);
        p.says(anomaly, "T1 read x from the aborted T0", Pattern.ALL);
      }
      case INTERMEDIATE_READ -> {
        long a = p.value();
        p.txn(0, 0).w(x, a).w(x, p.value());
        p.txn(1, 0).r(x, a);
        p.says(anomaly, "T1 read T0's first write of x, which T0 overwrote", Pattern.ALL);
      }
      case NON_REPEATABLE_READ -> {
        long a = p.value();
        long b = p.value();
        p.txn(0, 0).w(x, a);
        p.txn(1, 0).w(x, b);
        p.txn(2, 0).r(x, a).r(x, b);
        p.says(anomaly, "T2 read x twice and saw T0's then T1's value", Pattern.ALL);
      }
      case SESSION_GUARANTEE_VIOLATION -> {
        p.txn(0, 0).w(x, p.value());
        p.txn(0, 1).r(x, init);
        p.says(anomaly, "T1 missed the write of x by T0, earlier in its own session",
            Pattern.ALL);
      }
      case FRACTURED_READ -> {
        long a = p.value();
        p.txn(0, 0).w(x, a).w(y, p.value());
        p.txn(1, 0).r(x, a).r(y, init);
        p.says(anomaly, "T1 saw T0's write of x but not its write of y", Pattern.ALL);
      }
      case READ_SKEW -> {
        long a = p.value();
        long d = p.value();
        p.txn(0, 0).w(x, a).w(y, p.value());
        p.txn(1, 1).r(x, a).r(y, d);
        p.txn(2, 1).w(x, p.value()).w(y, d);
        p.says(anomaly, "T1 read x from T0 and y from T2, which overwrote both (G-single)",
            Pattern.ALL, Anomaly.FRACTURED_READ, Anomaly.G0);
      }
      case CAUSALITY_VIOLATION -> {
        long a = p.value();
        long b = p.value();
        p.txn(0, 0).w(x, a);
        p.txn(1, 0).r(x, a).w(y, b);
        p.txn(2, 0).r(y, b).r(x, init);
        p.says(anomaly, "T2 saw T1's y but missed T0's x, which T1 had read", Pattern.ALL);
      }
      case LONG_FORK -> {
        long a = p.value();
        long b = p.value();
        p.txn(0, 0).w(x, a);
        p.txn(1, 0).w(y, b);
        p.txn(2, 0).r(x, a).r(y, init);
        p.txn(3, 0).r(y, b).r(x, init);
        p.says(anomaly, "T2 saw T0's x but not T1's y, T3 saw T1's y but not T0's x",
            Pattern.ALL);
      }
      case LOST_UPDATE -> {
        p.txn(0, 0).r(x, init).w(x, p.value());
        p.txn(1, 0).r(x, init).w(x, p.value());
        p.says(anomaly, "T0 and T1 both read the initial x and both overwrote it", Pattern.ALL);
      }
      case WRITE_SKEW -> {
        p.txn(0, 0).r(x, init).r(y, init).w(x, p.value());
        p.txn(1, 0).r(x, init).r(y, init).w(y, p.value());
        p.says(anomaly, "T0 and T1 read x and y, then T0 wrote x and T1 wrote y",
            Pattern.NOT_SI);
      }
      case REALTIME_VIOLATION -> {
        p.txn(0, 0).w(x, p.value());
        p.txn(1, 1).r(x, init);
        p.says(anomaly, "T1 started after T0 ended and missed T0's write of x",
            Pattern.SSER_ONLY);
      }
      case G0 -> {
        long b = p.value();
        long c = p.value();
        p.txn(0, 0).w(x, p.value()).w(y, b);
        p.txn(1, 0).w(x, c).w(y, p.value());
        p.txn(2, 1).r(x, c).r(y, b);
        p.says(anomaly, "T2 saw T1's x and T0's y: T0 and T1 overwrote each other in a cycle",
            Pattern.ALL);
      }
      default -> throw new IllegalArgumentException(anomaly.name());
    }
  }
}
