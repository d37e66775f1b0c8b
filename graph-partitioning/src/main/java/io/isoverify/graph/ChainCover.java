package io.isoverify.graph;

import java.util.Arrays;

/**
 * The chains of a {@link ChainReachability} index: sequences of nodes, each with an arc to
 * the next (under SI a path through the RW-entry node between them), so that reaching one
 * position reaches every later one. The index costs K ints
 * per node for K chains, so fewer chains matter: the sessions are always a cover, and a
 * greedy path cover (each node, in topological order, extends the chain of the earliest
 * unclaimed out-neighbour) often needs far fewer when sessions are many and short; the
 * smaller of the two is used. Nodes of the SI {@link CycleGraph} that stand for "arrived by
 * RW" stay off chains. O(nodes + arcs).
 */
final class ChainCover {
  final int[] chainOf;
  final int[] posOf;
  final int count;

  private ChainCover(int[] chainOf, int[] posOf, int count) {
    this.chainOf = chainOf;
    this.posOf = posOf;
    this.count = count;
  }

  /** The sessions as chains ({@code chainOf[v] == -1} for nodes off chains). */
  static ChainCover of(int[] chainOf, int[] posOf, int count) {
    return new ChainCover(chainOf, posOf, count);
  }

  /** The smaller of {@code sessions} and a greedy path cover of the chained nodes. */
  static ChainCover best(CycleGraph graph, int[] topo, ChainCover sessions) {
    int n = graph.nodeCount();
    Csr out = graph.out;
    int[] rank = new int[n];
    for (int i = 0; i < n; i++) {
      rank[topo[i]] = i;
    }
    int[] chainOf = new int[n];
    int[] posOf = new int[n];
    Arrays.fill(chainOf, -1);
    int chains = 0;
    for (int i = 0; i < n && chains < sessions.count; i++) {
      int u = topo[i];
      if (sessions.chainOf[u] < 0) {
        continue;
      }
      if (chainOf[u] < 0) {
        chainOf[u] = chains++;
        posOf[u] = 0;
      }
      int next = -1;
      // under SI, dep(u)'s dependency arcs leave from anti(u) (CycleGraph's compact form)
      int from = graph.induced ? u + 1 : u;
      for (int a = out.start[from]; a < out.start[from + 1]; a++) {
        int w = out.head[a];
        if (sessions.chainOf[w] >= 0 && chainOf[w] < 0 && (next < 0 || rank[w] < rank[next])) {
          next = w;
        }
      }
      if (next >= 0) {
        chainOf[next] = chainOf[u];
        posOf[next] = posOf[u] + 1;
      }
    }
    return chains < sessions.count ? new ChainCover(chainOf, posOf, chains) : sessions;
  }
}
