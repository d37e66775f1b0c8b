package io.isoverify.engine;

/**
 * Wall-clock nanoseconds per pipeline phase for one level: non-cycle checks, building the
 * known graph and constraints, pruning, finding components, solving them, and assembling
 * and re-checking the witness or certificates.
 */
public record PhaseNanos(long nonCycle, long graph, long prune, long components, long solve,
    long check) {
  public long total() {
    return nonCycle + graph + prune + components + solve + check;
  }
}
