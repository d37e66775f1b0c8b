package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.datasets.workload.ValueChoice;
import io.isoverify.datasets.workload.WorkloadFamily;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Runs a workload's client sessions against the {@link SimulatedDatabase} and streams the
 * history to a {@link HistorySink}. A seeded scheduler picks, at every tick, one session
 * with work left; that session begins its next transaction (start = this tick), runs its
 * next step, or asks to commit (end = this tick, when the client gets the answer). So
 * transactions of different sessions interleave step by step, and client timestamps are
 * consistent with real time.
 *
 * <p>Each finished transaction is written at once and forgotten; the simulator holds one
 * open transaction per session and the database's bounded state, never a list of
 * transactions, so memory does not grow with the history. Same workload, config and
 * seed give the same calls to the sink, hence a byte-identical file.
 */
public final class Simulator {
  /**
   * What to run.
   *
   * @param sessions client sessions (the workload's sessions 0..sessions-1)
   * @param transactions transactions in total over all sessions (an injected anomaly's
   *     transactions come on top)
   * @param unknownRate the fraction of transactions whose client loses the commit answer:
   *     recorded as UNKNOWN whatever the database decided
   * @param staleness how many ticks back a stale snapshot (SER read-only, RA, CAUSAL) may
   *     reach
   * @param inject the anomaly to inject once at a random point, or null
   * @param sessionLimit the most transactions one session runs, 0 for no limit; the run
   *     ends early when every session reached it
   * @param conflictRetries how many times the database runs a transaction again, from its
   *     first step on a new snapshot, when it fails validation at commit, before it answers
   *     "aborted" (SER, SSER, SI); the client sees only the last attempt, whose start is the
   *     first attempt's. 0: every failed validation is an abort the history records
   * @param values how register writes choose their values ({@link ValueChoice}): unique,
   *     a fraction of a key's writes after its first writing its first value again, or values
   *     drawn from a small value space, so that reads of a repeated value have several
   *     candidate writers (veristrong's duplicate values: counters, flags)
   */
  public record Config(int sessions, long transactions, Isolation isolation, long seed,
      double unknownRate, long staleness, Anomaly inject, int sessionLimit,
      int conflictRetries, ValueChoice values) {
    public Config {
      if (sessions < 1) {
        throw new IllegalArgumentException("at least one session is needed, not " + sessions);
      }
      if (transactions < 1) {
        throw new IllegalArgumentException(
            "at least one transaction is needed, not " + transactions);
      }
      if (!(unknownRate >= 0 && unknownRate <= 1)) {
        throw new IllegalArgumentException(
            "the unknown rate must be in [0, 1], not " + unknownRate);
      }
      if (inject != null && !Injector.injectable().contains(inject)) {
        throw new IllegalArgumentException("cannot inject " + inject.displayName());
      }
      if (sessionLimit < 0) {
        throw new IllegalArgumentException("the session limit must be 0 (none) or positive");
      }
      if (conflictRetries < 0) {
        throw new IllegalArgumentException(
            "conflict retries must be 0 (none) or positive, not " + conflictRetries);
      }
      Objects.requireNonNull(values, "values");
      if (!values.unique() && inject != null) {
        throw new IllegalArgumentException("an injected anomaly needs unique written values "
            + "(a repeated value may explain it away): no repeated values with an injection");
      }
    }

    /**
     * A config without unknown outcomes, injection or conflict retries, stale snapshots
     * reaching 64 ticks.
     */
    public static Config of(int sessions, long transactions, Isolation isolation, long seed) {
      return new Config(sessions, transactions, isolation, seed, 0, 64, null, 0, 0,
          ValueChoice.UNIQUE);
    }

    public Config withUnknownRate(double rate) {
      return new Config(sessions, transactions, isolation, seed, rate, staleness, inject,
          sessionLimit, conflictRetries, values);
    }

    public Config withStaleness(long ticks) {
      return new Config(sessions, transactions, isolation, seed, unknownRate, ticks, inject,
          sessionLimit, conflictRetries, values);
    }

    public Config withInjection(Anomaly anomaly) {
      return new Config(sessions, transactions, isolation, seed, unknownRate, staleness, anomaly,
          sessionLimit, conflictRetries, values);
    }

    public Config withSessionLimit(int limit) {
      return new Config(sessions, transactions, isolation, seed, unknownRate, staleness, inject,
          limit, conflictRetries, values);
    }

    public Config withRepeatedValues(double fraction) {
      return withValues(ValueChoice.repeated(fraction));
    }

    public Config withValues(ValueChoice choice) {
      return new Config(sessions, transactions, isolation, seed, unknownRate, staleness, inject,
          sessionLimit, conflictRetries, choice);
    }

    public Config withConflictRetries(int retries) {
      return new Config(sessions, transactions, isolation, seed, unknownRate, staleness, inject,
          sessionLimit, retries, values);
    }
  }

  /**
   * What was written: transaction counts by recorded outcome (injected ones included), the
   * attempts the database retried unseen ({@link Config#conflictRetries}), the injection's
   * label or null, the ticks used, and the most versions the store held at once.
   */
  public record Result(long transactions, long committed, long aborted, long unknown,
      long retried, Injection injection, long ticks, long peakVersions) {}

  private Simulator() {}

  /** The anomalies {@link Config#inject} accepts, for some workload family. */
  public static List<Anomaly> injectable() {
    return Injector.injectable();
  }

  /** The anomalies that can be injected into the histories of a workload family. */
  public static List<Anomaly> injectable(WorkloadFamily family) {
    return Injector.injectable(family);
  }

  /**
   * Refuses an injection the workload's histories cannot take.
   *
   * @throws IllegalArgumentException naming the anomaly, the family and what it can take
   */
  public static void checkInjectable(WorkloadFamily family, Anomaly anomaly) {
    if (anomaly != null && !Injector.injectable(family).contains(anomaly)) {
      StringBuilder known = new StringBuilder();
      for (Anomaly a : Injector.injectable(family)) {
        known.append(known.length() == 0 ? "" : ", ").append(a.name());
      }
      throw new IllegalArgumentException("cannot inject " + anomaly.name() + " into "
          + family.description() + "; injectable there: " + known);
    }
  }

  /**
   * Runs the config's transactions of {@code workload}, writing each to {@code sink}.
   *
   * @throws IllegalArgumentException when the workload's family cannot take the injection
   */
  public static Result run(PlannedWorkload workload, Config config, HistorySink sink)
      throws IOException {
    checkInjectable(workload.family(), config.inject());
    SplittableRandom random = new SplittableRandom(config.seed());
    Counters counters = new Counters(config.values(), config.seed());
    SimulatedDatabase db = new SimulatedDatabase(config.isolation(), config.sessions(),
        config.staleness());
    int n = config.sessions();
    SimTxn[] open = new SimTxn[n];
    int[] nextPosition = new int[n];
    int[] active = new int[n];
    for (int s = 0; s < n; s++) {
      open[s] = new SimTxn(s);
      active[s] = s;
    }
    int activeCount = n;
    long toBegin = config.transactions();
    long injectBefore = config.inject() == null ? -1 : random.nextLong(config.transactions());
    long begun = 0;
    long retried = 0;
    long[] outcomes = new long[Outcome.values().length];
    Injection injection = null;
    long peakVersions = 0;
    while (activeCount > 0) {
      int slot = random.nextInt(activeCount);
      SimTxn t = open[active[slot]];
      if (!t.open) {
        if (toBegin == 0 || (config.sessionLimit() > 0
            && nextPosition[t.session] >= config.sessionLimit())) {
          active[slot] = active[--activeCount];
          continue;
        }
        if (begun == injectBefore) {
          injection = inject(workload, config, sink, counters, outcomes);
        }
        toBegin--;
        begun++;
        workload.plan(t.session, random, t.plan);
        if (t.plan.size() == 0) {
          throw new IllegalStateException("the workload gave session " + t.session
              + " a transaction without operations");
        }
        t.reset(counters.nextTxn(), nextPosition[t.session]++, counters.tick());
        db.begin(t, counters.now(), random);
      } else if (t.done < t.plan.size()) {
        counters.tick();
        db.step(t, t.done++, counters);
      } else {
        long end = counters.tick();
        boolean committed = db.commit(t, end);
        if (!committed && t.retries < config.conflictRetries()) {
          t.retries++;
          retried++;
          db.restart(t, end, random);
          continue;
        }
        Outcome outcome = config.unknownRate() > 0 && random.nextDouble() < config.unknownRate()
            ? Outcome.UNKNOWN : committed ? Outcome.COMMITTED : Outcome.ABORTED;
        outcomes[outcome.ordinal()]++;
        emit(t, outcome, end, sink);
        t.open = false;
        peakVersions = Math.max(peakVersions, db.liveVersions());
      }
    }
    if (config.inject() != null && injection == null) {
      // The session limit ended the run before the chosen point: inject at the end.
      injection = inject(workload, config, sink, counters, outcomes);
    }
    long total = outcomes[0] + outcomes[1] + outcomes[2];
    return new Result(total, outcomes[Outcome.COMMITTED.ordinal()],
        outcomes[Outcome.ABORTED.ordinal()], outcomes[Outcome.UNKNOWN.ordinal()], retried,
        injection, counters.now(), peakVersions);
  }

  private static Injection inject(PlannedWorkload workload, Config config, HistorySink sink,
      Counters counters, long[] outcomes) throws IOException {
    return new Injector(sink, counters, config.sessions(), workload.reserveKeys(2), outcomes)
        .inject(config.inject(), workload.family());
  }

  private static void emit(SimTxn t, Outcome outcome, long end, HistorySink sink)
      throws IOException {
    sink.begin(t.session, t.id, t.position, outcome, t.start, end);
    for (int i = 0; i < t.plan.size(); i++) {
      long key = t.plan.key(i);
      switch (t.plan.kind(i)) {
        case WRITE -> sink.op(OpKind.WRITE, key, t.value[i]);
        case APPEND -> sink.op(OpKind.APPEND, key, t.value[i]);
        case READ_LIST -> sink.readList(key, t.lists, t.listFrom[i], t.listLength[i]);
        case CAS_WRITE -> {
          if (t.installs[i]) {
            sink.op(OpKind.WRITE, key, t.value[i]);
          } // a failed compare-and-set is the plain read before it
        }
        case READ, INSERT -> {
          if (t.installs[i]) {
            sink.op(OpKind.WRITE, key, t.value[i]); // an insert that found no value
          } else if (t.value[i] == VersionStore.INITIAL) {
            sink.readInitial(key);
          } else {
            sink.op(OpKind.READ, key, t.value[i]);
          }
        }
        case PREDICATE_READ, PREDICATE_UPDATE, PREDICATE_DELETE, ROW_WRITE, ROW_INSERT ->
            PredicateSteps.emit(t, i, sink);
        default -> throw new IllegalStateException(t.plan.kind(i).name());
      }
    }
    sink.end();
  }
}
