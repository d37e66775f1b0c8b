package io.isoverify.engine;

import io.isoverify.graph.PhaseProgress;

/**
 * Where an engine tells how far a run has come: the phase that starts (the same names
 * report.json's phase times use: "load", "non-cycle checks", "partition", "solve", ...), and
 * counts inside a phase ("solving components 12/40", "pruning: 1.2M constraints left").
 * Engines call it from any thread; an implementation renders it (the command line on
 * stderr) or ignores it. Calls must be cheap: engines call {@link #progress} at most a few
 * times a second per phase.
 */
public interface ProgressListener extends PhaseProgress {
  /** Ignores everything. */
  ProgressListener NONE = new ProgressListener() {
    @Override
    public void phase(String name) {}

    @Override
    public void progress(String what, long done, long total) {}
  };

  /** Phase {@code name} starts; the previous phase, if any, has ended. */
  @Override
  void phase(String name);

  /**
   * Inside the current phase: {@code done} of {@code total} units of {@code what} (e.g.
   * "components", 12, 40); {@code total} is -1 when unknown, and a count that goes down
   * (constraints left) is given with total -1 as well.
   */
  @Override
  void progress(String what, long done, long total);

  /** This listener with {@code prefix} before every phase name ("SER " + "prune"). */
  default ProgressListener prefixed(String prefix) {
    ProgressListener to = this;
    return prefix.isEmpty() ? this : new ProgressListener() {
      @Override
      public void phase(String name) {
        to.phase(prefix + name);
      }

      @Override
      public void progress(String what, long done, long total) {
        to.progress(what, done, total);
      }

      @Override
      public void retained(String structure, Object root) {
        to.retained(structure, root);
      }
    };
  }
}
