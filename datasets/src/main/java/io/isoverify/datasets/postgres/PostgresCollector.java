package io.isoverify.datasets.postgres;

import io.isoverify.datasets.workload.Workload;
import io.isoverify.datasets.workload.WorkloadFamily;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records a history from a real PostgreSQL: resets the key-value table, opens one JDBC
 * connection per client session, then runs the sessions concurrently (one thread each, see
 * {@link ClientSession}) and streams every transaction they attempt into a
 * {@link HistorySink} as soon as its outcome is known. Memory stays at one pending
 * transaction per session however long the run.
 *
 * <p>Session s's workload transactions come from its own random source, the s-th split of
 * the seed's, so a seed fixes what each session intends to run; the interleaving, and so
 * the history, is up to the database. The caller owns the sink and closes it.
 */
public final class PostgresCollector {
  private final CollectorConfig config;

  public PostgresCollector(CollectorConfig config) {
    this.config = config;
  }

  /**
   * Runs the collection and returns what it did.
   *
   * @throws CollectionException when the database fails otherwise than by aborting a
   *     transaction (the first session's failure; the others are finished first)
   * @throws IOException when the sink fails
   * @throws IllegalArgumentException when the workload has too many keys to preload, or is
   *     of a family the collector cannot run
   */
  public CollectionResult collect(Workload workload, HistorySink sink)
      throws CollectionException, IOException, InterruptedException {
    checkWorkload(workload);
    config.checkPreload(workload.keys());
    KeyValueTable table = workload.family() == WorkloadFamily.PREDICATE
        ? KeyValueTable.rows(config.table())
        : new KeyValueTable(config.table(), workload.family() == WorkloadFamily.LIST_APPEND);
    RunContext run = new RunContext(config, table, workload, new MicroClock(), new AtomicLong(1),
        new SharedSink(sink), new RepeatedValues(config.values()));
    try (Connection setup = run.connect("isoverify-setup")) {
      table.reset(setup, config.preload() ? workload.keys() : 0);
    } catch (SQLException e) {
      throw new CollectionException("preparing table " + table.name(), e);
    }
    List<ClientSession> sessions = openSessions(run);
    AtomicLong threadNumber = new AtomicLong();
    ExecutorService threads = Executors.newFixedThreadPool(sessions.size(), r -> {
      Thread t = new Thread(r, "postgres-session-" + threadNumber.getAndIncrement());
      t.setDaemon(true);
      return t;
    });
    try {
      long begin = System.nanoTime();
      List<Future<CollectionResult>> done = threads.invokeAll(sessions);
      long elapsed = System.nanoTime() - begin;
      return sum(done).withElapsed(elapsed);
    } finally {
      threads.shutdown();
    }
  }

  /**
   * Refuses a workload the collector cannot run on PostgreSQL: lightweight transactions
   * (compare-and-set, insert-if-not-exists) have no statements here.
   *
   * @throws IllegalArgumentException saying which families it runs
   */
  public static void checkWorkload(Workload workload) {
    if (workload.family() == WorkloadFamily.LIGHTWEIGHT_TRANSACTION) {
      throw new IllegalArgumentException("the PostgreSQL collector runs "
          + WorkloadFamily.REGISTER.description() + ", " + WorkloadFamily.LIST_APPEND.description()
          + ", " + WorkloadFamily.MINI_TRANSACTION.description() + " and "
          + WorkloadFamily.PREDICATE.description() + ", not " + workload.family().description());
    }
  }

  /** Connects every session before any runs, so that all start together. */
  private List<ClientSession> openSessions(RunContext run) throws CollectionException {
    SplittableRandom seeds = new SplittableRandom(config.seed());
    List<ClientSession> sessions = new ArrayList<>(config.sessions());
    try {
      for (int s = 0; s < config.sessions(); s++) {
        Connection c = run.connect(ClientSession.applicationName(s));
        try {
          sessions.add(new ClientSession(run, s, c, seeds.split()));
        } catch (SQLException e) {
          c.close();
          throw e;
        }
      }
      return sessions;
    } catch (SQLException e) {
      for (ClientSession opened : sessions) {
        opened.close();
      }
      throw new CollectionException("connecting session " + sessions.size(), e);
    }
  }

  private static CollectionResult sum(List<Future<CollectionResult>> done)
      throws CollectionException, IOException, InterruptedException {
    CollectionResult total = new CollectionResult(0, 0, 0, 0, 0);
    Throwable failure = null;
    for (Future<CollectionResult> f : done) {
      try {
        total = total.plus(f.get());
      } catch (ExecutionException e) {
        failure = failure == null ? e.getCause() : failure;
      }
    }
    if (failure instanceof CollectionException c) {
      throw c;
    }
    if (failure instanceof IOException io) {
      throw io;
    }
    if (failure instanceof RuntimeException r) {
      throw r;
    }
    if (failure != null) {
      throw new IllegalStateException("a client session failed", failure);
    }
    return total;
  }
}
