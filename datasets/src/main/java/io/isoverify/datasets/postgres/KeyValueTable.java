package io.isoverify.datasets.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/**
 * The key-value table a collection runs against: {@code (key bigint primary key, value
 * bigint not null)}. Invariant: a row holds either {@link #INITIAL_VALUE} (put there by the
 * preload, standing for the key's initial state) or a value one collected write installed,
 * and collected writes never install {@link #INITIAL_VALUE}; an absent row is the initial
 * state too. So every read maps to exactly one writer, or to the initial state.
 */
public final class KeyValueTable {
  /** The value the preload puts in every row; reading it is reading the initial state. */
  public static final long INITIAL_VALUE = 0;

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private final String name;

  /**
   * @param name an unquoted lower-case SQL identifier (it is put into statements as is)
   * @throws IllegalArgumentException when it is not one
   */
  public KeyValueTable(String name) {
    if (!IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException("table name '" + name
          + "' is not a lower-case SQL identifier ([a-z_][a-z0-9_]*, at most 63 characters)");
    }
    this.name = name;
  }

  public String name() {
    return name;
  }

  /**
   * Drops and recreates the table, then fills keys 0..preloadKeys-1 with
   * {@link #INITIAL_VALUE} (none when preloadKeys is 0), in one transaction.
   */
  public void reset(Connection connection, long preloadKeys) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try (Statement s = connection.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + name);
      s.execute("CREATE TABLE " + name + " (key bigint PRIMARY KEY, value bigint NOT NULL)");
      if (preloadKeys > 0) {
        s.execute("INSERT INTO " + name + " SELECT g, " + INITIAL_VALUE
            + " FROM generate_series(0, " + (preloadKeys - 1) + ") AS g");
      }
      connection.commit();
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(autoCommit);
    }
  }

  /** Reads one key's value; no row means the initial state. */
  public String selectSql() {
    return "SELECT value FROM " + name + " WHERE key = ?";
  }

  /** Writes one key's value, inserting the row when it is absent. */
  public String upsertSql() {
    return "INSERT INTO " + name + " (key, value) VALUES (?, ?)"
        + " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value";
  }
}
