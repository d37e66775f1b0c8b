package io.isoverify.graph;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reachability in a DAG through a chain decomposition (DESIGN section 4), without an n x n
 * matrix. Some nodes lie on chains, each chain a sequence of nodes each of which reaches the
 * next (sessions: SO edges). {@code first[u*K + c]} is the earliest position on chain c that
 * u reaches (MAX_VALUE when none), so for a chained v:
 * <pre>  reaches(u, v)  <=>  first[u*K + chain(v)] <= pos(v)</pre>
 * because u reaching position p of a chain reaches every later position too. A node on no
 * chain (an RW-entry node of the SI {@link CycleGraph}) is reached iff one of its
 * in-neighbours is; its in-neighbours must lie on chains.
 *
 * <p>The table is filled in reverse topological order: first[u] = elementwise min of
 * first[w] over u's out-neighbours w, then first[u][chain(u)] = pos(u). Time O(arcs * K),
 * memory nodes * K ints; the K columns are split between threads, which share nothing.
 */
final class ChainReachability implements ReachabilityIndex {
  private final int k;
  private final int[] chainOf;
  private final int[] posOf;
  private final int[] first;
  private final Csr in;

  /**
   * @param graph the DAG
   * @param topo its nodes in a topological order
   * @param chainOf chain of each node, or -1
   * @param posOf position of each chained node on its chain (increasing along the chain)
   * @param chains number of chains K
   * @param threads threads to fill the table with
   */
  ChainReachability(CycleGraph graph, int[] topo, int[] chainOf, int[] posOf, int chains,
      int threads) {
    int n = graph.nodeCount();
    if ((long) n * chains > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("reachability table of " + n + " x " + chains
          + " entries is over the array limit; fewer chains are needed");
    }
    this.k = chains;
    this.chainOf = chainOf;
    this.posOf = posOf;
    this.in = graph.in();
    this.first = new int[n * chains];
    Arrays.fill(first, Integer.MAX_VALUE);
    Csr out = graph.out;
    int parts = Math.max(1, Math.min(threads, chains));
    if (parts == 1) {
      fill(out, topo, 0, chains);
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(parts);
    try {
      Future<?>[] done = new Future<?>[parts];
      for (int p = 0; p < parts; p++) {
        int lo = (int) ((long) chains * p / parts);
        int hi = (int) ((long) chains * (p + 1) / parts);
        done[p] = pool.submit(() -> fill(out, topo, lo, hi));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while building the reachability index", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("reachability index", e.getCause());
    } finally {
      pool.shutdown();
    }
  }

  private void fill(Csr out, int[] topo, int lo, int hi) {
    for (int i = topo.length - 1; i >= 0; i--) {
      int u = topo[i];
      int row = u * k;
      for (int a = out.start[u]; a < out.start[u + 1]; a++) {
        int other = out.head[a] * k;
        for (int c = lo; c < hi; c++) {
          int x = first[other + c];
          if (x < first[row + c]) {
            first[row + c] = x;
          }
        }
      }
      int c = chainOf[u];
      if (c >= lo && c < hi) {
        first[row + c] = posOf[u];
      }
    }
  }

  @Override
  public int vertexCount() {
    return chainOf.length;
  }

  @Override
  public boolean reaches(int u, int v) {
    if (u == v) {
      return true;
    }
    int c = chainOf[v];
    if (c >= 0) {
      return first[u * k + c] <= posOf[v];
    }
    for (int a = in.start[v]; a < in.start[v + 1]; a++) {
      if (reaches(u, in.head[a])) {
        return true;
      }
    }
    return false;
  }
}
