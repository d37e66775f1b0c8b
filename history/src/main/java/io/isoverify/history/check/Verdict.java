package io.isoverify.history.check;

/** The answer for one level: three-valued, never HOLDS unless the whole check ran. */
public enum Verdict {
  HOLDS,
  VIOLATED,
  /** A limit was reached (time, memory) or a check is not available: no answer either way. */
  UNKNOWN
}
