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
 *
 * <p>For list-append workloads (Elle) the value is a list: {@code value bigint[] not null},
 * one row per key, holding the elements appended so far, oldest first; an absent row is the
 * empty list. An append is one upsert that concatenates ({@link #appendSql}), a read returns
 * the whole array. One row per key, rather than one row per element, makes the list the
 * key's version: the database orders appends to a key as it orders writes of a row (row
 * locks, first-updater-wins, SSI's conflicts), so the list a read returns is a state the key
 * had. With a row per element, ordered by a sequence, the order would be the order elements
 * were inserted, not committed, and concurrent appends would show lists no state had.
 */
public final class KeyValueTable {
  /** The value the preload puts in every row; reading it is reading the initial state. */
  public static final long INITIAL_VALUE = 0;

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  /** The fields of a row, {@code v1 .. v<ROW_FIELDS>}. */
  public static final int ROW_FIELDS = io.isoverify.datasets.workload.TxnPlan.ROW_FIELDS;

  private final String name;
  private final boolean lists;
  private final boolean rows;

  /**
   * A table of registers.
   *
   * @param name an unquoted lower-case SQL identifier (it is put into statements as is)
   * @throws IllegalArgumentException when it is not one
   */
  public KeyValueTable(String name) {
    this(name, false);
  }

  /**
   * @param name an unquoted lower-case SQL identifier (it is put into statements as is)
   * @param lists true for a table of lists (list-append), false for registers
   * @throws IllegalArgumentException when the name is not one
   */
  public KeyValueTable(String name, boolean lists) {
    this(name, lists, false);
  }

  private KeyValueTable(String name, boolean lists, boolean rows) {
    if (!IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException("table name '" + name
          + "' is not a lower-case SQL identifier ([a-z_][a-z0-9_]*, at most 63 characters)");
    }
    this.name = name;
    this.lists = lists;
    this.rows = rows;
  }

  /**
   * A table of rows with fields, for predicate workloads.
   *
   * @param name an unquoted lower-case SQL identifier (it is put into statements as is)
   * @throws IllegalArgumentException when it is not one
   */
  public static KeyValueTable rows(String name) {
    return new KeyValueTable(name, false, true);
  }

  /** True for a table of rows with fields (predicate workloads). */
  public boolean rows() {
    return rows;
  }

  /** True for a table of lists. */
  public boolean lists() {
    return lists;
  }

  public String name() {
    return name;
  }

  /**
   * Drops and recreates the table, then fills keys 0..preloadKeys-1 with
   * {@link #INITIAL_VALUE} (none when preloadKeys is 0, and never for lists or rows), in one
   * transaction.
   */
  public void reset(Connection connection, long preloadKeys) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try (Statement s = connection.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + name);
      s.execute("CREATE TABLE " + name + " (key bigint PRIMARY KEY, value bigint"
          + (lists ? "[]" : "") + " NOT NULL" + (rows ? fieldColumns() : "") + ")");
      for (int f = 1; rows && f <= ROW_FIELDS; f++) {
        s.execute("CREATE INDEX ON " + name + " (" + field(f) + ")");
      }
      if (preloadKeys > 0 && !lists && !rows) {
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

  /** Reads one key's value (a list: the whole array); no row means the initial state. */
  public String selectSql() {
    return "SELECT value FROM " + name + " WHERE key = ?";
  }

  /** Writes one key's value, inserting the row when it is absent. */
  public String upsertSql() {
    return "INSERT INTO " + name + " (key, value) VALUES (?, ?)"
        + " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value";
  }

  private static String fieldColumns() {
    StringBuilder b = new StringBuilder();
    for (int f = 1; f <= ROW_FIELDS; f++) {
      b.append(", ").append(field(f)).append(" bigint NOT NULL");
    }
    return b.toString();
  }

  /**
   * The column of field {@code f} (1 .. {@link #ROW_FIELDS}).
   *
   * @throws IllegalArgumentException for another field
   */
  static String field(long f) {
    if (f < 1 || f > ROW_FIELDS) {
      throw new IllegalArgumentException("rows have fields 1 to " + ROW_FIELDS + ", not " + f);
    }
    return "v" + f;
  }

  /** Appends one element to a key's list, creating the row with a one-element list. */
  public String appendSql() {
    return "INSERT INTO " + name + " AS t (key, value) VALUES (?, ARRAY[?]::bigint[])"
        + " ON CONFLICT (key) DO UPDATE SET value = t.value || EXCLUDED.value";
  }
}
