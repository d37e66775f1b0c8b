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
  SERIALIZABLE("serializable", Connection.TRANSACTION_SERIALIZABLE, Level.SER),
  REPEATABLE_READ("repeatable-read", Connection.TRANSACTION_REPEATABLE_READ, Level.SI),
  READ_COMMITTED("read-committed", Connection.TRANSACTION_READ_COMMITTED, null);

  private final String cliName;
  private final int jdbcLevel;
  private final Level guaranteed;

  PostgresIsolation(String cliName, int jdbcLevel, Level guaranteed) {
    this.cliName = cliName;
    this.jdbcLevel = jdbcLevel;
    this.guaranteed = guaranteed;
  }

  /** The name on the command line. */
  public String cliName() {
    return cliName;
  }

  /** The level with this command-line name ("_" taken for "-", any case), or null. */
  public static PostgresIsolation ofCliName(String name) {
    for (PostgresIsolation i : values()) {
      if (i.cliName.equalsIgnoreCase(name.replace('_', '-'))) {
        return i;
      }
    }
    return null;
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
