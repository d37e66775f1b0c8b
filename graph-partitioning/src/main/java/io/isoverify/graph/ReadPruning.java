package io.isoverify.graph;

import io.isoverify.history.anomaly.EdgeType;

/**
 * Pruning of the WR constraints (veristrong section 6.1.1, Cases II and III; Appendix D,
 * Algorithm 5 lines 18-28; Figure 18's WR-ELIM, WR-INTRO and NO-CHOICE), beside
 * {@link Pruner}'s pruning of the WW ones and to the same fixpoint. A candidate writer W of a
 * read by R on key x brings the edge W -WR-> R and, for every known W -WW-> U, the edge
 * R -RW-> U (the version R read was overwritten by U); a candidate one of whose edges would
 * close a cycle with the known paths is eliminated; the last one left becomes known, its
 * edges with it, and R a reader of W's version from then on (a "late" reader: a WW edge
 * out of W that becomes known later brings R -RW-> U along, {@link #addLate}). No candidate
 * left is a violation: one cycle per candidate.
 *
 * <p>The first round lists each read's candidates ({@link Versions#materialize}, {@link
 * #survivors}) without those the session order and the known paths already rule out, so the
 * reads of a value that a hot key's writers repeat (1,400 writers a read in the
 * 1M-transaction benchmark with 10% repeated values) never list the writers long before them.
 *
 * <p>The known WW edges out of candidate versions are indexed as the known graph grows
 * (linked lists, O(1) per known edge, one slot lookup per WW edge). A round costs
 * O(sum over live candidates of (1 + known WW successors of their version)) reachability
 * queries; the first lists them first, O(sessions x log(writers of the value)) queries a
 * read ({@link #survivors}).
 */
final class ReadPruning {
  private static final int WR = EdgeType.WR.ordinal();
  private static final int WW = EdgeType.WW.ordinal();
  private static final int RW = EdgeType.RW.ordinal();

  /** Receives the edges a round made known, known[begin..end); false when they close a cycle. */
  interface Sink {
    boolean added(int begin, int end);
  }

  /** The WR constraints, once the first round listed their candidates; null before. */
  ReadConstraints reads;
  private final Versions versions;
  private final int[] chainOf;
  private final EdgeList known;
  private int scanned;
  /** Known WW successors of each candidate slot: succTo[x], then succNext[x]; -1 ends. */
  private final int[] succHead;
  private final IntBuffer succTo = new IntBuffer();
  private final IntBuffer succNext = new IntBuffer();
  /** Readers pruning resolved to each slot, as linked lists the same way. */
  private final int[] lateHead;
  private final IntBuffer lateReader = new IntBuffer();
  private final IntBuffer lateNext = new IntBuffer();
  /** The edge that made each candidate impossible (for the NO-CHOICE explanation). */
  private final EdgeList closing = new EdgeList(4);
  private int[] closingOf;
  /** NO-CHOICE: the constraint whose candidates all close a cycle, or -1. */
  int conflict = -1;

  /**
   * @param chainOf the session chain of each vertex (vertices of a session are numbered in
   *     session order, consecutively, so a key's slots list each session's writers in order)
   */
  ReadPruning(Versions versions, EdgeList known, int[] chainOf) {
    this.versions = versions;
    this.chainOf = chainOf;
    this.reads = versions.reads;
    this.known = known;
    succHead = new int[versions.anyPending() || (reads != null && reads.count > 0)
        ? versions.slotCount() : 0];
    lateHead = new int[succHead.length];
    java.util.Arrays.fill(succHead, -1);
    java.util.Arrays.fill(lateHead, -1);
  }

  /** Indexes the known WW edges added since the last call that leave a candidate's version. */
  void scanKnown() {
    if (succHead.length == 0) {
      return;
    }
    for (; scanned < known.size(); scanned++) {
      if (known.type(scanned) == WW) {
        int s = versions.slot(known.key(scanned), known.from(scanned));
        if (s >= 0 && versions.isCandidate(s)) {
          succTo.add(known.to(scanned));
          succNext.add(succHead[s]);
          succHead[s] = succTo.size() - 1;
        }
      }
    }
  }

  /**
   * One pass over the live WR constraints: eliminates the candidates that close a cycle,
   * makes a last candidate known (handing its edges to {@code sink}), stops at a constraint
   * with none left ({@link #conflict}). Returns how many candidates were eliminated plus how
   * many constraints resolved.
   */
  int round(CycleGraph graph, ReachabilityIndex index, Sink sink) {
    if (reads == null) {
      reads = versions.materialize((r, slots, begin, end, out) ->
          survivors(graph, index, r, slots, begin, end, out));
    }
    int pruned = 0;
    for (int j = 0; j < reads.count; j++) {
      if (!reads.live(j)) {
        continue;
      }
      scanKnown();
      int left = 0;
      int last = -1;
      for (int i = reads.candStart[j]; i < reads.candStart[j + 1]; i++) {
        if (reads.dead[i]) {
          continue;
        }
        if (closes(graph, index, j, i)) {
          reads.dead[i] = true;
          pruned++;
        } else {
          left++;
          last = i;
        }
      }
      if (left == 0) {
        conflict = j;
        return pruned;
      }
      if (left == 1) {
        pruned++;
        if (!sink.added(resolve(j, last), known.size())) {
          return pruned;
        }
      }
    }
    return pruned;
  }

  /** Whether candidate i of constraint j has an edge closing a cycle; records the edge. */
  private boolean closes(CycleGraph graph, ReachabilityIndex index, int j, int i) {
    int type = closingType(graph, index, reads.reader[j], reads.candSlot[i]);
    if (type < 0) {
      return false;
    }
    if (closingOf == null) {
      closingOf = new int[reads.candSlot.length];
    }
    closingOf[i] = closing.size();
    closing.add(closingFrom, closingTo, type, reads.key[j]);
    return true;
  }

  /**
   * The candidates of a read by r among a group's slots that the first round lists: per
   * session, with W1 .. Wm its writers of the value in session order, those r reaches are a
   * suffix, and each closes a cycle by its WR edge (Case II); those that reach r (for SI from
   * their node after an RW edge) are a prefix, and each but the last is overwritten, in every
   * compatible version order, by the next one, Wi -SO-> W(i+1) (so Wi -WW-> .. -> W(i+1)):
   * reading Wi gives r -RW-> the version after Wi, which reaches r through W(i+1), a cycle
   * (for SI one without two RW edges in a row). Both ends are found by binary search, since
   * session order makes both tests monotone along the session; the last of the prefix and the
   * rest are listed for the round to test one by one. O(sessions x log m) reachability
   * queries a read, plus what it lists.
   */
  private void survivors(CycleGraph graph, ReachabilityIndex index, int r, IntBuffer slots,
      int begin, int end, IntBuffer out) {
    int i = begin;
    while (i < end) {
      int chain = chainOf[versions.slotVertex[slots.get(i)]];
      int runEnd = i + 1;
      while (runEnd < end && chainOf[versions.slotVertex[slots.get(runEnd)]] == chain) {
        runEnd++;
      }
      int lo = i;
      int hi = runEnd;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        int w = versions.slotVertex[slots.get(mid)];
        if (w != r && graph.closesCycle(index, r, w, RW)) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      int prefixEnd = lo;
      hi = runEnd;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        int w = versions.slotVertex[slots.get(mid)];
        if (w != r && graph.closesCycle(index, w, r, WR)) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      for (int k = Math.max(i, prefixEnd - 1); k < lo; k++) {
        if (versions.slotVertex[slots.get(k)] != r) {
          out.add(slots.get(k));
        }
      }
      i = runEnd;
    }
  }

  /** The ends of the edge the last {@link #closingType} found. */
  private int closingFrom;
  private int closingTo;

  /**
   * Whether the version {@code slot}, as the one reader r saw of its key, closes a cycle with the
   * known paths: the type of the edge that does (its WR edge, or the RW edge to a known WW
   * successor; its ends in {@link #closingFrom} and {@link #closingTo}), or -1.
   */
  private int closingType(CycleGraph graph, ReachabilityIndex index, int r, int slot) {
    int w = versions.slotVertex[slot];
    if (graph.closesCycle(index, w, r, WR)) {
      closingFrom = w;
      closingTo = r;
      return WR;
    }
    for (int x = succHead[slot]; x >= 0; x = succNext.get(x)) {
      int u = succTo.get(x);
      if (u != r && graph.closesCycle(index, r, u, RW)) {
        closingFrom = r;
        closingTo = u;
        return RW;
      }
    }
    return -1;
  }

  /**
   * The WR constraints; listed with every candidate if no round has (pruning stopped before
   * it, or did not run).
   */
  ReadConstraints reads() {
    if (reads == null) {
      reads = versions.materialize(null);
    }
    return reads;
  }

  /** Makes candidate i of constraint j known; returns the first of the edges it added. */
  private int resolve(int j, int i) {
    scanKnown();
    int begin = known.size();
    int slot = reads.candSlot[i];
    int r = reads.reader[j];
    int key = reads.key[j];
    reads.resolved[j] = i;
    known.add(versions.slotVertex[slot], r, WR, key);
    for (int x = succHead[slot]; x >= 0; x = succNext.get(x)) {
      if (succTo.get(x) != r) {
        known.add(r, succTo.get(x), RW, key);
      }
    }
    lateReader.add(r);
    lateNext.add(lateHead[slot]);
    lateHead[slot] = lateReader.size() - 1;
    return begin;
  }

  /** True when pruning resolved some read to a version (there are late readers). */
  boolean anyLate() {
    return lateReader.size() > 0;
  }

  /** How many readers pruning has resolved so far (each a late reader of its version). */
  int lateCount() {
    return lateReader.size();
  }

  /**
   * Every candidate of constraint j, listed or not: the writers of the value it read (their
   * slots, in session order), whichever the first round listed.
   */
  int[] allCandidates(int j) {
    return versions.groupCandidates(reads.group[j], reads.reader[j]);
  }

  /**
   * After NO-CHOICE on constraint j: the edge by which candidate {@code slot} (one of
   * {@link #allCandidates}) closes a cycle with the known paths, as a one-edge list: the one
   * recorded when a round eliminated it, or for one the first round never listed (see
   * {@link #survivors}) its WR edge when the reader precedes it, else the reader's RW edge to
   * the next writer of the value in its session, which precedes the reader.
   */
  EdgeList impossibility(CycleGraph graph, ReachabilityIndex index, int j, int slot) {
    EdgeList out = new EdgeList(1);
    int r = reads.reader[j];
    int key = reads.key[j];
    for (int i = reads.candStart[j]; i < reads.candStart[j + 1]; i++) {
      if (reads.candSlot[i] == slot) {
        out.addRange(closing, closingOf[i], closingOf[i] + 1);
        return out;
      }
    }
    int w = versions.slotVertex[slot];
    if (graph.closesCycle(index, w, r, WR)) {
      out.add(w, r, WR, key);
      return out;
    }
    int[] all = allCandidates(j);
    int at = java.util.Arrays.binarySearch(all, slot);
    int next = versions.slotVertex[all[at + 1]];
    if (chainOf[next] != chainOf[w] || !graph.closesCycle(index, r, next, RW)) {
      throw new IllegalStateException("candidate " + w + " of the read by " + r
          + " was left unlisted without a reason");
    }
    out.add(r, next, RW, key);
    return out;
  }

  /**
   * The late readers' edges of a WW edge {@code from -> to} on {@code key} about to be known
   * or chosen: R -RW-> to for every reader R pruning resolved to from's version. O(1) when
   * there is none.
   */
  void addLate(int from, int to, int key, EdgeList into) {
    int slot = lateHead.length == 0 ? -1 : versions.slot(key, from);
    for (int x = slot < 0 ? -1 : lateHead[slot]; x >= 0; x = lateNext.get(x)) {
      if (lateReader.get(x) != to) {
        into.add(lateReader.get(x), to, RW, key);
      }
    }
  }

  /** A late reader's edge of WW edge {@code from -> to} that closes a cycle, into out; or false. */
  boolean lateCloses(CycleGraph graph, ReachabilityIndex index, int from, int to, int key,
      EdgeList out) {
    int slot = lateHead.length == 0 ? -1 : versions.slot(key, from);
    for (int x = slot < 0 ? -1 : lateHead[slot]; x >= 0; x = lateNext.get(x)) {
      int r = lateReader.get(x);
      if (r != to && graph.closesCycle(index, r, to, RW)) {
        out.add(r, to, RW, key);
        return true;
      }
    }
    return false;
  }

  /** The versions known to follow a slot's directly: the targets of known WW edges out of it. */
  int successorHead(int slot) {
    return succHead.length == 0 ? -1 : succHead[slot];
  }

  int successorNext(int x) {
    return succNext.get(x);
  }

  int successorTo(int x) {
    return succTo.get(x);
  }
}
