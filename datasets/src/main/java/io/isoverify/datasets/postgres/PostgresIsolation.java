package io.isoverify.datasets.postgres;

import io.isoverify.history.check.Level;
import java.sql.Connection;
import java.util.Optional;

/**
 * The PostgreSQL isolation levels a collection runs at, with the level of the verifier a
 * history collected at each should satisfy. PostgreSQL's REPEATABLE READ is snapshot
 * isolation (it never shows the phantoms SQL allows there, and it forbids lost updates by
 * aborting the second writer); its SERIALIZABLE is serializable snapshot isolation (SSI),
 * which aborts transactions whose dependencies could close a cycle. READ COMMITTED takes a
 * new snapshot per statement, so lost updates, write skew and more are allowed, and no
 * level of the verifier is promised.
 */
public enum PostgresIsolation {
  SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE, Level.SER),
  REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ, Level.SI),
  READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED, null);

  private final int jdbcLevel;
  private final Level guaranteed;

  PostgresIsolation(int jdbcLevel, Level guaranteed) {
    this.jdbcLevel = jdbcLevel;
    this.guaranteed = guaranteed;
  }

  /** The {@link Connection} constant that selects this level. */
  public int jdbcLevel() {
    return jdbcLevel;
  }

  /** The strongest verifier level PostgreSQL promises at this isolation level, if any. */
  public Optional<Level> guaranteed() {
    return Optional.ofNullable(guaranteed);
  }
}
