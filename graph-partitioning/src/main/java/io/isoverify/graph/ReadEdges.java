package io.isoverify.graph;

import io.isoverify.history.anomaly.EdgeType;

/**
 * The edges of the WR constraints pruning left open, over global vertices (veristrong
 * Appendix D, Algorithms 7 and 8): each live candidate W of a read by R on key x brings
 * W -WR-> R and R -RW-> U for every known W -WW-> U (its own edges); each side of a live
 * version-order constraint whose WW edge is W -> U brings R -RW-> U when W is a live
 * candidate of R's read (a derived edge, on only when both the side and the candidate are
 * chosen); a derived edge that closes a cycle with the known paths alone is marked, for
 * the solver's clause "not both" (veristrong section 6.1.2, Case II).
 *
 * <pre>
 *   candidate i's edges   edges[edgeStart[i] .. edgeStart[i+1]-1] (none when it is dead or
 *                         its read resolved)
 *   derived edge d        derived[d], guarded by (constraint[d], side[d]) and candidate[d]
 * </pre>
 * Cost O(candidates + their known WW successors + live sides x the candidates of the
 * version their WW edge leaves).
 */
final class ReadEdges {
  private static final int WR = EdgeType.WR.ordinal();
  private static final int RW = EdgeType.RW.ordinal();

  final ReadConstraints reads;
  final int[] edgeStart;
  final EdgeList edges = new EdgeList();
  final EdgeList derived = new EdgeList();
  final IntBuffer constraint = new IntBuffer();
  final IntBuffer side = new IntBuffer();
  final IntBuffer candidate = new IntBuffer();
  /** Per derived edge: whether it closes a cycle with the known paths by itself. */
  final java.util.BitSet closes = new java.util.BitSet();
  /**
   * Derived edges of side s of constraint c: derivedStart[2c+s] .. derivedStart[2c+s+1]-1;
   * null when no read is open, so that none is derived (two ints per constraint: 134 bytes
   * per transaction of the 1M general history at SI, held while the components are built).
   */
  private final int[] derivedStart;
  private final Versions versions;

  /** Whether a typed edge would close a cycle with the known graph's paths. */
  interface Closes {
    boolean test(int from, int to, int type);
  }

  ReadEdges(Versions versions, ReadPruning pruning, ChainPairs cons, Closes test) {
    this.versions = versions;
    reads = pruning.reads();
    pruning.scanKnown();
    int cands = reads.candSlot.length;
    edgeStart = new int[cands + 1];
    for (int i = 0; i < cands; i++) {
      edgeStart[i] = edges.size();
      if (live(i)) {
        int j = reads.constraintOf[i];
        int slot = reads.candSlot[i];
        int r = reads.reader[j];
        edges.add(versions.slotVertex[slot], r, WR, reads.key[j]);
        for (int x = pruning.successorHead(slot); x >= 0; x = pruning.successorNext(x)) {
          if (pruning.successorTo(x) != r) {
            edges.add(r, pruning.successorTo(x), RW, reads.key[j]);
          }
        }
      }
    }
    edgeStart[cands] = edges.size();
    if (reads.liveCount() == 0) {
      derivedStart = null;
      return;
    }
    derivedStart = new int[2 * cons.count() + 1];
    for (int c = 0; c < cons.count(); c++) {
      for (int s = 0; s < 2; s++) {
        derivedStart[2 * c + s] = derived.size();
        if (!cons.alive(c)) {
          continue;
        }
        int key = cons.key(c);
        int to = cons.wwTo(c, s);
        int slot = versions.slot(key, cons.wwFrom(c, s));
        for (int k = slot < 0 ? 0 : reads.bySlotStart[slot]; slot >= 0 && k < reads.bySlotStart[slot + 1]; k++) {
          int i = reads.bySlot[k];
          int r = reads.reader[reads.constraintOf[i]];
          if (live(i) && r != to) {
            closes.set(derived.size(), test.test(r, to, RW));
            derived.add(r, to, RW, key);
            constraint.add(c);
            side.add(s);
            candidate.add(i);
          }
        }
      }
    }
    derivedStart[2 * cons.count()] = derived.size();
  }

  /**
   * Where the derived edges of side s of constraint c begin, at {@code 2c + s}; at
   * {@code 2c + s + 1} they end.
   */
  int derivedAt(int sideIndex) {
    return derivedStart == null ? 0 : derivedStart[sideIndex];
  }

  /** The vertex of candidate i's writer. */
  int writerVertex(int i) {
    return versions.slotVertex[reads.candSlot[i]];
  }

  /** True when candidate i is still open: not eliminated, and its read not resolved. */
  boolean live(int i) {
    return !reads.dead[i] && reads.live(reads.constraintOf[i]);
  }
}
