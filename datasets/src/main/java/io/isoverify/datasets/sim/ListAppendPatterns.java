package io.isoverify.datasets.sim;

import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import java.util.List;

/**
 * Injected anomalies in list-append histories, as Elle finds them (Kingsbury and Alvaro,
 * VLDB 2020, 4.2-4.3): through the lists the reads return ("a(x)=a" appends element a to
 * x, "r(x)=[a b]" reads the whole list; x, y fresh keys; ";" separates transactions of one
 * phase, "|" starts a later phase):
 * <pre>
 *   INCOMPATIBLE_ORDER   T0: a(x)=a ; T1: a(x)=b | T2: r(x)=[a b] ; T3: r(x)=[b a]
 *   DUPLICATE_ELEMENTS   T0: a(x)=a | T1: r(x)=[a a]
 *   ABORTED_READ (G1a)   T0 (aborted): a(x)=a ; T1: a(x)=b | T2: r(x)=[a b]
 *   INTERMEDIATE (G1b)   T0: a(x)=a a(x)=b | T1: r(x)=[a]
 *   G0                   T0: a(x)=a a(y)=b ; T1: a(x)=c a(y)=d | T2: r(x)=[a c] r(y)=[d b]
 *   G1C                  T0: a(x)=a r(y)=[b] ; T1: a(y)=b r(x)=[a]
 *   G_SINGLE             T0: a(x)=a a(y)=b | T1: a(x)=c a(y)=d ; T2: r(x)=[a] r(y)=[b d]
 *   G2_ITEM              T0: a(x)=a a(y)=b | T1: r(x)=[a] r(y)=[b] a(x)=c ;
 *                        T2: r(x)=[a] r(y)=[b] a(y)=d | T3: r(x)=[a c] r(y)=[b d]
 * </pre>
 * The lists fix each key's version order, so the write cycle of G0 (x: T0 before T1, y: T1
 * before T0) needs no search; in G1c each transaction read the other's append; in G-single
 * T2 saw T1's append to y but missed its append to x (a fractured read of T1); in G2-item
 * T1 and T2 each read the prefix the other's append extends (a write skew, which SI allows).
 */
final class ListAppendPatterns {
  static final List<Anomaly> INJECTABLE = List.of(Anomaly.INCOMPATIBLE_ORDER,
      Anomaly.DUPLICATE_ELEMENTS, Anomaly.ABORTED_READ, Anomaly.INTERMEDIATE_READ, Anomaly.G0,
      Anomaly.G1C, Anomaly.G_SINGLE, Anomaly.G2_ITEM);

  private ListAppendPatterns() {}

  static void write(Anomaly anomaly, Pattern p, long x, long y) {
    switch (anomaly) {
      case INCOMPATIBLE_ORDER -> {
        long a = p.value();
        long b = p.value();
        p.txn(0, 0).a(x, a);
        p.txn(1, 0).a(x, b);
        p.txn(2, 1).rl(x, a, b);
        p.txn(3, 1).rl(x, b, a);
        p.says(anomaly, "T2 read x = [a b] and T3 read x = [b a]: neither is a prefix of the"
            + " other", Pattern.ALL);
      }
      case DUPLICATE_ELEMENTS -> {
        long a = p.value();
        p.txn(0, 0).a(x, a);
        p.txn(1, 1).rl(x, a, a);
        p.says(anomaly, "T1 read x = [a a]: T0's one append shows twice", Pattern.ALL);
      }
      case ABORTED_READ -> {
        long a = p.value();
        long b = p.value();
        p.txn(0, 0, Outcome.ABORTED).a(x, a);
        p.txn(1, 0).a(x, b);
        p.txn(2, 1).rl(x, a, b);
        p.says(anomaly, "T2 read x = [a b], whose a the aborted T0 appended (G1a)", Pattern.ALL);
      }
      case INTERMEDIATE_READ -> {
        long a = p.value();
        p.txn(0, 0).a(x, a).a(x, p.value());
        p.txn(1, 1).rl(x, a);
        p.says(anomaly, "T1 read x = [a]: T0's first append without its second (G1b)",
            Pattern.ALL);
      }
      case G0 -> {
        long a = p.value();
        long b = p.value();
        long c = p.value();
        long d = p.value();
        p.txn(0, 0).a(x, a).a(y, b);
        p.txn(1, 0).a(x, c).a(y, d);
        p.txn(2, 1).rl(x, a, c).rl(y, d, b);
        p.says(anomaly, "T2 read x = [a c] and y = [d b]: T0 appended before T1 to x, after"
            + " T1 to y", Pattern.ALL);
      }
      case G1C -> {
        long a = p.value();
        long b = p.value();
        p.txn(0, 0).a(x, a).rl(y, b);
        p.txn(1, 0).a(y, b).rl(x, a);
        p.says(anomaly, "T0 read T1's append to y and T1 read T0's append to x", Pattern.ALL);
      }
      case G_SINGLE -> {
        long a = p.value();
        long b = p.value();
        long d = p.value();
        p.txn(0, 0).a(x, a).a(y, b);
        p.txn(1, 1).a(x, p.value()).a(y, d);
        p.txn(2, 1).rl(x, a).rl(y, b, d);
        p.says(anomaly, "T2 read T1's append to y but missed its append to x", Pattern.ALL,
            Anomaly.FRACTURED_READ, Anomaly.READ_SKEW);
      }
      case G2_ITEM -> {
        long a = p.value();
        long b = p.value();
        long c = p.value();
        long d = p.value();
        p.txn(0, 0).a(x, a).a(y, b);
        p.txn(1, 1).rl(x, a).rl(y, b).a(x, c);
        p.txn(2, 1).rl(x, a).rl(y, b).a(y, d);
        p.txn(3, 2).rl(x, a, c).rl(y, b, d);
        p.says(anomaly, "T1 and T2 read x = [a] and y = [b], then T1 appended to x and T2 to y"
            + " (write skew)", Pattern.NOT_SI, Anomaly.WRITE_SKEW);
      }
      default -> throw new IllegalArgumentException(anomaly.name());
    }
  }
}
