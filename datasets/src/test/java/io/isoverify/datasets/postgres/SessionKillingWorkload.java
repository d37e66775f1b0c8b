package io.isoverify.datasets.postgres;

import io.isoverify.datasets.workload.Step;
import io.isoverify.datasets.workload.Workload;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test fixture: a workload that, every {@code period}-th transaction of session 0, has the
 * server terminate the connections of all other sessions, wherever they are in their
 * transactions. Killing from inside session 0's run guarantees the kills happen while the
 * collection runs, without timing. Not thread-safe beyond that: only session 0 kills.
 */
final class SessionKillingWorkload implements Workload, AutoCloseable {
  private final Workload inner;
  private final String jdbcUrl;
  private final int period;
  private Connection killer;
  private int calls;
  private long killed;

  SessionKillingWorkload(Workload inner, String jdbcUrl, int period) {
    this.inner = inner;
    this.jdbcUrl = jdbcUrl;
    this.period = period;
  }

  @Override
  public List<Step> next(int session, SplittableRandom random) {
    if (session == 0 && ++calls % period == 0) {
      killOthers();
    }
    return inner.next(session, random);
  }

  private void killOthers() {
    try {
      if (killer == null) {
        killer = DriverManager.getConnection(jdbcUrl);
      }
      try (Statement s = killer.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(pg_terminate_backend(pid))"
              + " FROM pg_stat_activity WHERE application_name LIKE 'isoverify-session-%'"
              + " AND application_name <> '" + ClientSession.applicationName(0) + "'")) {
        rs.next();
        killed += rs.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("could not kill the other sessions", e);
    }
  }

  /** How many connections it had terminated. */
  long killed() {
    return killed;
  }

  @Override
  public long keys() {
    return inner.keys();
  }

  @Override
  public void close() throws SQLException {
    if (killer != null) {
      killer.close();
    }
  }
}
