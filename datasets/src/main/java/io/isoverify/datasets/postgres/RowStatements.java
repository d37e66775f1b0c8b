package io.isoverify.datasets.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * One session's statements on a table of rows ({@link KeyValueTable#rows}), for predicate
 * workloads (vbox, Sun and Zou, sections 2 and 6), and how each is recorded:
 * <ul>
 *   <li>a row write: {@code INSERT ... ON CONFLICT DO UPDATE} of both fields, recorded before
 *       it runs as a write setting both fields;
 *   <li>a row insert: a plain {@code INSERT} of a new key, recorded before it runs as an
 *       insert with both fields;
 *   <li>a predicate read: {@code SELECT key, value WHERE v_f BETWEEN lo AND hi}, recorded as a
 *       predicate read followed by a read of each returned row, in key order;
 *   <li>a predicate update: {@code UPDATE SET v_g = c, value = V WHERE v_f BETWEEN lo AND hi
 *       RETURNING key}, recorded after it runs as a predicate read followed by a write of
 *       each row it updated (setting field g), in key order;
 *   <li>a predicate delete: {@code DELETE WHERE v_f BETWEEN lo AND hi RETURNING key},
 *       recorded after it runs as a predicate read followed by a delete of each row.
 * </ul>
 * The rows a predicate update or delete returns are the rows its predicate matched, as the
 * database evaluated it (at READ COMMITTED on the latest versions). Every statement that
 * writes rows gives them one value V of the session's (unique to the statement), so each
 * version of a row has a value of its own and a read of the row names the statement that
 * wrote the version it read; a deleted row's value is only its delete's name. A statement the
 * database refused records nothing after it, and its transaction is recorded as aborted.
 */
final class RowStatements {
  private static final int F = KeyValueTable.ROW_FIELDS;

  private final PreparedStatement write;
  private final PreparedStatement insert;
  private final PreparedStatement[] select = new PreparedStatement[F + 1];
  private final PreparedStatement[] update = new PreparedStatement[(F + 1) * (F + 1)];
  private final PreparedStatement[] delete = new PreparedStatement[F + 1];
  /** The rows a statement returned: keys[i], and for a select values[i]. */
  private long[] keys = new long[16];
  private long[] values = new long[16];

  RowStatements(Connection c, String table) throws SQLException {
    String columns = " (key, value, " + KeyValueTable.field(1) + ", " + KeyValueTable.field(2)
        + ") VALUES (?, ?, ?, ?)";
    insert = c.prepareStatement("INSERT INTO " + table + columns);
    write = c.prepareStatement("INSERT INTO " + table + columns + " ON CONFLICT (key) DO UPDATE"
        + " SET value = EXCLUDED.value, v1 = EXCLUDED.v1, v2 = EXCLUDED.v2");
    for (int f = 1; f <= F; f++) {
      String where = " WHERE " + KeyValueTable.field(f) + " BETWEEN ? AND ?";
      select[f] = c.prepareStatement("SELECT key, value FROM " + table + where + " ORDER BY key");
      delete[f] = c.prepareStatement("DELETE FROM " + table + where + " RETURNING key");
      for (int g = 1; g <= F; g++) {
        update[f * (F + 1) + g] = c.prepareStatement("UPDATE " + table + " SET "
            + KeyValueTable.field(g) + " = ?, value = ?" + where + " RETURNING key");
      }
    }
  }

  /** Writes row {@code key} (an insert when {@code fresh}) with the two field values. */
  void write(long key, long value, long field1, long field2, boolean fresh,
      PendingTransaction out) throws SQLException {
    out.rowWrite(key, value, field1, field2, fresh);
    PreparedStatement s = fresh ? insert : write;
    s.setLong(1, key);
    s.setLong(2, value);
    s.setLong(3, field1);
    s.setLong(4, field2);
    s.executeUpdate();
  }

  /** {@code SELECT ... WHERE v_field BETWEEN low AND high}. */
  void read(int field, long low, long high, PendingTransaction out) throws SQLException {
    PreparedStatement s = select[checked(field)];
    bind(s, 1, low, high);
    int n = 0;
    try (ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        room(n);
        keys[n] = rs.getLong(1);
        values[n++] = rs.getLong(2);
      }
    }
    out.predicateRead(field, low, high, n);
    for (int i = 0; i < n; i++) {
      out.read(keys[i], values[i]);
    }
  }

  /** {@code UPDATE SET v_setField = setValue, value = value WHERE v_field BETWEEN low AND high}. */
  void update(int field, long low, long high, int setField, long setValue, long value,
      PendingTransaction out) throws SQLException {
    PreparedStatement s = update[checked(field) * (F + 1) + checked(setField)];
    s.setLong(1, setValue);
    s.setLong(2, value);
    bind(s, 3, low, high);
    int n = returnedKeys(s);
    out.predicateRead(field, low, high, n);
    for (int i = 0; i < n; i++) {
      out.fieldWrite(keys[i], value, setField, setValue);
    }
  }

  /** {@code DELETE WHERE v_field BETWEEN low AND high}; the deletes are named {@code value}. */
  void delete(int field, long low, long high, long value, PendingTransaction out)
      throws SQLException {
    PreparedStatement s = delete[checked(field)];
    bind(s, 1, low, high);
    int n = returnedKeys(s);
    out.predicateRead(field, low, high, n);
    for (int i = 0; i < n; i++) {
      out.delete(keys[i], value);
    }
  }

  /** Runs a statement with {@code RETURNING key}; the keys, ascending, in keys[0 .. n-1]. */
  private int returnedKeys(PreparedStatement s) throws SQLException {
    int n = 0;
    try (ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        room(n);
        keys[n++] = rs.getLong(1);
      }
    }
    Arrays.sort(keys, 0, n);
    return n;
  }

  private void room(int n) {
    if (n == keys.length) {
      keys = Arrays.copyOf(keys, 2 * n);
      values = Arrays.copyOf(values, 2 * n);
    }
  }

  private static void bind(PreparedStatement s, int at, long low, long high)
      throws SQLException {
    s.setLong(at, low);
    s.setLong(at + 1, high);
  }

  private static int checked(int field) {
    KeyValueTable.field(field);
    return field;
  }
}
