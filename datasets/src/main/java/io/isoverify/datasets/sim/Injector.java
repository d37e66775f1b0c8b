package io.isoverify.datasets.sim;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Fault injection: writes, into the history, the few transactions of a textbook instance of
 * one anomaly (mtc Table I and Figure 5; Adya's G0 and G-single), as a faulty database would
 * have answered them. The pattern runs on fresh keys (never touched by the workload) in
 * sessions of its own, so the rest of the history stays valid and the anomaly is exactly
 * the injected one. Time: the pattern's transactions are grouped in phases; transactions of
 * one phase overlap in real time, a later phase starts after the earlier ones ended.
 *
 * <p>Patterns (x, y fresh keys; "init" a read of the initial state; sN a pattern session):
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
 * ("|" separates phases, ";" transactions of one phase.) In G0 the final reader T2 forces
 * T0 before T1 on x and T1 before T0 on y: with registers a write cycle is only visible
 * through such reads.
 */
final class Injector {
  private final HistorySink sink;
  private final Counters counters;
  private final long firstSession;
  private final long firstKey;
  /** Outcome ordinal -> transactions written so far, counted on. */
  private final long[] outcomes;
  private final List<Txn> txns = new ArrayList<>();

  /** One transaction of the pattern, small and made once per injection. */
  private static final class Txn {
    final int session;
    final int phase;
    final Outcome outcome;
    final long id;
    final List<long[]> ops = new ArrayList<>(); // {write ? 1 : 0, key, value}

    Txn(int session, int phase, Outcome outcome, long id) {
      this.session = session;
      this.phase = phase;
      this.outcome = outcome;
      this.id = id;
    }

    Txn r(long key, long value) {
      ops.add(new long[] {0, key, value});
      return this;
    }

    Txn w(long key, long value) {
      ops.add(new long[] {1, key, value});
      return this;
    }
  }

  Injector(HistorySink sink, Counters counters, long firstSession, long firstKey,
      long[] outcomes) {
    this.sink = sink;
    this.outcomes = outcomes;
    this.counters = counters;
    this.firstSession = firstSession;
    this.firstKey = firstKey;
  }

  /** Writes the pattern of {@code anomaly} to the sink and says what it wrote. */
  Injection inject(Anomaly anomaly) throws IOException {
    txns.clear();
    long x = firstKey;
    long y = firstKey + 1;
    long init = VersionStore.INITIAL;
    String what;
    switch (anomaly) {
      case THIN_AIR_READ -> {
        txn(0, 0).r(x, counters.nextValue());
        what = "T0 read a value of x that no transaction wrote";
      }
      case ABORTED_READ -> {
        long a = counters.nextValue();
        txn(0, 0, Outcome.ABORTED).w(x, a);
        txn(1, 1).r(x, a);
        what = "T1 read x from the aborted T0";
      }
      case INTERMEDIATE_READ -> {
        long a = counters.nextValue();
        txn(0, 0).w(x, a).w(x, counters.nextValue());
        txn(1, 0).r(x, a);
        what = "T1 read T0's first write of x, which T0 overwrote";
      }
      case NON_REPEATABLE_READ -> {
        long a = counters.nextValue();
        long b = counters.nextValue();
        txn(0, 0).w(x, a);
        txn(1, 0).w(x, b);
        txn(2, 0).r(x, a).r(x, b);
        what = "T2 read x twice and saw T0's then T1's value";
      }
      case SESSION_GUARANTEE_VIOLATION -> {
        txn(0, 0).w(x, counters.nextValue());
        txn(0, 1).r(x, init);
        what = "T1 missed the write of x by T0, earlier in its own session";
      }
      case FRACTURED_READ -> {
        long a = counters.nextValue();
        txn(0, 0).w(x, a).w(y, counters.nextValue());
        txn(1, 0).r(x, a).r(y, init);
        what = "T1 saw T0's write of x but not its write of y";
      }
      case READ_SKEW -> {
        long a = counters.nextValue();
        long d = counters.nextValue();
        txn(0, 0).w(x, a).w(y, counters.nextValue());
        txn(1, 1).r(x, a).r(y, d);
        txn(2, 1).w(x, counters.nextValue()).w(y, d);
        what = "T1 read x from T0 and y from T2, which overwrote both (G-single)";
      }
      case CAUSALITY_VIOLATION -> {
        long a = counters.nextValue();
        long b = counters.nextValue();
        txn(0, 0).w(x, a);
        txn(1, 0).r(x, a).w(y, b);
        txn(2, 0).r(y, b).r(x, init);
        what = "T2 saw T1's y but missed T0's x, which T1 had read";
      }
      case LONG_FORK -> {
        long a = counters.nextValue();
        long b = counters.nextValue();
        txn(0, 0).w(x, a);
        txn(1, 0).w(y, b);
        txn(2, 0).r(x, a).r(y, init);
        txn(3, 0).r(y, b).r(x, init);
        what = "T2 saw T0's x but not T1's y, T3 saw T1's y but not T0's x";
      }
      case LOST_UPDATE -> {
        txn(0, 0).r(x, init).w(x, counters.nextValue());
        txn(1, 0).r(x, init).w(x, counters.nextValue());
        what = "T0 and T1 both read the initial x and both overwrote it";
      }
      case WRITE_SKEW -> {
        txn(0, 0).r(x, init).r(y, init).w(x, counters.nextValue());
        txn(1, 0).r(x, init).r(y, init).w(y, counters.nextValue());
        what = "T0 and T1 read x and y, then T0 wrote x and T1 wrote y";
      }
      case REALTIME_VIOLATION -> {
        txn(0, 0).w(x, counters.nextValue());
        txn(1, 1).r(x, init);
        what = "T1 started after T0 ended and missed T0's write of x";
      }
      case G0 -> {
        long b = counters.nextValue();
        long c = counters.nextValue();
        txn(0, 0).w(x, counters.nextValue()).w(y, b);
        txn(1, 0).w(x, c).w(y, counters.nextValue());
        txn(2, 1).r(x, c).r(y, b);
        what = "T2 saw T1's x and T0's y: T0 and T1 overwrote each other in a cycle";
      }
      default -> throw new IllegalArgumentException("cannot inject " + anomaly.displayName()
          + "; injectable: " + injectable());
    }
    return emit(anomaly, what, x, y);
  }

  /** The anomalies {@link #inject} knows. */
  static List<Anomaly> injectable() {
    return List.of(Anomaly.THIN_AIR_READ, Anomaly.ABORTED_READ, Anomaly.INTERMEDIATE_READ,
        Anomaly.NON_REPEATABLE_READ, Anomaly.SESSION_GUARANTEE_VIOLATION,
        Anomaly.FRACTURED_READ, Anomaly.READ_SKEW, Anomaly.CAUSALITY_VIOLATION,
        Anomaly.LONG_FORK, Anomaly.LOST_UPDATE, Anomaly.WRITE_SKEW,
        Anomaly.REALTIME_VIOLATION, Anomaly.G0);
  }

  private Txn txn(int session, int phase) {
    return txn(session, phase, Outcome.COMMITTED);
  }

  private Txn txn(int session, int phase, Outcome outcome) {
    Txn t = new Txn(session, phase, outcome, counters.nextTxn());
    txns.add(t);
    return t;
  }

  private Injection emit(Anomaly anomaly, String what, long x, long y) throws IOException {
    long base = counters.now() + 1;
    int[] position = new int[4];
    List<Long> ids = new ArrayList<>();
    boolean usesY = false;
    int lastPhase = 0;
    for (Txn t : txns) {
      long start = base + 2L * t.phase;
      sink.begin(firstSession + t.session, t.id, position[t.session]++, t.outcome, start,
          start + 1);
      for (long[] op : t.ops) {
        usesY |= op[1] == y;
        if (op[0] == 1) {
          sink.op(OpKind.WRITE, op[1], op[2]);
        } else if (op[2] == VersionStore.INITIAL) {
          sink.readInitial(op[1]);
        } else {
          sink.op(OpKind.READ, op[1], op[2]);
        }
      }
      sink.end();
      outcomes[t.outcome.ordinal()]++;
      ids.add(t.id);
      lastPhase = Math.max(lastPhase, t.phase);
    }
    counters.advanceTo(base + 2L * lastPhase + 1);
    return new Injection(anomaly, ids, usesY ? List.of(x, y) : List.of(x), what);
  }
}
