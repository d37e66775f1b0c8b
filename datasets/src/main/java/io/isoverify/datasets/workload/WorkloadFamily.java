package io.isoverify.datasets.workload;

/**
 * The shape of the histories a workload makes, which decides the anomalies that can be
 * injected into them without leaving the shape: a mini-transaction history stays one, a
 * list-append history gets its anomalies through read lists.
 */
public enum WorkloadFamily {
  /** Reads and writes of registers, any number per transaction. */
  REGISTER("read-write registers"),
  /** Elle's appends and whole-list reads (Kingsbury and Alvaro, VLDB 2020, section 4). */
  LIST_APPEND("list-append"),
  /** mtc's mini-transactions (Definition 8): one or two reads, each write after a read of its key. */
  MINI_TRANSACTION("mini-transactions"),
  /** mtc's lightweight transactions (section II-F): an insert-if-not-exists or a compare-and-set. */
  LIGHTWEIGHT_TRANSACTION("lightweight transactions"),
  /**
   * Rows with fields, read and updated through range predicates (vbox's BlindW-Pred: Sun and
   * Zou, section 6), in {@link StepKind#PREDICATE_READ}, {@link StepKind#PREDICATE_UPDATE},
   * {@link StepKind#PREDICATE_DELETE}, {@link StepKind#ROW_WRITE} and {@link
   * StepKind#ROW_INSERT} steps.
   */
  PREDICATE("predicate reads and updates of rows");

  private final String description;

  WorkloadFamily(String description) {
    this.description = description;
  }

  /** How the family is named in messages. */
  public String description() {
    return description;
  }
}
