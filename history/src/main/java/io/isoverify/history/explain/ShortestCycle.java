package io.isoverify.history.explain;

import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Minimal counterexamples: the shortest cycle through a given transaction or edge of a typed
 * graph (the known graph plus the edges of one fixed version order), and among the shortest,
 * one with the fewest anti-dependency (RW) edges, since each RW edge is a version the reader
 * did not see and is the hardest step for a person to follow (polysi section 5.3 asks for the
 * counterexample with the fewest dependencies; this is that, for a single cycle).
 *
 * <p>Encoding: edge i goes from {@code from[i]} to {@code to[i]} (dense History ids, -1 the
 * virtual initial transaction), {@code type[i]} an {@link EdgeType} ordinal, {@code key[i]} its
 * key or -1. Held as a CSR adjacency of int arrays, vertex v stored at v + 1.
 *
 * <p>Algorithm: breadth-first search by layers, lexicographic on (edges, RW edges): a vertex's
 * distance is fixed when first reached; its RW count (and parent edge) is lowered by any other
 * edge from the same layer, which is complete before the next layer is expanded. O(V + E) per
 * query after an O(V + E) build.
 */
public final class ShortestCycle {
  private static final int RW = EdgeType.RW.ordinal();
  private static final EdgeType[] TYPES = EdgeType.values();

  private final int[] from;
  private final int[] to;
  private final int[] type;
  private final int[] key;
  /** Out-edges of stored vertex v: edgeIds[outStart[v] .. outStart[v+1]-1]. */
  private final int[] outStart;
  private final int[] edgeIds;

  /** The graph on transactions -1 .. txnCount-1; the arrays are kept, not copied. */
  public ShortestCycle(int txnCount, int[] from, int[] to, int[] type, int[] key) {
    if (to.length != from.length || type.length != from.length || key.length != from.length) {
      throw new IllegalArgumentException("edge arrays of different lengths");
    }
    this.from = from;
    this.to = to;
    this.type = type;
    this.key = key;
    this.outStart = new int[txnCount + 2];
    for (int f : from) {
      outStart[f + 2]++;
    }
    for (int v = 1; v < outStart.length; v++) {
      outStart[v] += outStart[v - 1];
    }
    int[] next = Arrays.copyOf(outStart, outStart.length);
    this.edgeIds = new int[from.length];
    for (int i = 0; i < from.length; i++) {
      edgeIds[next[from[i] + 1]++] = i;
    }
  }

  /** A shortest, fewest-RW cycle through transaction {@code t}, starting at it; empty when none. */
  public List<Edge> throughVertex(int t) {
    Search s = new Search(t + 1);
    int best = -1;
    for (int i = 0; i < from.length; i++) {
      int u = from[i] + 1;
      if (to[i] + 1 == t + 1 && s.dist[u] >= 0 && (best < 0 || s.better(u, i, from[best] + 1, best))) {
        best = i;
      }
    }
    return best < 0 ? List.of() : s.cycle(best);
  }

  /**
   * A shortest, fewest-RW cycle through edge {@code e} (an index into the arrays), starting
   * with it; empty when none.
   */
  public List<Edge> throughEdge(int e) {
    Search s = new Search(to[e] + 1);
    if (s.dist[from[e] + 1] < 0) {
      return List.of();
    }
    List<Edge> cycle = s.cycle(e);
    // Start with the edge asked about: it is what the reader came for.
    Collections.rotate(cycle, 1);
    return cycle;
  }

  private Edge edge(int i) {
    return new Edge(from[i], to[i], TYPES[type[i]], key[i], -1);
  }

  private int weight(int i) {
    return type[i] == RW ? 1 : 0;
  }

  /** One layered search from a source; dist -1 marks unreached vertices. */
  private final class Search {
    final int source;
    final int[] dist = new int[outStart.length - 1];
    final int[] rw = new int[dist.length];
    final int[] parent = new int[dist.length];

    Search(int source) {
      this.source = source;
      Arrays.fill(dist, -1);
      dist[source] = 0;
      int[] queue = new int[dist.length];
      int head = 0;
      int tail = 0;
      queue[tail++] = source;
      while (head < tail) {
        int u = queue[head++];
        for (int j = outStart[u]; j < outStart[u + 1]; j++) {
          int i = edgeIds[j];
          int v = to[i] + 1;
          int r = rw[u] + weight(i);
          if (dist[v] < 0) {
            dist[v] = dist[u] + 1;
            rw[v] = r;
            parent[v] = i;
            queue[tail++] = v;
          } else if (v != source && dist[v] == dist[u] + 1 && r < rw[v]) {
            rw[v] = r;
            parent[v] = i;
          }
        }
      }
    }

    /** Whether closing the cycle with edge i from u beats closing it with edge j from w. */
    boolean better(int u, int i, int w, int j) {
      int lenU = dist[u] + 1;
      int lenW = dist[w] + 1;
      return lenU != lenW ? lenU < lenW : rw[u] + weight(i) < rw[w] + weight(j);
    }

    /** The path source .. from[closing], then the closing edge back to the source. */
    List<Edge> cycle(int closing) {
      List<Edge> out = new ArrayList<>();
      out.add(edge(closing));
      for (int v = from[closing] + 1; v != source; v = from[parent[v]] + 1) {
        out.add(edge(parent[v]));
      }
      Collections.reverse(out);
      return out;
    }
  }
}
