package io.isoverify.history.check;

/** The isolation levels the verifier decides. */
public enum Level {
  /** Serializability. */
  SER,
  /** Snapshot isolation. */
  SI,
  /** Strict serializability: SER plus the real-time order of client timestamps. */
  SSER
}
