package io.isoverify.graph;

import java.util.Arrays;

/**
 * Reachability in a DAG through a chain decomposition (DESIGN section 4), without an n x n
 * matrix. Some nodes lie on chains, each chain a sequence of nodes each of which reaches the
 * next (sessions: SO edges). {@code first[u*K + c]} is the earliest position on chain c that
 * u reaches (MAX_VALUE when none), so for a chained v:
 * <pre>  reaches(u, v)  <=>  first[u*K + chain(v)] <= pos(v)</pre>
 * because u reaching position p of a chain reaches every later position too. A node on no
 * chain (an RW-entry node of the SI {@link CycleGraph}) is reached iff one of its
 * in-neighbours is; its in-neighbours must lie on chains, so a query reads at most K entries
 * ({@link OffChainEntries}, built on the first such query).
 *
 * <p>The table is filled in reverse topological order: first[u] = elementwise min of
 * first[w] over u's out-neighbours w, then first[u][chain(u)] = pos(u). Time O(arcs * K),
 * memory nodes * K ints; the K columns are split between threads, which share nothing. That
 * is the CPU backend ({@link ReachabilityBackends#cpu()}); another backend may fill the same
 * table elsewhere (the gpu module, on a CUDA device) and hand it over ({@link #ofTable}):
 * queries and arc-by-arc updates are then always these, on the host's copy.
 */
public final class ChainReachability implements ReachabilityIndex {
  /** The CPU backend: {@link #fill} on {@code threads} threads. */
  static final ReachabilityBackend CPU = new ReachabilityBackend() {
    @Override
    public String name() {
      return "cpu";
    }

    @Override
    public String unavailableReason() {
      return null;
    }

    @Override
    public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
      return new ChainReachability(graph, threads);
    }
  };

  private final int k;
  private final int[] chainOf;
  private final int[] posOf;
  private final int[] first;
  private final ChainCoverGraph graph;
  // arcs added after construction, as linked lists of in-arcs: extraHead[v] is the first
  // entry for v (-1: none), entry x is the arc extraTail[x] -> v, then extraNext[x]
  private int[] extraHead;
  private final IntBuffer extraTail = new IntBuffer();
  private final IntBuffer extraNext = new IntBuffer();
  private volatile OffChainEntries offChain;
  private boolean[] marks;

  private ChainReachability(ChainCoverGraph graph, int[] first) {
    this.k = graph.chains();
    this.chainOf = graph.chainOf();
    this.posOf = graph.posOf();
    this.graph = graph;
    this.first = first;
  }

  /**
   * The index of {@code graph}, its table filled on {@code threads} threads.
   */
  ChainReachability(ChainCoverGraph graph, int threads) {
    this(graph, newTable(graph));
    int chains = k;
    int[] topo = graph.topologicalOrder();
    Csr out = graph.out();
    int parts = Math.max(1, Math.min(threads, chains));
    OrderedBlocks.run(parts, parts, p -> {
      fill(out, topo, (int) ((long) chains * p / parts), (int) ((long) chains * (p + 1) / parts));
      return p;
    }, p -> { });
  }

  /**
   * An empty table for {@code graph}: nodes x K ints, every entry MAX_VALUE ("reaches no
   * position of that chain").
   *
   * @throws IllegalStateException when it is over the Java array limit
   */
  public static int[] newTable(ChainCoverGraph graph) {
    int[] first = new int[tableSize(graph)];
    Arrays.fill(first, Integer.MAX_VALUE);
    return first;
  }

  /**
   * The entries of {@code graph}'s table, nodes x K (a backend that writes every entry
   * allocates it unfilled).
   *
   * @throws IllegalStateException when that is over the array limit
   */
  public static int tableSize(ChainCoverGraph graph) {
    int n = graph.nodeCount();
    int chains = graph.chains();
    if ((long) n * chains > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("reachability table of " + n + " x " + chains
          + " entries is over the array limit; fewer chains are needed");
    }
    return n * chains;
  }

  /**
   * The table of {@code graph} filled on the CPU's {@code threads} threads (for a backend
   * that falls back to the CPU, or fills it in another JVM).
   */
  public static int[] cpuTable(ChainCoverGraph graph, int threads) {
    return new ChainReachability(graph, threads).first;
  }

  /**
   * The index whose table another backend filled: {@code first[u*K + c]} the earliest
   * position on chain c that u reaches, MAX_VALUE when none (the class comment). The table
   * is kept, not copied, and updated in place by {@link #addArc}.
   */
  public static ChainReachability ofTable(ChainCoverGraph graph, int[] first) {
    if (first.length != (long) graph.nodeCount() * graph.chains()) {
      throw new IllegalArgumentException("table of " + first.length + " entries for "
          + graph.nodeCount() + " nodes x " + graph.chains() + " chains");
    }
    return new ChainReachability(graph, first);
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
    OffChainEntries entries = offChain();
    if (!entries.general(v)) {
      if (entries.reached(first, u * k, v)) {
        return true;
      }
    } else {
      Csr in = graph.in();
      for (int a = in.start[v]; a < in.start[v + 1]; a++) {
        if (reaches(u, in.head[a])) {
          return true;
        }
      }
    }
    for (int x = extraIn(v); x >= 0; x = extraNext.get(x)) {
      if (reaches(u, extraTail.get(x))) {
        return true;
      }
    }
    return false;
  }

  /** The nodes off every chain, per chain of their in-neighbours (built on first use). */
  private OffChainEntries offChain() {
    OffChainEntries e = offChain;
    if (e == null) {
      synchronized (this) {
        e = offChain;
        if (e == null) {
          e = OffChainEntries.of(graph);
          offChain = e;
        }
      }
    }
    return e;
  }

  /**
   * Adds the arc u -> v to the DAG, keeping the index exact: u's row takes the elementwise
   * min with v's, and every ancestor whose row improves passes it on to its in-neighbours
   * (a backward worklist that stops where rows do not change). Returns false, adding
   * nothing, when the arc would close a cycle. Cost: K per visited ancestor; cheap when the
   * ancestors already reach what v reaches, which is the common case after the bulk of the
   * known edges is in (pruning rounds), and a full rebuild otherwise.
   */
  @Override
  public boolean addArc(int u, int v) {
    if (reaches(v, u)) {
      return false;
    }
    if (extraHead == null) {
      extraHead = new int[chainOf.length];
      Arrays.fill(extraHead, -1);
    }
    extraTail.add(u);
    extraNext.add(extraHead[v]);
    extraHead[v] = extraTail.size() - 1;
    if (marks != null && chainOf[u] < 0 && chainOf[v] < 0) {
      Arrays.fill(marks, true); // the nodes answered through such an arc are not tracked
    } else if (marks != null) {
      markOffChain(v);
    }
    IntBuffer work = new IntBuffer();
    if (lower(u, v)) {
      work.add(u);
    }
    Csr in = graph.in();
    for (int i = 0; i < work.size(); i++) {
      int x = work.get(i);
      for (int a = in.start[x]; a < in.start[x + 1]; a++) {
        if (lower(in.head[a], x)) {
          work.add(in.head[a]);
        }
      }
      for (int e = extraIn(x); e >= 0; e = extraNext.get(e)) {
        if (lower(extraTail.get(e), x)) {
          work.add(extraTail.get(e));
        }
      }
    }
    return true;
  }

  /** row(p) = min(row(p), row(x)); true when it changed. */
  private boolean lower(int p, int x) {
    int rp = p * k;
    int rx = x * k;
    boolean changed = false;
    for (int c = 0; c < k; c++) {
      if (first[rx + c] < first[rp + c]) {
        first[rp + c] = first[rx + c];
        changed = true;
      }
    }
    if (changed && marks != null) {
      marks[p] = true;
    }
    return changed;
  }

  /**
   * Marks v, which gained an in-arc, and the nodes off every chain answered through it: its
   * graph out-neighbours off every chain, and theirs (none in the SI split graph, where arcs
   * into such nodes leave chained ones).
   */
  private void markOffChain(int v) {
    marks[v] = true;
    if (chainOf[v] >= 0 || !hasOffChainOut(v)) {
      return; // the common case under SI: nothing is answered through v but v
    }
    IntBuffer work = new IntBuffer();
    work.add(v);
    Csr out = graph.out();
    for (int i = 0; i < work.size(); i++) {
      int x = work.get(i);
      for (int a = out.start[x]; a < out.start[x + 1]; a++) {
        int w = out.head[a];
        if (chainOf[w] < 0 && !marks[w]) {
          marks[w] = true;
          work.add(w);
        }
      }
    }
  }

  private boolean hasOffChainOut(int v) {
    Csr out = graph.out();
    for (int a = out.start[v]; a < out.start[v + 1]; a++) {
      if (chainOf[out.head[a]] < 0) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void markChanges(boolean[] marks) {
    this.marks = marks;
  }

  @Override
  public int chainOf(int v) {
    return chainOf[v];
  }

  @Override
  public int positionOf(int v) {
    return posOf[v];
  }

  @Override
  public int earliest(int u, int c) {
    return first[u * k + c];
  }

  private int extraIn(int v) {
    return extraHead == null ? -1 : extraHead[v];
  }
}
