package io.isoverify.datasets.sim;

import io.isoverify.history.anomaly.Anomaly;
import java.util.List;

/**
 * Injected anomalies through predicate reads (vbox: Sun and Zou, sections 2 and 4.1), on two
 * fresh rows x, y whose field 1 is set to v = x + 1 ("w(x)=a{v}"); "pr=[]" is a predicate
 * read of field 1 in [v, v] returning no row, "pr=[x]" one returning x. A predicate workload
 * keeps its field values in [1, keys] and its fresh keys from keys on, so v lies outside
 * every predicate of the workload and the rest of the history is untouched:
 * <pre>
 *   PHANTOM                T0: w(x)=a{v} ; T1: pr=[] r(x)=a
 *   PREDICATE_WRITE_SKEW   T0: pr=[] w(x)=a{v} ; T1: pr=[] w(y)=b{v}
 *   PREDICATE_READ_SKEW    T0: w(x)=a{v} w(y)=b{v} | T1: pr=[x] r(x)=a
 * </pre>
 * In the phantom T1's predicate read misses the row its item read then sees; in the write
 * skew each transaction checks that no row matches and adds one (SI allows it: the rows
 * differ); in the read skew the predicate read returns one of T0's two matching rows.
 */
final class PredicatePatterns {
  static final List<Anomaly> INJECTABLE = List.of(Anomaly.PHANTOM,
      Anomaly.PREDICATE_WRITE_SKEW, Anomaly.PREDICATE_READ_SKEW);
  private static final long FIELD = 1;

  private PredicatePatterns() {}

  static void write(Anomaly anomaly, Pattern p, long x, long y) {
    long v = x + 1;
    long a = p.value();
    long b = p.value();
    switch (anomaly) {
      case PHANTOM -> {
        p.txn(0, 0).w(x, a, FIELD, v);
        p.txn(1, 0).pr(FIELD, v, v, 0).r(x, a);
        p.says(anomaly, "T1's predicate read missed row x, which T1 then read as T0 wrote it"
            + " into the range", Pattern.ALL);
      }
      case PREDICATE_WRITE_SKEW -> {
        p.txn(0, 0).pr(FIELD, v, v, 0).w(x, a, FIELD, v);
        p.txn(1, 0).pr(FIELD, v, v, 0).w(y, b, FIELD, v);
        p.says(anomaly, "T0 and T1 each found no row in the range and each added one: each"
            + " missed the other's", Pattern.NOT_SI);
      }
      case PREDICATE_READ_SKEW -> {
        p.txn(0, 0).w(x, a, FIELD, v).w(y, b, FIELD, v);
        p.txn(1, 1).pr(FIELD, v, v, 1).r(x, a);
        p.says(anomaly, "T1's predicate read returned x but not y, both of which T0 wrote"
            + " into the range", Pattern.ALL);
      }
      default -> throw new IllegalArgumentException(anomaly.name());
    }
  }
}
