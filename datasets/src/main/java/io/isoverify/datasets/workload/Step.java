package io.isoverify.datasets.workload;

/**
 * One operation a client intends to run, before it runs: its kind and its key. The value a
 * write or append installs is chosen by whoever executes it (the simulated database, the
 * PostgreSQL collector), which keeps written values unique per key.
 */
public record Step(StepKind kind, long key) {
  public static Step read(long key) {
    return new Step(StepKind.READ, key);
  }

  public static Step write(long key) {
    return new Step(StepKind.WRITE, key);
  }

  public static Step append(long key) {
    return new Step(StepKind.APPEND, key);
  }

  public static Step readList(long key) {
    return new Step(StepKind.READ_LIST, key);
  }

  /** True when the step may install a version. */
  public boolean write() {
    return kind.writes();
  }
}
