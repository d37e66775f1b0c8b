package io.isoverify.history.anomaly;

/**
 * The named anomalies: Adya's phenomena and the names of the mtc paper (Table I and
 * Figure 5), and Elle's list-append anomalies. The first group is found straight from the history, without any search;
 * the second group are cycles in the dependency graph.
 */
public enum Anomaly {
  // Found without search: a violation of every level we check.
  THIN_AIR_READ("ThinAirRead", "a read returned a value no transaction wrote", false),
  ABORTED_READ("AbortedRead", "a read returned a value written by an aborted transaction (G1a)", false),
  INTERMEDIATE_READ("IntermediateRead", "a read returned a value its writer later overwrote in the same transaction (G1b)", false),
  FUTURE_READ("FutureRead", "a transaction read a value it only writes later", false),
  NOT_MY_OWN_WRITE("NotMyOwnWrite", "a transaction wrote a key and then read a value someone else wrote", false),
  NOT_MY_LAST_WRITE("NotMyLastWrite", "a transaction wrote a key twice and then read its first value", false),
  NON_REPEATABLE_READ("NonRepeatableReads", "a transaction read one key twice, without writing it between, and saw two values", false),
  // Found without search in list-append reads (Elle, Kingsbury and Alvaro, VLDB 2020, 4.2).
  INCOMPATIBLE_ORDER("IncompatibleOrder", "two reads of one list disagree on its order: neither is a prefix of the other", false),
  DUPLICATE_ELEMENTS("DuplicateElements", "a read list holds one appended element twice", false),
  // Found without search in predicate reads (vbox).
  PREDICATE_MISMATCH("PredicateMismatch", "a predicate read returned a row that no version of it matches", false),
  // Cycles in the dependency graph.
  G0("G0", "write cycle: transactions overwrite each other in a cycle", true),
  G1C("G1c", "circular information flow through write and read dependencies", true),
  G_SINGLE("G-single", "a cycle with exactly one anti-dependency (read skew)", true),
  G_NONADJACENT("G-nonadjacent", "a cycle whose anti-dependencies are never adjacent", true),
  G2_ITEM("G2-item", "a cycle with two or more adjacent anti-dependencies (write skew)", true),
  LOST_UPDATE("LostUpdate", "two transactions read the same version and both overwrote it", true),
  WRITE_SKEW("WriteSkew", "two transactions read what the other overwrote", true),
  READ_SKEW("ReadSkew", "a transaction saw part of another's writes, not all", true),
  LONG_FORK("LongFork", "two readers saw two independent writes in opposite orders", true),
  CAUSALITY_VIOLATION("CausalityViolation", "a transaction missed a write that causally precedes what it read", true),
  FRACTURED_READ("FracturedRead", "a transaction saw some but not all writes of another transaction", true),
  SESSION_GUARANTEE_VIOLATION("SessionGuaranteeViolation", "a transaction missed a write of an earlier transaction in its own session", true),
  /**
   * mtc Table I (5(i)): T3 reads y from T2, then x from T1, which T2 had overwritten. A cycle
   * with one anti-dependency; the classifier names its shape (G-single, FracturedRead), so
   * today only injected histories carry this name, as their label.
   */
  NON_MONOTONIC_READ("NonMonotonicRead", "a transaction read one write of another transaction and then an older version that transaction had overwritten", true),
  /**
   * Predicate reads (vbox; Adya's predicate dependencies): a transaction's predicate read
   * missed a row version (or saw one) that another transaction, which it also read from,
   * installed: one key, one anti-dependency through the predicate read and a read of the
   * version after it (a row appearing between two reads of one transaction).
   */
  PHANTOM("Phantom", "a predicate read missed a row version that the same transaction then read (or the reverse)", true),
  /** A cycle with one anti-dependency, some edge resting on a predicate read (vbox). */
  PREDICATE_READ_SKEW("PredicateReadSkew", "through a predicate read, a transaction saw part of another's writes, not all", true),
  /** Two transactions, two anti-dependencies, one resting on a predicate read (vbox). */
  PREDICATE_WRITE_SKEW("PredicateWriteSkew", "two transactions each missed, through a predicate read, what the other wrote", true),
  REALTIME_VIOLATION("RealtimeViolation", "a transaction missed a write that finished before it started", true),
  CYCLE("Cycle", "a cycle in the dependency graph", true),
  /**
   * Found by an audit in rounds (cobra 4.3): a read returned a value whose writer the audit
   * had collected as obsolete, overwritten before every transaction still to come (cobra
   * Claim 41: no serializable order lets a later transaction read it). Its writer is no
   * longer held, so no certificate the checker could replay comes with it.
   */
  READ_OF_COLLECTED_WRITE("ReadOfCollectedWrite", "a read returned a version the audit had collected: one overwritten before every later transaction (cobra 4.3)", false);

  private final String displayName;
  private final String meaning;
  private final boolean cycle;

  Anomaly(String displayName, String meaning, boolean cycle) {
    this.displayName = displayName;
    this.meaning = meaning;
    this.cycle = cycle;
  }

  /** The name users know it by (Adya's or the mtc paper's). */
  public String displayName() {
    return displayName;
  }

  /** One sentence saying what happened. */
  public String meaning() {
    return meaning;
  }

  /** True for the anomalies that are cycles in the dependency graph. */
  public boolean isCycle() {
    return cycle;
  }
}
