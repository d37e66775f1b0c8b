package io.isoverify.datasets.postgres;

import java.sql.SQLException;

/**
 * A collection that cannot go on: the database refused something other than a
 * serialization failure (a missing table, a lost server that does not come back, bad
 * credentials). The message names the session and transaction and carries PostgreSQL's
 * message and SQLState, so that the command can show it as is.
 */
public final class CollectionException extends Exception {
  private static final long serialVersionUID = 1L;

  public CollectionException(String where, SQLException cause) {
    super(where + ": " + cause.getMessage() + " (SQLState " + cause.getSQLState() + ")", cause);
  }

  public CollectionException(String message) {
    super(message);
  }
}
