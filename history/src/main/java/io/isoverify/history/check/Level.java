package io.isoverify.history.check;

/** The isolation levels the verifier decides. */
public enum Level {
  /** Serializability. */
  SER,
  /** Snapshot isolation. */
  SI,
  /** Strict serializability: SER plus the real-time order of client timestamps. */
  SSER;

  /**
   * True when every history that satisfies this level satisfies {@code weaker} too: SSER
   * implies SER (a serial order that respects real time is a serial order), and SER implies
   * SI (run one at a time, each transaction starting after the commit before it, no two
   * overlap: the commit order with start points at the commit before, which first committer
   * wins never refuses). A level implies itself; SI implies neither of the others.
   */
  public boolean implies(Level weaker) {
    return this == weaker || this == SSER || (this == SER && weaker == SI);
  }
}
