package io.isoverify.graph;

/**
 * Constraints of a polygraph (cobra section 3.2, polysi Definition 9): each constraint c
 * offers two sides, sets of typed edges, exactly one of which holds in every compatible
 * graph. Side s of c is edges {@code sideStart[2c+s] .. sideStart[2c+s+1]-1} of
 * {@link #edges} (the same encoding as {@link Component}). Side 0 of a chain pair (A, B)
 * is "A before B": WW tail(A) -> head(B) and RW from every reader of tail(A) to head(B).
 * Constraints are only appended; pruning marks them dead.
 */
final class Constraints {
  final EdgeList edges = new EdgeList();
  private final IntBuffer sideStart = new IntBuffer();
  private boolean[] dead = new boolean[16];

  Constraints() {
    sideStart.add(0);
  }

  int count() {
    return (sideStart.size() - 1) / 2;
  }

  int begin(int c, int side) {
    return sideStart.get(2 * c + side);
  }

  int end(int c, int side) {
    return sideStart.get(2 * c + side + 1);
  }

  boolean alive(int c) {
    return !dead[c];
  }

  void kill(int c) {
    dead[c] = true;
  }

  int aliveCount() {
    int n = 0;
    for (int c = 0; c < count(); c++) {
      if (!dead[c]) {
        n++;
      }
    }
    return n;
  }

  /**
   * The same constraints (same numbers, same dead ones) with the dead ones' sides emptied,
   * in arrays of the size they need, and with the RW edges of the readers pruning resolved
   * to a version ({@link ReadPruning#addLate}) added to the live sides whose WW edge
   * overwrites it. After pruning most constraints are dead (70% on the 1M benchmark
   * history), and their edges would stay on the heap while the components are built and
   * solved. One copy, O(edges).
   */
  Constraints compacted(ReadPruning reads) {
    boolean late = reads.anyLate();
    Constraints out = new Constraints();
    for (int c = 0; c < count(); c++) {
      for (int side = 0; side < 2; side++) {
        if (!dead[c]) {
          int b = begin(c, side);
          out.edges.addRange(edges, b, end(c, side));
          if (late) {
            reads.addLate(edges.from(b), edges.to(b), edges.key(b), out.edges);
          }
        }
        out.sideStart.add(out.edges.size());
      }
    }
    out.edges.trim();
    out.dead = dead.clone();
    return out;
  }

  /** Appends the constraint "chain a before chain b" (side 0) or "b before a" (side 1). */
  void addChainPair(Chains chains, int a, int b) {
    chains.addBefore(a, b, edges);
    sideStart.add(edges.size());
    chains.addBefore(b, a, edges);
    sideStart.add(edges.size());
    if (count() > dead.length) {
      dead = java.util.Arrays.copyOf(dead, dead.length * 2);
    }
  }
}
