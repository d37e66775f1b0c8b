package io.isoverify.datasets.postgres;

import io.isoverify.datasets.workload.Workload;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every client session of one collection shares: the configuration, the table, the
 * workload (which must be safe to call from several threads, as {@link Workload} implies
 * by taking the session and the random source as arguments), the clock, the source of
 * transaction ids (1, 2, 3, ... in the order transactions begin, so certificates read
 * "T17" rather than a 64-bit code) and the sink.
 */
record RunContext(CollectorConfig config, KeyValueTable table, Workload workload,
    MicroClock clock, AtomicLong txnIds, SharedSink sink) {

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
