package io.isoverify.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The {@link Component}s of the groups of SCCs {@link ComponentBuilder} joined: per group
 * with a kept constraint, its vertices (local ids ascending with the global ones, groups
 * numbered by their lowest vertex), its known edges inside SCCs, its version-order
 * constraints with their inner side edges, and its WR constraints ({@link ComponentReads})
 * with their live candidates, each candidate's inner edges, and the inner derived edges of
 * its kept constraints. O(vertices + known edges + kept constraints' edges), the counts that
 * size the arrays on parallel threads.
 */
final class ComponentAssembly {
  final List<Component> components = new ArrayList<>();
  int largest;

  /** One group's arrays as they are filled. */
  private static final class Group {
    final IntBuffer members = new IntBuffer();
    /**
     * Sized by {@link #size} once the counts are known (the largest group's are most of the
     * heap): the known edges inside its SCCs, as indexes into the known graph's list.
     */
    int[] known;
    EdgeList sides;
    IntBuffer sideStart;
    int knownCount;
    int sideCount;
    int constraints;
    final IntBuffer reader = new IntBuffer();
    final IntBuffer key = new IntBuffer();
    final IntBuffer candStart = new IntBuffer();
    final IntBuffer writer = new IntBuffer();
    final IntBuffer edgeStart = new IntBuffer();
    final EdgeList edges = new EdgeList();
    final EdgeList derived = new EdgeList();
    final IntBuffer derivedConstraint = new IntBuffer();
    final IntBuffer derivedSide = new IntBuffer();
    final IntBuffer derivedCandidate = new IntBuffer();
    final java.util.BitSet derivedCloses = new java.util.BitSet();

    Group() {
      candStart.add(0);
      edgeStart.add(0);
    }

    void size() {
      known = new int[knownCount];
      sides = new EdgeList(sideCount);
      sideStart = new IntBuffer(2 * constraints + 1);
      sideStart.add(0);
      constraints = 0;
    }
  }

  /**
   * @param home per constraint (version-order c, then WR j at {@code cons.count() + j}) an
   *     SCC of its group, or -1 when it was dropped
   */
  ComponentAssembly(int n, int[] txnOf, long[] txnTime, EdgeList known, Constraints cons,
      ReadEdges reads, int[] comp, int[] parent, int[] home, int threads) {
    int[] groupOfRoot = new int[parent.length];
    Arrays.fill(groupOfRoot, -2);
    for (int h : home) {
      if (h >= 0) {
        groupOfRoot[ComponentBuilder.find(parent, h)] = -1;
      }
    }
    int[] group = new int[n];
    int[] local = new int[n];
    List<Group> groups = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      int r = ComponentBuilder.find(parent, comp[v]);
      if (groupOfRoot[r] == -1) {
        groupOfRoot[r] = groups.size();
        groups.add(new Group());
      }
      group[v] = groupOfRoot[r] < 0 ? -1 : groupOfRoot[r];
      if (group[v] >= 0) {
        local[v] = groups.get(group[v]).members.size();
        groups.get(group[v]).members.add(txnOf[v]);
      }
    }
    int nc = cons.count();
    // each SCC's group (-1: none): the counting threads below never walk (and compress) the
    // union-find
    int[] groupOfScc = new int[parent.length];
    for (int s = 0; s < parent.length; s++) {
      int g = groupOfRoot[ComponentBuilder.find(parent, s)];
      groupOfScc[s] = g < 0 ? -1 : g;
    }
    // counts first, so that each group's edge arrays are allocated once at their size
    int[][] knownCounts = count(known, nc, cons, comp, local, group, groupOfScc, home, groups,
        threads);
    EdgeList side = new EdgeList();
    for (Group g : groups) {
      g.size();
    }
    fillKnown(known, comp, group, groups, knownCounts, threads);
    int[] localConstraint = new int[nc];
    for (int c = 0; c < nc; c++) {
      if (home[c] < 0) {
        continue;
      }
      Group g = groups.get(groupOfScc[home[c]]);
      localConstraint[c] = g.constraints++;
      for (int s = 0; s < 2; s++) {
        cons.side(c, s, side);
        inner(side, comp, local, g.sides);
        g.sideStart.add(g.sides.size());
      }
    }
    ReadConstraints r = reads.reads;
    int[] localCandidate = new int[r.candSlot.length];
    for (int j = 0; j < r.count; j++) {
      if (home[nc + j] < 0) {
        continue;
      }
      Group g = groups.get(groupOfScc[home[nc + j]]);
      g.reader.add(local[r.reader[j]]);
      g.key.add(r.key[j]);
      for (int i = r.candStart[j]; i < r.candStart[j + 1]; i++) {
        if (reads.live(i)) {
          localCandidate[i] = g.writer.size();
          g.writer.add(txnOf[reads.writerVertex(i)]);
          inner(reads.edges, reads.edgeStart[i], reads.edgeStart[i + 1], comp, local, g.edges);
          g.edgeStart.add(g.edges.size());
        }
      }
      g.candStart.add(g.writer.size());
    }
    EdgeList derived = reads.derived;
    for (int d = 0; d < derived.size(); d++) {
      int c = reads.constraint.get(d);
      int i = reads.candidate.get(d);
      int u = derived.from(d);
      int v = derived.to(d);
      if (home[c] >= 0 && home[nc + r.constraintOf[i]] >= 0 && comp[u] == comp[v]) {
        Group g = groups.get(group[u]);
        g.derivedCloses.set(g.derived.size(), reads.closes.get(d));
        g.derived.add(local[u], local[v], derived.type(d), derived.key(d));
        g.derivedConstraint.add(localConstraint[c]);
        g.derivedSide.add(reads.side.get(d));
        g.derivedCandidate.add(localCandidate[i]);
      }
    }
    for (Group g : groups) {
      if (g.sides.size() != g.sideCount) {
        // the counts size the arrays (the largest group's are most of the heap): a miscount
        // is a defect here, never a property of the history
        throw new IllegalStateException("a component's edges were miscounted");
      }
      Component c = component(g, known, local);
      components.add(txnTime == null ? c : c.withTimes(times(g, txnTime)));
      largest = Math.max(largest, g.members.size());
    }
  }

  /**
   * Each group's known edges inside SCCs, as indexes into the known list, in its order: {@link
   * #count}'s ranges on the threads, each writing at its own offsets in every group (the
   * counts of the ranges before it). A range that ends short of the next one's offsets is a
   * miscount, an internal error. O(known edges / threads + groups * threads).
   */
  private static void fillKnown(EdgeList known, int[] comp, int[] group,
      List<Group> groups, int[][] counts, int threads) {
    int[] bound = ComponentBuilder.parts(known.size(), threads);
    int parts = counts.length;
    int[][] start = new int[parts + 1][];
    start[0] = new int[groups.size()];
    for (int p = 0; p < parts; p++) {
      start[p + 1] = start[p].clone();
      for (int g = 0; g < groups.size(); g++) {
        start[p + 1][g] += counts[p][g];
      }
    }
    int[][] reached = new int[parts][];
    IntStream.range(0, parts).parallel().forEach(p -> {
      int[] at = start[p].clone();
      for (int e = from(bound, p), end = from(bound, p + 1); e < end; e++) {
        int u = known.from(e);
        int v = known.to(e);
        if (comp[u] == comp[v] && group[u] >= 0) {
          groups.get(group[u]).known[at[group[u]]++] = e;
        }
      }
      reached[p] = at;
    });
    for (int p = 0; p < parts; p++) {
      if (!Arrays.equals(reached[p], start[p + 1])) {
        throw new IllegalStateException("a component's known edges were miscounted");
      }
    }
  }

  /**
   * Each group's known edges inside SCCs, constraints and their sides' inner edges, counted in
   * ranges of the known edges and of the constraints on up to {@code threads} threads (each
   * range with counts of its own, summed): the sides are written out here only to be counted.
   * Returns the known edges' counts per range and group ({@link #fillKnown}).
   * O((known edges + kept constraints' edges) / threads + groups * threads).
   */
  private static int[][] count(EdgeList known, int nc, Constraints cons, int[] comp, int[] local,
      int[] group, int[] groupOfScc, int[] home, List<Group> groups, int threads) {
    int[] edgeBound = ComponentBuilder.parts(known.size(), threads);
    int[] consBound = ComponentBuilder.parts(nc, threads);
    int parts = Math.max(edgeBound.length, consBound.length) - 1;
    int[][] knownCount = new int[parts][];
    int[][] sideCount = new int[parts][];
    int[][] constraints = new int[parts][];
    IntStream.range(0, parts).parallel().forEach(p -> {
      int[] kc = new int[groups.size()];
      for (int e = from(edgeBound, p), end = from(edgeBound, p + 1); e < end; e++) {
        int u = known.from(e);
        if (comp[u] == comp[known.to(e)] && group[u] >= 0) {
          kc[group[u]]++;
        }
      }
      int[] sc = new int[groups.size()];
      int[] cc = new int[groups.size()];
      EdgeList side = new EdgeList();
      for (int c = from(consBound, p), end = from(consBound, p + 1); c < end; c++) {
        if (home[c] >= 0) {
          int g = groupOfScc[home[c]];
          cc[g]++;
          for (int s = 0; s < 2; s++) {
            cons.side(c, s, side);
            sc[g] += inner(side, comp, local, null);
          }
        }
      }
      knownCount[p] = kc;
      sideCount[p] = sc;
      constraints[p] = cc;
    });
    for (int g = 0; g < groups.size(); g++) {
      Group x = groups.get(g);
      for (int p = 0; p < parts; p++) {
        x.knownCount += knownCount[p][g];
        x.sideCount += sideCount[p][g];
        x.constraints += constraints[p][g];
      }
    }
    return knownCount;
  }

  /** Where range p of {@code bound} starts; past its last range, where the last ends. */
  private static int from(int[] bound, int p) {
    return bound[Math.min(p, bound.length - 1)];
  }

  private static Component component(Group g, EdgeList known, int[] local) {
    ComponentReads reads = g.reader.size() == 0 ? ComponentReads.NONE : new ComponentReads(
        g.reader.toArray(), g.key.toArray(), g.candStart.toArray(), g.writer.toArray(),
        g.edgeStart.toArray(), g.edges.fromArray(), g.edges.toArray(), g.edges.typeArray(),
        g.edges.keyArray(), g.derived.fromArray(), g.derived.toArray(), g.derived.keyArray(),
        g.derivedConstraint.toArray(), g.derivedSide.toArray(), g.derivedCandidate.toArray(),
        bits(g.derivedCloses, g.derived.size()));
    return Component.inPlace(g.members.toArray(), known, g.known, local, g.sideStart.toArray(),
        g.sides.fromArray(), g.sides.toArray(), g.sides.typeArray(), g.sides.keyArray(), reads);
  }

  /** Each member's timestamp (Long.MIN_VALUE for the virtual initial transaction). */
  private static long[] times(Group g, long[] txnTime) {
    long[] t = new long[g.members.size()];
    for (int v = 0; v < t.length; v++) {
      int txn = g.members.get(v);
      t[v] = txn < 0 ? Long.MIN_VALUE : txnTime[txn];
    }
    return t;
  }

  private static boolean[] bits(java.util.BitSet set, int n) {
    boolean[] out = new boolean[n];
    for (int i = set.nextSetBit(0); i >= 0 && i < n; i = set.nextSetBit(i + 1)) {
      out[i] = true;
    }
    return out;
  }

  /**
   * Appends the edges begin..end-1 that lie inside an SCC to {@code out}, in local ids (when
   * out is null, only counts them); returns how many there are.
   */
  private static int inner(EdgeList edges, int begin, int end, int[] comp, int[] local,
      EdgeList out) {
    int n = 0;
    for (int e = begin; e < end; e++) {
      int u = edges.from(e);
      int v = edges.to(e);
      if (comp[u] == comp[v]) {
        n++;
        if (out != null) {
          out.add(local[u], local[v], edges.type(e), edges.key(e));
        }
      }
    }
    return n;
  }

  private static int inner(EdgeList edges, int[] comp, int[] local, EdgeList out) {
    return inner(edges, 0, edges.size(), comp, local, out);
  }
}
