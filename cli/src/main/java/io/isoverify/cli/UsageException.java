package io.isoverify.cli;

/** A wrong option value the parser could not catch; shown as one line, exit code 2. */
final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
