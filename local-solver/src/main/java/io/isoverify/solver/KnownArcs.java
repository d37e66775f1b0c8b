package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.anomaly.EdgeType;
import java.util.Arrays;

/**
 * The nodes and arcs of the graph a component's theory keeps acyclic
 * ({@link AcyclicityTheory}): for SER and SSER a node per transaction and an arc per edge;
 * for SI the split graph, where transaction v also has node v + n reached by RW edges, a
 * dependency a->b gives arcs a->b and a+n->b, an RW edge b->c the arc b->c+n. Built over the
 * known edges as a CSR by source with a topological order of them (Kahn, FIFO in node
 * order), for {@link SmallCycles}' reachability; the theory uses only the static arc
 * mapping and seed order ({@link #seedPositions}), which need no CSR. O(V + E).
 */
final class KnownArcs {
  private static final int RW = EdgeType.RW.ordinal();

  private final BaseEdges base;
  private final boolean snapshot;
  private final int n;
  final int nodes;
  /** Arcs of the known edges by source: succ[start[u] .. start[u+1]-1]. */
  final int[] start;
  final int[] succ;
  /** The nodes in a topological order of the known arcs; shorter than nodes when cyclic. */
  final int[] order;

  KnownArcs(BaseEdges base, boolean snapshot) {
    this.base = base;
    this.snapshot = snapshot;
    this.n = base.component().vertexCount();
    this.nodes = snapshot ? 2 * n : n;
    int known = base.knownCount();
    int[] indegree = new int[nodes];
    start = new int[nodes + 1];
    for (int b = 0; b < known; b++) {
      for (int i = 0; i < arity(b); i++) {
        indegree[to(b)]++;
        start[from(b, i) + 1]++;
      }
    }
    for (int v = 0; v < nodes; v++) {
      start[v + 1] += start[v];
    }
    succ = new int[start[nodes]];
    int[] fill = Arrays.copyOf(start, nodes);
    for (int b = 0; b < known; b++) {
      for (int i = 0; i < arity(b); i++) {
        succ[fill[from(b, i)]++] = to(b);
      }
    }
    int[] queue = new int[nodes];
    order = Arrays.copyOf(queue, kahn(start, succ, indegree, queue));
  }

  /**
   * Kahn's algorithm, FIFO in node order, over the CSR {@code start}/{@code succ}: fills
   * {@code queue} with the nodes in a topological order and returns how many (fewer than
   * the nodes when some lie on a cycle; {@code indegree} is then still positive for them).
   * O(V + E).
   */
  private static int kahn(int[] start, int[] succ, int[] indegree, int[] queue) {
    int tail = 0;
    for (int v = 0; v < indegree.length; v++) {
      if (indegree[v] == 0) {
        queue[tail++] = v;
      }
    }
    for (int head = 0; head < tail; head++) {
      int v = queue[head];
      for (int i = start[v]; i < start[v + 1]; i++) {
        if (--indegree[succ[i]] == 0) {
          queue[tail++] = succ[i];
        }
      }
    }
    return tail;
  }

  /**
   * Kahn's algorithm taking, among the nodes whose predecessors are all out, the one with the
   * earliest time (then the lowest id): O((V + E) log V) with a binary heap of ints.
   */
  private static int kahnByTime(int[] start, int[] succ, int[] indegree, int[] queue,
      Component c) {
    int[] heap = new int[indegree.length];
    int size = 0;
    for (int v = 0; v < indegree.length; v++) {
      if (indegree[v] == 0) {
        size = push(heap, size, v, c);
      }
    }
    int tail = 0;
    while (size > 0) {
      int v = heap[0];
      heap[0] = heap[--size];
      siftDown(heap, size, c);
      queue[tail++] = v;
      for (int i = start[v]; i < start[v + 1]; i++) {
        if (--indegree[succ[i]] == 0) {
          size = push(heap, size, succ[i], c);
        }
      }
    }
    return tail;
  }

  private static boolean earlier(int u, int v, Component c) {
    long tu = c.time(u);
    long tv = c.time(v);
    return tu < tv || (tu == tv && u < v);
  }

  private static int push(int[] heap, int size, int v, Component c) {
    int i = size;
    while (i > 0 && earlier(v, heap[(i - 1) >>> 1], c)) {
      heap[i] = heap[(i - 1) >>> 1];
      i = (i - 1) >>> 1;
    }
    heap[i] = v;
    return size + 1;
  }

  private static void siftDown(int[] heap, int size, Component c) {
    if (size == 0) {
      return;
    }
    int v = heap[0];
    int i = 0;
    while (2 * i + 1 < size) {
      int child = 2 * i + 1;
      if (child + 1 < size && earlier(heap[child + 1], heap[child], c)) {
        child++;
      }
      if (!earlier(heap[child], v, c)) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = v;
  }

  /**
   * A position per node for the theory's first order: a topological order of the known edges
   * over the transactions (Kahn; by client end time where the component has timestamps,
   * else FIFO in id order), every typed edge RW included, with each
   * SI v' just before its v. A dependency a->b and its a'->b then point forward as a->b does,
   * and an RW edge b->c' as b->c does, so the order is topological for the split graph too
   * whenever the typed known graph is acyclic. ({@link #order}, Kahn on the split graph,
   * puts every v' no known RW edge reaches first, and each RW edge a decision adds later
   * then reorders almost the whole order: on the 1M-transaction benchmark history the SI
   * solve took twice as long.) Transactions on a known typed cycle go last, in id order.
   * The order is also the solver's polarity and first decision order, so the closer it is to
   * the database's own serial order the fewer conflicts: ids are session by session, and FIFO
   * in id order is a breadth-first sweep; end times put concurrent sessions' transactions in
   * about the order they committed (the largest component of a 200-session history: SER 697
   * conflicts instead of 66k, SI 1.4k instead of none found in 600 s; by start times 13.6k
   * and 31.8k). O(V + E), or O((V + E) log V) by time.
   */
  static Seed seedPositions(BaseEdges base, boolean snapshot) {
    int n = base.component().vertexCount();
    int nodes = snapshot ? 2 * n : n;
    int known = base.knownCount();
    int[] indegree = new int[n];
    int[] from = new int[n + 1];
    for (int b = 0; b < known; b++) {
      indegree[base.to(b)]++;
      from[base.from(b) + 1]++;
    }
    for (int v = 0; v < n; v++) {
      from[v + 1] += from[v];
    }
    int[] next = new int[from[n]];
    int[] fill = Arrays.copyOf(from, n);
    for (int b = 0; b < known; b++) {
      next[fill[base.from(b)]++] = base.to(b);
    }
    int[] queue = new int[n];
    int tail = base.component().hasTimes()
        ? kahnByTime(from, next, indegree, queue, base.component())
        : kahn(from, next, indegree, queue);
    boolean acyclic = tail == n;
    for (int v = 0; v < n; v++) {
      if (indegree[v] > 0) {
        queue[tail++] = v;
      }
    }
    int step = snapshot ? 2 : 1;
    int[] position = new int[nodes];
    for (int i = 0; i < n; i++) {
      int v = queue[i];
      if (snapshot) {
        position[v + n] = step * i;
      }
      position[v] = step * i + step - 1;
    }
    return new Seed(position, acyclic);
  }

  /**
   * A node position per node ({@link #seedPositions}), and whether the known typed edges are
   * acyclic: the positions then respect every known arc of the graph or split graph.
   */
  record Seed(int[] position, boolean acyclic) {}

  int arity(int b) {
    return arity(base, snapshot, b);
  }

  int from(int b, int i) {
    return from(base, n, b, i);
  }

  int to(int b) {
    return to(base, snapshot, n, b);
  }

  /** How many arcs base edge b becomes: two for an SI dependency, else one. */
  static int arity(BaseEdges base, boolean snapshot, int b) {
    return snapshot && base.type(b) != RW ? 2 : 1;
  }

  /** The source node of the i-th arc of base edge b (n: the component's transactions). */
  static int from(BaseEdges base, int n, int b, int i) {
    return base.from(b) + i * n;
  }

  /** The target node of the arcs of base edge b. */
  static int to(BaseEdges base, boolean snapshot, int n, int b) {
    return snapshot && base.type(b) == RW ? base.to(b) + n : base.to(b);
  }
}
