package io.isoverify.graph;

import io.isoverify.history.IndexSort;

/**
 * Constraint avoidance for a key with many chains (a hot key: 10^4..10^5 blind-write chains),
 * where {@link ChainOrdering}'s m x m relation would take O(m^2) memory and index queries.
 * It uses that sessions are paths of the known graph (DESIGN section 4):
 *
 * <ul>
 *   <li>Group the key's chains by the session chain of their tail, ordered by the tail's
 *       position. Within a group the order is forced (head(b_i) ->* tail(b_i) ->SO*
 *       tail(b_i+1)), so consecutive chains get the forced edges of "b_i before b_i+1"; the
 *       chains so linked make a run.
 *   <li>For chain a and another group, "head(a) reaches tail(b)" holds for a suffix of the
 *       group (session order again): binary search for its first chain b, F(a), and force
 *       "a before b" ({@link #forceCovering}); with the group's own edges this forces every
 *       later chain of the group.
 *   <li>Forced edges order more than the index shows: a chain reaches, through its run's
 *       edges, what every later chain of its run reaches, so a precedes every chain from
 *       F'(a) on, the least F over a and the later chains of its run. Two chains a, b of
 *       different groups are concurrent iff neither precedes the other that way:
 *       pos(b) &lt; F'(a) and pos(a) &lt; F'(b). One constraint per concurrent pair, found
 *       once per pair of groups by a scan ({@link #constrainConcurrent}); a pair the index
 *       orders both ways (b is a's F and head(b) reaches tail(a)) is a constraint too, for
 *       pruning to report with one cycle per side.
 * </ul>
 * Every pair of the key's chains is then either ordered by forced edges or has a constraint, as
 * with the dense relation, so nothing is lost, except the pairs of unread single versions under SER
 * and SSER, which need neither ({@link Chains#unreadSingles}); pairs forced both ways close a cycle
 * in the known graph, the violation the next step reports. The order the forced edges imply is used
 * only to leave pairs out, and only where it holds: a history with a pair ordered both ways is a
 * violation whatever else the constraints say. Cost per key: O(m * g) searches of a group's
 * positions for g groups (each one index lookup, {@link ReachabilityIndex#earliest}, and O(log m)
 * steps on an int array, O(log distance) from the group's last answer), O(m * g * k) queries to
 * choose the forced edges, k the candidates left uncovered (at most g; {@link
 * #forceCovering}), plus O(1) per constraint; forced edges O(m * g).
 */
final class SessionChainOrdering {
  /**
   * The most ints of the table of searches (64 MiB: a key of 800k chains in 20 sessions);
   * beyond it each pair of groups searches again (one index lookup a chain).
   */
  static final long TABLE_BUDGET = 1 << 24;

  private SessionChainOrdering() {
  }

  /**
   * Adds forced edges to {@code known} and constraints to {@code out}; returns the pairs
   * left without a constraint. {@code unread}: {@link Chains#unreadSingles}, or null (SI).
   */
  static long resolveKey(Chains chains, CycleGraph graph, ReachabilityIndex index, int lo, int m,
      int[] vertexChain, int[] vertexPos, boolean[] unread, EdgeList known, ChainPairs out) {
    return resolveKey(chains, graph, index, lo, m, vertexChain, vertexPos, unread, known, out,
        TABLE_BUDGET);
  }

  /**
   * {@link #resolveKey} with the searches of the first pass kept for the pairs of groups
   * when they are at most {@code tableBudget} ints (tests give 0: every search made again,
   * and the first pass's without the last answer as a hint: the results must not differ).
   */
  static long resolveKey(Chains chains, CycleGraph graph, ReachabilityIndex index, int lo, int m,
      int[] vertexChain, int[] vertexPos, boolean[] unread, EdgeList known, ChainPairs out,
      long tableBudget) {
    int[] head = new int[m];
    int[] tail = new int[m];
    long[] place = new long[m];
    for (int a = 0; a < m; a++) {
      int tailVertex = chains.versions.slotVertex[chains.chainTail[lo + a]];
      head[a] = graph.chainNode(chains.versions.slotVertex[chains.chainHead[lo + a]]);
      tail[a] = graph.chainNode(tailVertex);
      place[a] = ((long) vertexChain[tailVertex] << 32) | vertexPos[tailVertex];
    }
    int before = out.count();
    Groups groups = new Groups(index, IndexSort.byKey(place, m), place, tail);
    // within a group: "b_i before b_i+1" forced, or a constraint when the index orders the
    // pair both ways (the run ends there)
    for (int i = 1; i < m; i++) {
      if (groups.groupAt[i] != groups.groupAt[i - 1]) {
        continue;
      }
      int a = groups.order[i - 1];
      int b = groups.order[i];
      if (index.reaches(head[b], tail[a])) {
        constrain(out, lo, a, b);
      } else {
        if (!ChainOrdering.bothUnread(unread, lo + a, lo + b)) {
          chains.addBefore(lo + a, lo + b, known);
        }
        groups.linked[i] = true;
      }
    }
    groups.endRuns();
    int[] candidates = new int[groups.count];
    int[] minimal = new int[groups.count];
    // each chain's head as (chain, position) in the index, looked up once per chain rather
    // than once per time it is a candidate (about 19 times on a hot key of 20 sessions)
    int[] headAt = new int[2 * m];
    for (int a = 0; a < m; a++) {
      headAt[2 * a] = index.chainOf(head[a]);
      headAt[2 * a + 1] = index.positionOf(head[a]);
    }
    int[] firsts = groups.table(tableBudget);
    // per group, the last answer: the next chain's is near it (within a session group, later
    // tails reach less), so a search from there touches a few entries, not log(size) spread
    // over the group (on the low-abort 1M history, the searches were about half of the hot
    // keys' CPU samples)
    int[] hint = new int[groups.count];
    java.util.Arrays.fill(hint, tableBudget == 0 ? -1 : 0);
    for (int i = 0; i < m; i++) {
      int a = groups.order[i];
      int ga = groups.groupAt[i];
      int count = 0;
      for (int g = 0; g < groups.count; g++) {
        if (g == ga) {
          continue;
        }
        int first = groups.first(head[a], g, hint[g]);
        if (hint[g] >= 0) {
          hint[g] = first;
        }
        if (firsts != null) {
          firsts[i * groups.count + g] = first;
        }
        if (first == groups.start[g + 1]) {
          continue;
        }
        int b = groups.order[first];
        // head(a) reaches tail(b): b reaching back is a cycle of the (acyclic) known graph
        // when both chains are one version, so only longer chains ask
        if (head[a] == tail[a] && head[b] == tail[b] || !index.reaches(head[b], tail[a])) {
          candidates[count++] = b;
        } else if (ga < g || groups.first(head[b], ga) != groups.rank[a]) {
          // ordered both ways; found once (when b's search from the other side finds a
          // too, the pair is left to the smaller group)
          constrain(out, lo, a, b);
        }
      }
      forceCovering(chains, lo, known, index, graph.induced, unread, head, headAt, a, candidates,
          count, minimal);
    }
    int[] fa = new int[groups.largest()];
    int[] fb = new int[groups.largest()];
    for (int ga = 0; ga < groups.count; ga++) {
      for (int gb = ga + 1; gb < groups.count; gb++) {
        constrainConcurrent(groups, head, firsts, ga, gb, fa, fb, lo, unread, out);
      }
    }
    return (long) m * (m - 1) / 2 - (out.count() - before);
  }

  /** The constraint of chains lo+a and lo+b of one key (side 0: the smaller one first). */
  private static void constrain(ChainPairs out, int lo, int a, int b) {
    out.add(lo + Math.min(a, b), lo + Math.max(a, b));
  }

  /**
   * One constraint per concurrent pair of chains a of group ga and b of group gb:
   * pos(b) &lt; F'(a) and pos(a) &lt; F'(b) (the class comment), positions within the
   * groups. For each a, the chains b below F'(a) are scanned downwards: F' does not decrease
   * along a run, so the first b of a run with F'(b) &lt;= pos(a) ends that run's part.
   * O(|ga| + |gb|) searches, plus O(runs) steps per chain a and one per constraint.
   */
  private static void constrainConcurrent(Groups groups, int[] head, int[] firsts, int ga,
      int gb, int[] fa, int[] fb, int lo, boolean[] unread, ChainPairs out) {
    int sa = groups.start[ga];
    int sb = groups.start[gb];
    int na = groups.firstsAfterRuns(head, firsts, ga, gb, fa);
    groups.firstsAfterRuns(head, firsts, gb, ga, fb);
    for (int i = 0; i < na; i++) {
      int a = groups.order[sa + i];
      int k = fa[i] - 1;
      while (k >= 0) {
        if (fb[k] > i) {
          int b = groups.order[sb + k];
          if (!ChainOrdering.bothUnread(unread, lo + a, lo + b)) {
            constrain(out, lo, a, b);
          }
          k--;
        } else {
          k = groups.runStart[sb + k] - sb - 1;
        }
      }
    }
  }

  /**
   * Forces "a before b" for the candidates b (one per other session group) that no other
   * candidate c covers, i.e. where head(c) does not reach head(b). The others follow by
   * transitivity: tail(a) -> head(c) ->* head(b), and so does every reader of tail(a)
   * through its RW edge to head(c). Under SI ({@code induced}) the path must leave head(c)
   * as an RW edge arrives there, by a dependency edge (a second RW edge in a row is no
   * path), so it is asked from head(c)'s RW-entry node, the {@link CycleGraph} node after
   * its dependency node. Reachability among distinct nodes of a DAG is a strict order (under
   * SI too: anti(x) reaches dep(y), whose arc to anti(y) continues any path from there), so
   * each skipped candidate is covered by a forced one: the known graph keeps the same paths
   * with up to (groups - 1) times fewer forced edges on a hot key.
   *
   * <p>The uncovered candidates are the order's minimal elements, found as an antichain that
   * each candidate in turn either joins (dropping the members it reaches) or not (a member
   * reaches it): O(count x minimal) queries instead of count^2, where on a hot key few
   * candidates are minimal. Edges are forced in the candidates' order, as by the pairwise
   * test.
   */
  static void forceCovering(Chains chains, int lo, EdgeList known,
      ReachabilityIndex index, boolean induced, boolean[] unread, int[] head, int[] headAt,
      int a, int[] candidates, int count, int[] minimal) {
    int entry = induced ? 1 : 0;
    int size = 0; // minimal[0..size-1]: indexes into candidates, an antichain
    for (int i = 0; i < count; i++) {
      int b = candidates[i];
      boolean covered = false;
      for (int k = 0; k < size && !covered; k++) {
        covered = precedes(index, head, headAt, entry, candidates[minimal[k]], b);
      }
      if (covered) {
        continue;
      }
      int kept = 0;
      for (int k = 0; k < size; k++) {
        if (!precedes(index, head, headAt, entry, b, candidates[minimal[k]])) {
          minimal[kept++] = minimal[k];
        }
      }
      minimal[kept++] = i;
      size = kept;
    }
    // the antichain is in the candidates' order: members keep theirs, a new one comes last
    for (int k = 0; k < size; k++) {
      int b = candidates[minimal[k]];
      if (!ChainOrdering.bothUnread(unread, lo + a, lo + b)) {
        chains.addBefore(lo + a, lo + b, known);
      }
    }
  }

  /**
   * Whether candidate c covers candidate b: head(c) (its RW-entry node under SI) reaches
   * head(b), b's head looked up as (chain, position) so that the query is one index read.
   */
  private static boolean precedes(ReachabilityIndex index, int[] head, int[] headAt, int entry,
      int c, int b) {
    if (head[c] == head[b]) {
      return false;
    }
    int chain = headAt[2 * b];
    return chain >= 0
        ? index.earliest(head[c] + entry, chain) <= headAt[2 * b + 1]
        : index.reaches(head[c] + entry, head[b]);
  }

  /**
   * A key's chains grouped by the session of their tail, in session order: positions
   * 0..m-1 of {@link #order}, group g at {@code start[g]..start[g+1]-1}, with the runs of
   * forced edges within groups and the search "first chain of group g whose tail u reaches".
   */
  private static final class Groups {
    private final ReachabilityIndex index;
    /** The chains (0..m-1) by group, then by their tail's session position. */
    final int[] order;
    /** The position of each chain in {@link #order}. */
    final int[] rank;
    final int[] groupAt;
    final int[] start;
    final int count;
    /** linked[i]: the edge "order[i-1] before order[i]" is forced (same group, same run). */
    final boolean[] linked;
    /** The first position of the run of each position ({@link #endRuns}). */
    final int[] runStart;
    /** Per group: the index chain all its tails lie on, -1 when they do not share one. */
    private final int[] chainOfGroup;
    /** The index position of the tail at each position (used where the group shares a chain). */
    private final int[] tailPos;
    private final int[] tailAt;

    Groups(ReachabilityIndex index, int[] order, long[] place, int[] tail) {
      int m = order.length;
      this.index = index;
      this.order = order;
      rank = new int[m];
      groupAt = new int[m];
      tailPos = new int[m];
      tailAt = new int[m];
      linked = new boolean[m];
      runStart = new int[m];
      int[] starts = new int[m + 1];
      int groups = 0;
      for (int i = 0; i < m; i++) {
        rank[order[i]] = i;
        if (i == 0 || place[order[i]] >>> 32 != place[order[i - 1]] >>> 32) {
          starts[groups++] = i;
        }
        groupAt[i] = groups - 1;
        tailAt[i] = tail[order[i]];
        tailPos[i] = index.positionOf(tailAt[i]);
      }
      starts[groups] = m;
      count = groups;
      start = java.util.Arrays.copyOf(starts, groups + 1);
      chainOfGroup = new int[groups];
      for (int g = 0; g < groups; g++) {
        int c = index.chainOf(tailAt[start[g]]);
        for (int i = start[g] + 1; i < start[g + 1] && c >= 0; i++) {
          if (index.chainOf(tailAt[i]) != c) {
            c = -1;
          }
        }
        chainOfGroup[g] = c;
      }
    }

    int largest() {
      int most = 0;
      for (int g = 0; g < count; g++) {
        most = Math.max(most, start[g + 1] - start[g]);
      }
      return most;
    }

    /**
     * A table for {@link #first} of every position and group (position x groups ints), or
     * null when it would be over {@code budget} entries (then searched again).
     */
    int[] table(long budget) {
      long size = (long) order.length * count;
      return size <= budget ? new int[(int) size] : null;
    }

    /** Fills {@link #runStart} once {@link #linked} is final. */
    void endRuns() {
      for (int i = 0; i < order.length; i++) {
        runStart[i] = linked[i] ? runStart[i - 1] : i;
      }
    }

    /**
     * The first position of group g whose chain's tail u reaches, {@code start[g+1]} when
     * none: reaching a tail reaches the group's later ones (session order), so the answers
     * form a suffix. On a group whose tails share one index chain, at increasing positions
     * there, it is the first position at or after {@code earliest(u, chain)}.
     */
    int first(int u, int g) {
      return first(u, g, -1);
    }

    /**
     * {@link #first}, searched from {@code hint} (a position of group g or its end; or -1,
     * none) where the group's tails share an index chain: outwards by doubling steps until the
     * answer is bracketed, then bisected. The same answer; O(log distance) steps.
     */
    int first(int u, int g, int hint) {
      int lo = start[g];
      int hi = start[g + 1];
      int c = chainOfGroup[g];
      if (c < 0) {
        while (lo < hi) {
          int mid = (lo + hi) >>> 1;
          if (index.reaches(u, tailAt[mid])) {
            hi = mid;
          } else {
            lo = mid + 1;
          }
        }
        return lo;
      }
      int bound = index.earliest(u, c);
      if (hint >= lo && hint <= hi) {
        if (hint < hi && tailPos[hint] < bound) {
          // the answer is after the hint: every position before lo is below the bound
          int step = 1;
          int probe = hint + 1;
          lo = probe;
          while (probe < hi && tailPos[probe] < bound) {
            lo = probe + 1;
            probe = lo + step;
            step <<= 1;
          }
          hi = Math.min(probe, hi);
        } else if (hint > lo && tailPos[hint - 1] >= bound) {
          // the answer is at or before hint - 1: every position from hi on is at the bound
          int step = 1;
          int probe = hint - 2;
          hi = hint - 1;
          while (probe >= lo && tailPos[probe] >= bound) {
            hi = probe;
            probe = hi - 1 - step;
            step <<= 1;
          }
          lo = Math.max(probe + 1, lo);
        } else {
          return hint;
        }
        if (lo >= hi) {
          return hi;
        }
      }
      // a lower bound without a branch to mispredict: the step is a conditional move
      int base = lo;
      int len = hi - lo;
      while (len > 1) {
        int half = len >>> 1;
        base = tailPos[base + half] < bound ? base + half : base;
        len -= half;
      }
      return tailPos[base] < bound ? base + 1 : base;
    }

    /**
     * F' of every chain of group g towards group h, as positions within h (its size when
     * none), into {@code f}: each chain's first reached position, lowered to that of the
     * next chain of its run. Returns the size of g.
     */
    int firstsAfterRuns(int[] head, int[] firsts, int g, int h, int[] f) {
      int s = start[g];
      int n = start[g + 1] - s;
      for (int i = n - 1; i >= 0; i--) {
        int first = (firsts != null ? firsts[(s + i) * count + h] : first(head[order[s + i]], h))
            - start[h];
        f[i] = i + 1 < n && linked[s + i + 1] ? Math.min(first, f[i + 1]) : first;
      }
      return n;
    }
  }
}
