package io.isoverify.history.check;

/**
 * The path a level took and why, in words: "mini-transactions (every transaction reads
 * before it writes, ...)", "general (transaction T17 has 3 reads: not a mini-transaction)".
 */
public record PathChoice(CheckPath path, String reason) {
  /** "general (transaction T17 has 3 reads: not a mini-transaction)". */
  @Override
  public String toString() {
    return path.displayName() + " (" + reason + ")";
  }
}
