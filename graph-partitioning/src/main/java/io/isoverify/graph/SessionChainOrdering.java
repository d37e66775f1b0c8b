package io.isoverify.graph;

import io.isoverify.history.Dictionary;
import io.isoverify.history.IndexSort;

/**
 * Constraint avoidance for a key with many chains (a hot key: 10^4..10^5 blind-write chains),
 * where {@link ChainOrdering}'s m x m relation would take O(m^2) memory and index queries.
 * It uses that sessions are paths of the known graph (DESIGN section 4):
 *
 * <ul>
 *   <li>Group the key's chains by the session chain of their tail, ordered by the tail's
 *       position. Within a group the order is forced (head(b_i) ->* tail(b_i) ->SO*
 *       tail(b_i+1)), so consecutive chains get the forced edges of "b_i before b_i+1".
 *   <li>For chain a and another group, "head(a) reaches tail(b)" holds for a suffix of the
 *       group (session order again): binary search for its first chain b and force
 *       "a before b"; with the group's own edges this forces every later chain of the group.
 *   <li>Going back from there, chains b whose head does not reach tail(a) are concurrent
 *       with a: one constraint per such pair. The first b that does reach tail(a) ends the
 *       scan: it and every earlier chain of the group precede a through forced edges.
 * </ul>
 * Every pair of the key's chains is then either ordered by forced edges or has a constraint,
 * as with the dense relation, so nothing is lost; pairs forced both ways close a cycle in the
 * known graph, the violation the next step reports. Cost per key: O(m * g * log m) index
 * queries for g groups, plus one per concurrent pair; forced edges O(m * g).
 */
final class SessionChainOrdering {
  private SessionChainOrdering() {
  }

  /** Adds forced edges to {@code known} and constraints to {@code out}; returns ordered pairs. */
  static long resolveKey(Chains chains, CycleGraph graph, ReachabilityIndex index, int lo, int m,
      int[] vertexChain, int[] vertexPos, EdgeList known, ChainPairs out) {
    int[] head = new int[m];
    int[] tail = new int[m];
    long[] place = new long[m];
    for (int a = 0; a < m; a++) {
      int tailVertex = chains.versions.slotVertex[chains.chainTail[lo + a]];
      head[a] = graph.chainNode(chains.versions.slotVertex[chains.chainHead[lo + a]]);
      tail[a] = graph.chainNode(tailVertex);
      place[a] = ((long) vertexChain[tailVertex] << 32) | vertexPos[tailVertex];
    }
    int[] order = IndexSort.byKey(place, m);
    int[] groupOf = new int[m];
    int[] groupStart = new int[m + 1];
    int groups = 0;
    Dictionary pairs = new Dictionary();
    Resolver r = new Resolver(chains, index, lo, head, tail, known, out, pairs);
    for (int i = 0; i < m; i++) {
      if (i == 0 || place[order[i]] >>> 32 != place[order[i - 1]] >>> 32) {
        groupStart[groups++] = i;
      } else {
        r.force(order[i - 1], order[i]);
      }
      groupOf[order[i]] = groups - 1;
    }
    groupStart[groups] = m;
    int[] firsts = new int[groups];
    for (int a = 0; a < m; a++) {
      int candidates = 0;
      for (int g = 0; g < groups; g++) {
        if (g == groupOf[a]) {
          continue;
        }
        int first = firstReached(index, head[a], tail, order, groupStart[g], groupStart[g + 1]);
        if (first < groupStart[g + 1]) {
          int b = order[first];
          if (index.reaches(head[b], tail[a])) {
            r.constrain(a, b);
          } else {
            firsts[candidates++] = b;
          }
        }
        for (int k = first - 1; k >= groupStart[g]; k--) {
          int b = order[k];
          if (index.reaches(head[b], tail[a])) {
            break;
          }
          r.constrain(a, b);
        }
      }
      forceCovering(r, index, graph.induced, head, a, firsts, candidates);
    }
    return (long) m * (m - 1) / 2 - pairs.size();
  }

  /**
   * Forces "a before b" for the candidates b (one per other session group) that no other
   * candidate c covers, i.e. where head(c) does not reach head(b). The others follow by
   * transitivity: tail(a) -> head(c) ->* head(b), and so does every reader of tail(a)
   * through its RW edge to head(c). Under SI ({@code induced}) the path must leave head(c)
   * as an RW edge arrives there, by a dependency edge (a second RW edge in a row is no
   * path), so it is asked from head(c)'s RW-entry node, the {@link CycleGraph} node after
   * its dependency node. Reachability among distinct nodes of a DAG is a strict order, so
   * each skipped candidate is covered by a forced one: the known graph keeps the same paths
   * with up to (groups - 1) times fewer forced edges on a hot key.
   */
  private static void forceCovering(Resolver r, ReachabilityIndex index, boolean induced,
      int[] head, int a, int[] candidates, int count) {
    int entry = induced ? 1 : 0;
    for (int i = 0; i < count; i++) {
      int b = candidates[i];
      boolean covered = false;
      for (int j = 0; j < count && !covered; j++) {
        int c = candidates[j];
        covered = head[c] != head[b] && index.reaches(head[c] + entry, head[b]);
      }
      if (!covered) {
        r.chains().addBefore(r.lo() + a, r.lo() + b, r.known());
      }
    }
  }

  /** Adds forced edges and constraints between the chains lo+a, lo+b of one key. */
  private record Resolver(Chains chains, ReachabilityIndex index, int lo, int[] head, int[] tail,
      EdgeList known, ChainPairs out, Dictionary pairs) {
    /**
     * Forces "a before b", unless b must also precede a (head(b) reaches tail(a)): such a
     * pair becomes a constraint, as in {@link ChainOrdering}, for pruning to report with
     * one cycle per side. That also keeps edges out of the initial version's chain, which
     * precedes every other.
     */
    void force(int a, int b) {
      if (index.reaches(head[b], tail[a])) {
        constrain(a, b);
      } else {
        chains.addBefore(lo + a, lo + b, known);
      }
    }

    /** One constraint per unordered pair of chains. */
    void constrain(int a, int b) {
      int before = pairs.size();
      pairs.encode(((long) Math.min(a, b) << 32) | Math.max(a, b));
      if (pairs.size() > before) {
        out.add(lo + Math.min(a, b), lo + Math.max(a, b));
      }
    }
  }

  /** The first position in [from, to) whose chain's tail {@code node} reaches; to when none. */
  private static int firstReached(ReachabilityIndex index, int node, int[] tail, int[] order,
      int from, int to) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (index.reaches(node, tail[order[mid]])) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
