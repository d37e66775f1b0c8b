package io.isoverify.history.anomaly;

/** The kinds of dependency between two transactions (ARCHITECTURE.md; Adya, cobra section 2). */
public enum EdgeType {
  /** Session order: the same session ran the first before the second. */
  SO,
  /** Write-read: the second read a value the first wrote. */
  WR,
  /** Write-write: the second overwrote the first's version of a key. */
  WW,
  /** Read-write (anti-dependency): the second overwrote the version the first read. */
  RW,
  /** Real time: the first ended (client clock) before the second started. */
  RT
}
