package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.WorkloadFamily;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Fault injection: writes, into the history, the few transactions of a textbook instance of
 * one anomaly, as a faulty database would have answered them, in the shape of the run's
 * workload family: {@link RegisterPatterns} (mtc Table I, Adya's G0 and G-single),
 * {@link ListAppendPatterns} (Elle's anomalies through read lists),
 * {@link MiniTransactionPatterns} (mtc's cycle anomalies as mini-transactions),
 * {@link LightweightPatterns} (a compare-and-set chain against real time),
 * {@link PredicatePatterns} (vbox's anomalies through predicate reads). The pattern runs
 * on fresh keys (never touched by the workload) in sessions of its own, so the rest of the
 * history stays valid and the anomaly is exactly the injected one. Time: the pattern's
 * transactions are grouped in phases; transactions of one phase overlap in real time, a
 * later phase starts after the earlier ones ended.
 */
final class Injector {
  private final HistorySink sink;
  private final Counters counters;
  private final long firstSession;
  private final long firstKey;
  /** Outcome ordinal -> transactions written so far, counted on. */
  private final long[] outcomes;

  Injector(HistorySink sink, Counters counters, long firstSession, long firstKey,
      long[] outcomes) {
    this.sink = sink;
    this.outcomes = outcomes;
    this.counters = counters;
    this.firstSession = firstSession;
    this.firstKey = firstKey;
  }

  /** Writes the register pattern of {@code anomaly} to the sink and says what it wrote. */
  Injection inject(Anomaly anomaly) throws IOException {
    return inject(anomaly, WorkloadFamily.REGISTER);
  }

  /** Writes the pattern of {@code anomaly} in the shape of {@code family} and labels it. */
  Injection inject(Anomaly anomaly, WorkloadFamily family) throws IOException {
    if (!injectable(family).contains(anomaly)) {
      throw new IllegalArgumentException("cannot inject " + anomaly.displayName() + " into "
          + family.description() + "; injectable: " + injectable(family));
    }
    Pattern p = new Pattern(counters);
    long x = firstKey;
    long y = firstKey + 1;
    switch (family) {
      case REGISTER -> RegisterPatterns.write(anomaly, p, x, y);
      case LIST_APPEND -> ListAppendPatterns.write(anomaly, p, x, y);
      case MINI_TRANSACTION -> MiniTransactionPatterns.write(anomaly, p, x, y);
      case LIGHTWEIGHT_TRANSACTION -> LightweightPatterns.write(anomaly, p, x);
      case PREDICATE -> PredicatePatterns.write(anomaly, p, x, y);
      default -> throw new IllegalStateException(family.name());
    }
    return emit(anomaly, p, x, y);
  }

  /** The anomalies {@link #inject} knows for some family. */
  static List<Anomaly> injectable() {
    Set<Anomaly> all = new LinkedHashSet<>();
    for (WorkloadFamily f : WorkloadFamily.values()) {
      all.addAll(injectable(f));
    }
    return List.copyOf(all);
  }

  /** The anomalies {@link #inject} knows for {@code family}. */
  static List<Anomaly> injectable(WorkloadFamily family) {
    return switch (family) {
      case REGISTER -> RegisterPatterns.INJECTABLE;
      case LIST_APPEND -> ListAppendPatterns.INJECTABLE;
      case MINI_TRANSACTION -> MiniTransactionPatterns.INJECTABLE;
      case LIGHTWEIGHT_TRANSACTION -> LightweightPatterns.INJECTABLE;
      case PREDICATE -> PredicatePatterns.INJECTABLE;
    };
  }

  private Injection emit(Anomaly anomaly, Pattern p, long x, long y) throws IOException {
    long base = counters.now() + 1;
    int[] position = new int[4];
    List<Long> ids = new ArrayList<>();
    boolean usesY = false;
    int lastPhase = 0;
    for (Pattern.Txn t : p.txns) {
      long start = base + 2L * t.phase;
      sink.begin(firstSession + t.session, t.id, position[t.session]++, t.outcome, start,
          start + 1);
      for (Pattern.Op op : t.ops) {
        usesY |= op.key() == y;
        if (op.predicate() != null) {
          PredicateRead pr = op.predicate();
          sink.predicateRead(pr.field(), pr.low(), pr.high(), pr.matched());
        } else if (op.fields() != null) {
          sink.write(op.kind(), op.key(), op.value(), op.fields());
        } else if (op.list() != null) {
          sink.readList(op.key(), op.list(), 0, op.list().length);
        } else if (op.kind() == OpKind.READ && op.value() == VersionStore.INITIAL) {
          sink.readInitial(op.key());
        } else {
          sink.op(op.kind(), op.key(), op.value());
        }
      }
      sink.end();
      outcomes[t.outcome.ordinal()]++;
      ids.add(t.id);
      lastPhase = Math.max(lastPhase, t.phase);
    }
    counters.advanceTo(base + 2L * lastPhase + 1);
    return new Injection(anomaly, ids, usesY ? List.of(x, y) : List.of(x), p.description,
        p.violates, p.names);
  }
}
