package io.isoverify.graph;

/**
 * The version-order constraints pruning left, as the components read them (cobra appendix
 * B.3): constraint c's side s is the edges of {@link ChainPairs#side} plus the RW edges of
 * the readers pruning resolved to the version its WW edge overwrites
 * ({@link ReadPruning#addLate}). The sides are written out each time they are asked for,
 * never stored: at 10M transactions of the general benchmark history the 25.7M live
 * constraints' edges took 2.3 GB as a copy, the margin by which the components did not fit
 * in 16 GiB. Numbers and dead constraints are those of the {@link ChainPairs}.
 */
final class Constraints {
  private final ChainPairs pairs;
  private final ReadPruning reads;
  private final boolean late;

  Constraints(ChainPairs pairs, ReadPruning reads) {
    this.pairs = pairs;
    this.reads = reads;
    this.late = reads.anyLate();
  }

  int count() {
    return pairs.count();
  }

  boolean alive(int c) {
    return pairs.alive(c);
  }

  /** Replaces {@code out}'s edges by side s of live constraint c; O(its edges). */
  void side(int c, int s, EdgeList out) {
    pairs.side(c, s, out);
    if (late) {
      reads.addLate(out.from(0), out.to(0), out.key(0), out);
    }
  }
}
