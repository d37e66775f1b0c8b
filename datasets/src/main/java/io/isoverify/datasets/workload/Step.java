package io.isoverify.datasets.workload;

/**
 * One operation a client intends to run, before it runs: a read or a write of a key. The
 * value a write installs is chosen by whoever executes it (the simulated database, the
 * PostgreSQL collector), which keeps written values unique per key.
 */
public record Step(boolean write, long key) {
  public static Step read(long key) {
    return new Step(false, key);
  }

  public static Step write(long key) {
    return new Step(true, key);
  }
}
