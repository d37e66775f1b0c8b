package io.isoverify.checker;

/**
 * The answer of an independent check: valid, or the first problem found, in words that
 * name transactions, keys and values of the history.
 */
public record Check(boolean valid, String problem) {
  private static final Check OK = new Check(true, "");

  public static Check ok() {
    return OK;
  }

  public static Check rejected(String problem) {
    return new Check(false, problem);
  }
}
