package io.isoverify.datasets.postgres;

import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.datasets.workload.Step;
import io.isoverify.datasets.workload.TxnPlan;
import io.isoverify.datasets.workload.Workload;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every client session of one collection shares: the configuration, the table, the
 * workload (which must be safe to call from several threads, as {@link Workload} implies
 * by taking the session and the random source as arguments), the clock, the source of
 * transaction ids (1, 2, 3, ... in the order transactions begin, so certificates read
 * "T17" rather than a 64-bit code), the sink and the keys' first values (repeated values).
 */
record RunContext(CollectorConfig config, KeyValueTable table, Workload workload,
    MicroClock clock, AtomicLong txnIds, SharedSink sink, RepeatedValues repeated) {

  /** Fills {@code out} with session {@code session}'s next workload transaction. */
  void plan(int session, SplittableRandom random, TxnPlan out) {
    if (workload instanceof PlannedWorkload p) {
      p.plan(session, random, out);
      return;
    }
    out.clear();
    for (Step s : workload.next(session, random)) {
      switch (s.kind()) {
        case READ -> out.read(s.key());
        case WRITE -> out.write(s.key());
        case APPEND -> out.append(s.key());
        case READ_LIST -> out.readList(s.key());
        default -> throw new IllegalStateException(
            "the collector cannot run a " + s.kind() + " step without its arguments");
      }
    }
  }

  /**
   * A new connection at the configured isolation level, outside autocommit, that shows
   * {@code applicationName} in {@code pg_stat_activity}.
   */
  Connection connect(String applicationName) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("ApplicationName", applicationName);
    Connection c = DriverManager.getConnection(config.jdbcUrl(), properties);
    try {
      c.setAutoCommit(false);
      c.setTransactionIsolation(config.isolation().jdbcLevel());
      return c;
    } catch (SQLException e) {
      c.close();
      throw e;
    }
  }
}
