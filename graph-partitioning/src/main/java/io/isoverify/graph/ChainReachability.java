package io.isoverify.graph;

/** Placeholder; see the final version. */
final class ChainReachability {
  private ChainReachability() {
  }
}
