package io.isoverify.graph;

import java.util.Arrays;

/**
 * The version-order constraints of a polygraph as built (cobra section 3.2, polysi
 * Definition 9), one per unordered pair of chains (A, B) of a key: side 0 is "A before B",
 * side 1 "B before A", each the edges {@link Chains#addBefore} gives (WW tail -> head and RW
 * from every reader of the tail to the head). Only the two chain numbers are stored (8
 * bytes a constraint); a side's edges are written out when pruning tests it. Storing them
 * took 450 bytes per transaction on the general benchmark history, a third of the live heap
 * when pruning starts, and stopped 10M-transaction histories at 16 GiB (spark-jobs/README.md,
 * memory budget). Pruning marks constraints dead; the components read the live ones through
 * {@link Constraints}.
 */
final class ChainPairs {
  private final Chains chains;
  private final IntBuffer pairs = new IntBuffer();
  private boolean[] dead = new boolean[16];

  ChainPairs(Chains chains) {
    this.chains = chains;
  }

  int count() {
    return pairs.size() / 2;
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

  /** Appends the constraint "chain a before chain b" (side 0) or "b before a" (side 1). */
  void add(int a, int b) {
    pairs.add(a);
    pairs.add(b);
    if (count() > dead.length) {
      dead = Arrays.copyOf(dead, dead.length * 2);
    }
  }

  /** Replaces {@code out}'s edges by side {@code side} of constraint c; O(its edges). */
  void side(int c, int side, EdgeList out) {
    out.clear();
    chains.addBefore(before(c, side), after(c, side), out);
  }

  /** The vertex side {@code side}'s WW edge leaves (the tail of the chain put first). */
  int wwFrom(int c, int side) {
    return chains.versions.slotVertex[chains.chainTail[before(c, side)]];
  }

  /** The vertex side {@code side}'s WW edge enters (the head of the chain put second). */
  int wwTo(int c, int side) {
    return chains.versions.slotVertex[chains.chainHead[after(c, side)]];
  }

  /** The key of constraint c. */
  int key(int c) {
    return chains.versions.slotKey[chains.chainTail[pairs.get(2 * c)]];
  }

  private int before(int c, int side) {
    return pairs.get(2 * c + side);
  }

  private int after(int c, int side) {
    return pairs.get(2 * c + 1 - side);
  }
}
