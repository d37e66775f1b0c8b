package io.isoverify.history;

/** How a transaction ended, as the client saw it. */
public enum Outcome {
  COMMITTED("committed"),
  ABORTED("aborted"),
  /** The client got no answer: the transaction may or may not have committed. */
  UNKNOWN("unknown");

  private final String code;

  Outcome(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }

  private static final Outcome[] VALUES = values();

  public static Outcome ofOrdinal(int ordinal) {
    return VALUES[ordinal];
  }

  /** The outcome with this code, or null when none has it. */
  public static Outcome ofCode(String code) {
    for (Outcome o : VALUES) {
      if (o.code.equals(code)) {
        return o;
      }
    }
    return null;
  }
}
