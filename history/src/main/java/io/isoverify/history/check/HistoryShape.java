package io.isoverify.history.check;

/**
 * What the transactions of a history look like, as far as the choice of a check goes
 * ({@link TransactionShapes} decides it): whether it is a mini-transaction history (mtc
 * Definitions 8 and 9) and whether it is a lightweight-transaction history (mtc IV-E), each
 * with the reason it is not, naming the first transaction that breaks the shape.
 *
 * @param notMini why the history is not a mini-transaction history, or null when it is
 * @param notLightweight why it is not a lightweight-transaction history, or null when it is
 *     (a lightweight-transaction history is a mini-transaction history)
 */
public record HistoryShape(String notMini, String notLightweight) {
  /** What the mini-transaction path rests on, in the words reports use. */
  public static final String MINI = "every transaction reads before it writes, at most 2 reads "
      + "and 2 writes, written values unique";
  /** What the lightweight-transaction path rests on. */
  public static final String LIGHTWEIGHT = "every transaction is a compare-and-set, an insert or "
      + "a read of one key, with client timestamps, sessions in real-time order: "
      + "linearizability per key";

  public HistoryShape {
    if (notMini != null && notLightweight == null) {
      throw new IllegalArgumentException("a lightweight-transaction history is a mini-transaction history");
    }
  }

  public boolean mini() {
    return notMini == null;
  }

  public boolean lightweight() {
    return notLightweight == null;
  }

  /**
   * The path {@code level} takes on this history: SSER of lightweight transactions is
   * linearizability per key (mtc IV-E); every level of a mini-transaction history is one
   * cycle search on its known graph (mtc IV-B); anything else the general path.
   */
  public PathChoice path(Level level) {
    if (level == Level.SSER && lightweight()) {
      return new PathChoice(CheckPath.LIGHTWEIGHT_TRANSACTIONS, LIGHTWEIGHT);
    }
    if (mini()) {
      return new PathChoice(CheckPath.MINI_TRANSACTIONS, level == Level.SSER
          ? MINI + "; real time by frontier edges (" + notLightweight + ")" : MINI);
    }
    return new PathChoice(CheckPath.GENERAL, notMini);
  }
}
