package io.isoverify.graph;

import io.isoverify.history.IndexSort;
import java.util.Arrays;

/**
 * Strongly connected components from an external {@link SccLabeller}, numbered as
 * {@link StronglyConnected} numbers them (reverse topological order of the condensation:
 * every arc between two components goes from a higher number to a lower one).
 *
 * <ol>
 *   <li>Trim: a vertex with no in-arc or no out-arc from live vertices lies on no cycle, so
 *       it is a component alone; peeling such vertices with a work list to the fixpoint
 *       leaves the residual graph where every vertex has both. O(n + arcs). Long session
 *       chains and acyclic regions vanish here, which an iterative distributed labeller
 *       would otherwise pay one round per vertex of path length for.</li>
 *   <li>The labeller labels the residual graph (vertices renumbered densely, ascending;
 *       parallel arcs and loops dropped, arcs sorted).</li>
 *   <li>Components are renumbered canonically (by their smallest vertex), then ordered by
 *       Kahn's algorithm on the condensation (a FIFO queue seeded in canonical order, arcs in
 *       CSR order), so the numbering depends only on the arcs and the partition of the
 *       vertices, never on the labeller's own numbering. A cycle left in the condensation
 *       means the labeller split a component: that is a bug of the labeller and fails loudly.</li>
 * </ol>
 * Memory: two CSRs of the arcs, the residual arcs (16 bytes each while sorted) and a few
 * int arrays of n.
 */
final class LabelledScc {
  final int[] component;
  final int count;

  LabelledScc(int n, int[] tail, int[] head, int arcs, SccLabeller labeller) {
    Csr out = Csr.of(n, tail, head, arcs);
    boolean[] live = trim(out, out.reverse());
    int[] residual = new int[n];
    int r = 0;
    for (int v = 0; v < n; v++) {
      residual[v] = live[v] ? r++ : -1;
    }
    long[] pairs = distinctPairs(tail, head, arcs, live, residual);
    int[] rf = new int[pairs.length];
    int[] rt = new int[pairs.length];
    for (int i = 0; i < pairs.length; i++) {
      rf[i] = (int) (pairs[i] >>> 32);
      rt[i] = (int) pairs[i];
    }
    int[] labels = r == 0 ? new int[0] : labeller.label(r, rf, rt);
    if (labels == null || labels.length != r) {
      throw new IllegalStateException("the SCC labeller returned "
          + (labels == null ? "null" : labels.length + " labels") + " for " + r + " vertices");
    }
    // canonical ids: components numbered by their smallest vertex
    int[] canon = new int[n];
    int[] idOfLabel = new int[r];
    Arrays.fill(idOfLabel, -1);
    int ids = 0;
    for (int v = 0; v < n; v++) {
      if (!live[v]) {
        canon[v] = ids++;
        continue;
      }
      int l = labels[residual[v]];
      if (l < 0 || l >= r) {
        throw new IllegalStateException("the SCC labeller gave label " + l + " outside 0.." + (r - 1));
      }
      if (idOfLabel[l] < 0) {
        idOfLabel[l] = ids++;
      }
      canon[v] = idOfLabel[l];
    }
    count = ids;
    int[] rank = topologicalRank(out, canon, count);
    component = new int[n];
    for (int v = 0; v < n; v++) {
      component[v] = count - 1 - rank[canon[v]];
    }
  }

  /**
   * The arcs between live vertices in residual ids, as (tail << 32 | head), sorted, without
   * parallel arcs or loops: neither changes any SCC, and P-graphs repeat pairs often (an SO
   * or WR edge doubled by a constraint side, several keys ordering the same two writers).
   */
  private static long[] distinctPairs(int[] tail, int[] head, int arcs, boolean[] live,
      int[] residual) {
    int m = 0;
    for (int a = 0; a < arcs; a++) {
      m += live[tail[a]] && live[head[a]] && tail[a] != head[a] ? 1 : 0;
    }
    long[] pairs = new long[m];
    m = 0;
    for (int a = 0; a < arcs; a++) {
      if (live[tail[a]] && live[head[a]] && tail[a] != head[a]) {
        pairs[m++] = (long) residual[tail[a]] << 32 | residual[head[a]];
      }
    }
    pairs = IndexSort.sortOnThreads(pairs);
    int distinct = 0;
    for (int i = 0; i < m; i++) {
      if (i == 0 || pairs[i] != pairs[i - 1]) {
        pairs[distinct++] = pairs[i];
      }
    }
    return Arrays.copyOf(pairs, distinct);
  }

  /** Live vertices after peeling those without a live in-arc or out-arc, to the fixpoint. */
  private static boolean[] trim(Csr out, Csr in) {
    int n = out.nodeCount();
    int[] inDeg = new int[n];
    int[] outDeg = new int[n];
    int[] work = new int[n];
    boolean[] live = new boolean[n];
    int top = 0;
    for (int v = 0; v < n; v++) {
      outDeg[v] = out.start[v + 1] - out.start[v];
      inDeg[v] = in.start[v + 1] - in.start[v];
      live[v] = inDeg[v] > 0 && outDeg[v] > 0;
      if (!live[v]) {
        work[top++] = v;
      }
    }
    while (top > 0) {
      int v = work[--top];
      for (int a = out.start[v]; a < out.start[v + 1]; a++) {
        int w = out.head[a];
        if (live[w] && --inDeg[w] == 0) {
          live[w] = false;
          work[top++] = w;
        }
      }
      for (int a = in.start[v]; a < in.start[v + 1]; a++) {
        int w = in.head[a];
        if (live[w] && --outDeg[w] == 0) {
          live[w] = false;
          work[top++] = w;
        }
      }
    }
    return live;
  }

  /** Position of each component in a topological order of the condensation (Kahn, FIFO). */
  private static int[] topologicalRank(Csr out, int[] canon, int count) {
    int n = out.nodeCount();
    int cross = 0;
    for (int u = 0; u < n; u++) {
      for (int a = out.start[u]; a < out.start[u + 1]; a++) {
        cross += canon[u] != canon[out.head[a]] ? 1 : 0;
      }
    }
    int[] ct = new int[cross];
    int[] ch = new int[cross];
    int[] inDeg = new int[count];
    cross = 0;
    for (int u = 0; u < n; u++) {
      for (int a = out.start[u]; a < out.start[u + 1]; a++) {
        int w = out.head[a];
        if (canon[u] != canon[w]) {
          ct[cross] = canon[u];
          ch[cross++] = canon[w];
          inDeg[canon[w]]++;
        }
      }
    }
    Csr dag = Csr.of(count, ct, ch, cross);
    int[] queue = new int[count];
    int tail = 0;
    for (int c = 0; c < count; c++) {
      if (inDeg[c] == 0) {
        queue[tail++] = c;
      }
    }
    int[] rank = new int[count];
    for (int head = 0; head < tail; head++) {
      int c = queue[head];
      rank[c] = head;
      for (int a = dag.start[c]; a < dag.start[c + 1]; a++) {
        if (--inDeg[dag.head[a]] == 0) {
          queue[tail++] = dag.head[a];
        }
      }
    }
    if (tail != count) {
      throw new IllegalStateException("the SCC labeller split a strongly connected component: "
          + (count - tail) + " of " + count + " components lie on a cycle of the condensation");
    }
    return rank;
  }
}
