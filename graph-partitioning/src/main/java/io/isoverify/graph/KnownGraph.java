package io.isoverify.graph;

import io.isoverify.history.anomaly.EdgeType;

/**
 * The edges a history forces, built the same way for every path: vertices
 * ({@link Vertices}), versions ({@link Versions}), write chains ({@link Chains}), then SO
 * between consecutive vertices of a session (vertex 0 first), WR, WW and RW along the chains
 * (cobra section 3.1), a list key's observed chain before its other chains (Elle 4.2), and
 * for SSER, when asked, the real-time frontier edges ({@link RealTimeEdges}).
 *
 * <p>Each session is a chain of the reachability index ({@link #chainOf}, {@link #posOf};
 * vertex 0 heads the first one). Cost: that of the parts, O(vertices + reads + writes log
 * writes), plus O(n c) for the real-time edges.
 */
final class KnownGraph {
  /**
   * The input, for the mini-transaction paths' later reads; null after
   * {@link #releaseInput()}.
   */
  PolygraphInput history;
  /** The history's keys, then the virtual keys of its predicate reads' fields (vbox). */
  final int keyCount;
  final Vertices vertices;
  final Versions versions;
  final Chains chains;
  final EdgeList known;
  final int[] chainOf;
  final int[] posOf;
  final int sessionChains;
  /** SSER: each vertex's real-time interval ({@link VertexTimes}); null otherwise. */
  final VertexTimes times;

  KnownGraph(PolygraphInput history, boolean realTime) {
    this(history, realTime, 1);
  }

  /** The same, the versions' lookups and sort on {@code threads} threads ({@link Versions}). */
  KnownGraph(PolygraphInput history, boolean realTime, int threads) {
    this.history = history;
    vertices = new Vertices(history);
    keyCount = history.keyCount + history.observations.virtualKeyCount();
    versions = new Versions(keyCount, history.ops, vertices, history.observations, threads);
    chains = new Chains(versions, keyCount, history, vertices);
    int n = vertices.count();
    known = new EdgeList(4 * n);
    chainOf = new int[n];
    posOf = new int[n];
    sessionChains = addSessionOrder();
    chains.addKnownEdges(known);
    chains.addListOrderEdges(history, known);
    times = realTime ? VertexTimes.of(history, vertices) : null;
    if (realTime) {
      RealTimeEdges.add(times, known);
    }
    known.trim();
  }

  /**
   * Forgets the input: the general path reads nothing of it once the graph is built, so a
   * caller verifying its last level lets it be collected (53 bytes per transaction on a
   * list-append history, spark-jobs/README.md's memory budget).
   */
  void releaseInput() {
    history = null;
  }

  int vertexCount() {
    return vertices.count();
  }

  CycleReport report() {
    return new CycleReport(vertices.txnOf, versions);
  }

  /** Known edges by type (EdgeType ordinal). */
  long[] countByType() {
    long[] byType = new long[EdgeType.values().length];
    for (int e = 0; e < known.size(); e++) {
      byType[known.type(e)]++;
    }
    return byType;
  }

  /**
   * Adds SO edges between consecutive vertices of each session and from vertex 0 to each
   * session's first vertex, and makes each session a chain of the reachability index
   * (vertex 0 heads the first one). Returns the number of chains.
   */
  private int addSessionOrder() {
    int so = EdgeType.SO.ordinal();
    int chain = -1;
    int prevSession = -1;
    int pos = 1;
    for (int v = 1; v < vertices.count(); v++) {
      int s = history.session[vertices.txnOf[v]];
      if (s != prevSession) {
        chain++;
        pos = chain == 0 ? 1 : 0;
        known.add(0, v, so, -1);
        prevSession = s;
      } else {
        known.add(v - 1, v, so, -1);
      }
      chainOf[v] = chain;
      posOf[v] = pos++;
    }
    chainOf[0] = 0;
    posOf[0] = 0;
    return Math.max(chain + 1, 1);
  }
}
