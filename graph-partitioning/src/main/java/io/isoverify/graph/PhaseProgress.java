package io.isoverify.graph;

/**
 * Where graph-partitioning tells how far it has come: the step that starts ("graph",
 * "prune", "components": the names report.json gives their times) and counts inside a
 * step ("constraints left" after each pruning round, with total -1). The engines' progress
 * listener is one; {@link #NONE} ignores everything.
 */
public interface PhaseProgress {
  /** Ignores everything. */
  PhaseProgress NONE = new PhaseProgress() {
    @Override
    public void phase(String name) {}

    @Override
    public void progress(String what, long done, long total) {}
  };

  /** Step {@code name} starts. */
  void phase(String name);

  /** {@code done} of {@code total} (-1: unknown, or a count that goes down) of {@code what}. */
  void progress(String what, long done, long total);

  /**
   * From now on the run holds {@code root} (a structure named as the memory budget in
   * spark-jobs/README.md names it: "known graph", "pruning", ...), for benchmarks that
   * measure what each structure costs; ignored by default. O(1).
   */
  default void retained(String structure, Object root) {}
}
