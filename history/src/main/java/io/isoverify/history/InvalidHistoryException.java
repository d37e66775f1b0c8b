package io.isoverify.history;

/**
 * A history that cannot be checked: unreadable, malformed, or inconsistent in itself.
 * The message always names the file, the place in it (row, transaction, line or byte
 * offset) and the problem, so that the command can show it as the user's only message.
 */
public final class InvalidHistoryException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final String location;
  private final String problem;

  public InvalidHistoryException(String file, String location, String problem) {
    this(file, location, problem, null);
  }

  public InvalidHistoryException(String file, String location, String problem, Throwable cause) {
    super(format(file, location, problem), cause);
    this.file = file;
    this.location = location;
    this.problem = problem;
  }

  /** How the canonical forms name a row in messages: "row N". */
  public static String row(long row) {
    return "row " + row;
  }

  /** A problem at {@code row} of {@code file} ({@link #row}). */
  public static InvalidHistoryException atRow(String file, long row, String problem) {
    return new InvalidHistoryException(file, row(row), problem);
  }

  /** A problem of the transaction whose id in {@code file} is {@code txn}. */
  public static InvalidHistoryException atTransaction(String file, long txn, String problem) {
    return new InvalidHistoryException(file, "transaction " + txn, problem);
  }

  private static String format(String file, String location, String problem) {
    return location == null || location.isEmpty()
        ? file + ": " + problem
        : file + ": " + location + ": " + problem;
  }

  public String file() {
    return file;
  }

  /** Where in the file, for example "row 17" or "transaction 42"; empty for the whole file. */
  public String location() {
    return location;
  }

  public String problem() {
    return problem;
  }
}
