package io.isoverify.datasets.workload;

/**
 * What one planned step does. Register workloads read and write; Elle's list-append workload
 * appends elements and reads whole lists; lightweight transactions (mtc section II-F) are a
 * compare-and-set (a read, then a write that happens only when the read returned what the
 * client expected) or an insert-if-not-exists (a write that happens only when the key has no
 * value yet, else a read of the value it has).
 */
public enum StepKind {
  /** Reads a register: the value of the version the level lets it see. */
  READ,
  /** Writes a register: a new unique value. */
  WRITE,
  /** Appends a new unique element to a list (Elle). */
  APPEND,
  /** Reads a whole list (Elle): every element the level lets it see, oldest first. */
  READ_LIST,
  /**
   * The write half of a compare-and-set: writes a new unique value when the read of the same
   * key just before it returned the value the client expected when it began; otherwise the
   * step does nothing and the transaction is the plain read (mtc II-F).
   */
  CAS_WRITE,
  /**
   * Insert-if-not-exists: writes a new unique value when the key has no value yet; otherwise
   * it is a read of the value the key has (mtc II-F).
   */
  INSERT,
  /**
   * A predicate read (vbox): returns every row whose field {@link TxnPlan#key(int)} lies in
   * [{@link TxnPlan#low(int)}, {@link TxnPlan#high(int)}], each read in the version the level
   * lets it see.
   */
  PREDICATE_READ,
  /**
   * A predicate update (vbox's θ-write): {@code UPDATE SET setField = setValue WHERE field
   * BETWEEN low AND high}: a predicate read, then a new version of every row it returned.
   */
  PREDICATE_UPDATE,
  /**
   * Writes a whole row: key {@link TxnPlan#key(int)} with {@link TxnPlan#ROW_FIELDS} field
   * values (a loader's insert).
   */
  ROW_WRITE,
  /**
   * Inserts a new row: key {@link TxnPlan#key(int)}, which no transaction wrote before, with
   * {@link TxnPlan#ROW_FIELDS} field values (SQL's {@code INSERT}; the history's insert).
   */
  ROW_INSERT,
  /**
   * A predicate delete (vbox's θ-write that removes rows): {@code DELETE WHERE field BETWEEN
   * low AND high}: a predicate read, then a delete of every row it returned.
   */
  PREDICATE_DELETE;

  private static final StepKind[] VALUES = values();

  static StepKind ofOrdinal(int ordinal) {
    return VALUES[ordinal];
  }

  /** True for the kinds that may install a version of their key. */
  public boolean writes() {
    return this == WRITE || this == APPEND || this == CAS_WRITE || this == INSERT
        || this == PREDICATE_UPDATE || this == ROW_WRITE || this == ROW_INSERT
        || this == PREDICATE_DELETE;
  }
}
