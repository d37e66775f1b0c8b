package io.isoverify.graph;

import io.isoverify.history.IndexSort;
import java.util.Arrays;

/**
 * The WR constraints of the hyper-polygraph (veristrong Definition 3.1): the external reads
 * of included vertices whose value several included vertices' effective writes carry, each
 * with its candidate writers, exactly one of which is its writer. A vertex's reads of one key
 * (before it writes the key) see one version, so they make one constraint.
 *
 * <p>Encoding (global vertex ids; candidates numbered across all constraints):
 * <pre>
 *   constraint j     reader[j], key[j]; candidates candStart[j] .. candStart[j+1]-1
 *   candidate i      candSlot[i] (the version it would read, a {@link Versions} slot),
 *                    constraintOf[i]; dead[i] once pruning eliminated it
 *   resolved[j]      -1 while several candidates live, else the one left (pruning made
 *                    its edges known)
 *   slot s's candidates   bySlot[bySlotStart[s] .. bySlotStart[s+1]-1]
 * </pre>
 * Candidates with an unknown outcome that no other read made count are left out (the read
 * may have come from another candidate; the check then assumes they aborted, see
 * {@link #leftOut}); a read left with one candidate is an ordinary read of it.
 *
 * <p>Cost: O(r log r + c) for r such reads and c candidates.
 */
final class ReadConstraints {
  final int count;
  final int[] reader;
  final int[] key;
  final int[] candStart;
  final int[] candSlot;
  final int[] constraintOf;
  final boolean[] dead;
  final int[] resolved;
  final int[] bySlotStart;
  final int[] bySlot;
  /**
   * Per constraint, the {@link Versions} group its candidates were listed from (the writers
   * of its value, of which pruning's first elimination may have listed fewer).
   */
  final int[] group;
  /** Reads with several candidates of which some (unknown outcome, not counted) were left out. */
  final int leftOut;
  /** Reads with several candidates, all left out: the graph cannot say where they read from. */
  final int unexplained;

  /**
   * @param readerKey per pending read, reader vertex << 32 | key
   * @param pendingStart pending read p's candidate slots are
   *     {@code pendingSlots[pendingStart[p] .. pendingStart[p+1]-1]}
   * @param pendingGroup pending read p's group ({@link #group})
   * @param slots how many slots {@link Versions} has
   * @param leftOut see {@link #leftOut}
   * @param unexplained see {@link #unexplained}
   */
  ReadConstraints(long[] readerKey, int[] pendingStart, int[] pendingSlots, int[] pendingGroup,
      int slots, int leftOut, int unexplained) {
    this.leftOut = leftOut;
    this.unexplained = unexplained;
    int pending = readerKey.length;
    // one constraint per (reader, key) and candidate set: a reader's reads of a key see one
    // version, so their candidates are the same; a predicate read's observation of the key
    // (vbox) may allow other versions, a constraint of its own (choosing another version
    // than a read's closes a cycle: each brings RW edges to every later version)
    int[] idx = IndexSort.byKey(readerKey, pending);
    int n = 0;
    int cands = 0;
    int[] keep = new int[pending];
    int sameReader = 0;
    for (int q = 0; q < pending; q++) {
      int p = idx[q];
      if (n == 0 || readerKey[keep[n - 1]] != readerKey[p]) {
        sameReader = n;
      } else if (sameAsKept(keep, sameReader, n, p, pendingStart, pendingSlots)) {
        continue;
      }
      keep[n++] = p;
      cands += pendingStart[p + 1] - pendingStart[p];
    }
    count = n;
    reader = new int[n];
    key = new int[n];
    candStart = new int[n + 1];
    group = new int[n];
    candSlot = new int[cands];
    constraintOf = new int[cands];
    int at = 0;
    int[] perSlot = new int[slots + 1];
    for (int j = 0; j < n; j++) {
      int p = keep[j];
      reader[j] = (int) (readerKey[p] >>> 32);
      key[j] = (int) readerKey[p];
      group[j] = pendingGroup[p];
      candStart[j] = at;
      for (int i = pendingStart[p]; i < pendingStart[p + 1]; i++) {
        candSlot[at] = pendingSlots[i];
        constraintOf[at++] = j;
        perSlot[pendingSlots[i] + 1]++;
      }
    }
    candStart[n] = at;
    dead = new boolean[cands];
    resolved = new int[n];
    Arrays.fill(resolved, -1);
    for (int s = 0; s < slots; s++) {
      perSlot[s + 1] += perSlot[s];
    }
    bySlotStart = perSlot;
    bySlot = new int[cands];
    int[] fill = Arrays.copyOf(perSlot, slots);
    for (int i = 0; i < cands; i++) {
      bySlot[fill[candSlot[i]]++] = i;
    }
  }

  /** True when pending read p has the candidates of one of keep[from .. to). */
  private static boolean sameAsKept(int[] keep, int from, int to, int p, int[] start,
      int[] slots) {
    for (int k = from; k < to; k++) {
      int q = keep[k];
      if (Arrays.equals(slots, start[q], start[q + 1], slots, start[p], start[p + 1])) {
        return true;
      }
    }
    return false;
  }

  /** True while constraint j has several live candidates. */
  boolean live(int j) {
    return resolved[j] < 0;
  }

  /** How many candidates of constraint j are still live. */
  int liveCandidates(int j) {
    int live = 0;
    for (int i = candStart[j]; i < candStart[j + 1]; i++) {
      if (!dead[i]) {
        live++;
      }
    }
    return live;
  }

  /** How many constraints still have several live candidates. */
  int liveCount() {
    int live = 0;
    for (int j = 0; j < count; j++) {
      if (live(j)) {
        live++;
      }
    }
    return live;
  }
}
