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
 * first[w] over u's out-neighbours w, then first[u][chain(u)] = pos(u). An out-neighbour w
 * that u already reaches through the neighbours merged before it adds nothing (their rows
 * are at most w's), and that is one entry of u's row: first[u][chain(w)] &lt;= pos(w) (for an
 * RW-entry node, asked of the node before it, {@link ChainCoverGraph#pairedNodes}). Such
 * arcs are skipped. Time O(arcs + merged arcs * K), at most O(arcs * K); memory nodes * K
 * ints. In the known graphs most arcs are skipped: on the low-abort 1M history at SER, 88%
 * of the pruning rounds' 21.6-24.5M arcs (66% of the first build's 6M); the test needs the
 * whole row, so one thread fills it (the K columns split between two threads, each able to
 * skip only the arcs into its own columns, took 1.15-1.23 s a pruning build where one
 * thread skipping takes 0.46-0.51 s). That is the CPU backend ({@link
 * ReachabilityBackends#cpu()}); another backend may fill the same table elsewhere (the gpu
 * module, on a CUDA device) and hand it over ({@link #ofTable}): queries and arc-by-arc
 * updates are then always these, on the host's copy.
 */
public final class ChainReachability implements ReachabilityIndex {
  /** The CPU backend: {@link #fill} on one thread (the class comment says why). */
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
      return new ChainReachability(graph);
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
  /** The merged arcs reversed ({@link #in}), built on first use. */
  private volatile Csr mergedIn;
  private boolean[] marks;
  /** Bit a set when the fill merged arc a ({@link #mergedArcs}); null for another's table. */
  private long[] merged;
  /** Rows {@link #lower}ed so far; {@link #fillWork}, -1 until asked. */
  private long lowered;
  private long fillWork = -1;

  private ChainReachability(ChainCoverGraph graph, int[] first) {
    this.k = graph.chains();
    this.chainOf = graph.chainOf();
    this.posOf = graph.posOf();
    this.graph = graph;
    this.first = first;
  }

  /** The index of {@code graph}, its table filled ({@link #fill}). */
  ChainReachability(ChainCoverGraph graph) {
    this(graph, newTable(graph));
    merged = new long[(graph.arcCount() + 63) >>> 6];
    fill(graph.out(), graph.topologicalOrder(), graph.pairedNodes());
  }

  /**
   * The arcs the fill merged, as bits by arc index in the graph's CSR, or null when the table
   * was filled elsewhere ({@link #ofTable}). They have the graph's reachability: an arc left
   * out has its target reached through a merged arc and nodes whose own reach is, by
   * induction in reverse topological order, that of their merged arcs. Arcs added later
   * ({@link #addArc}) are not among them.
   */
  long[] mergedArcs() {
    return merged;
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
   * The table of {@code graph} filled on the CPU (for a backend that falls back to the CPU,
   * or fills it in another JVM).
   */
  public static int[] cpuTable(ChainCoverGraph graph) {
    return new ChainReachability(graph).first;
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

  /**
   * Fills the table in reverse topological order, skipping each arc u -> w whose target u
   * already reaches (the class comment). When first[u][chain(w)] &lt;= pos(w), a neighbour x
   * merged before w reaches that position of w's chain, so x reaches w and row(x) &lt;= row(w)
   * entry by entry (rows are exact once filled), and row(u) &lt;= row(x) already. With
   * {@code paired}, a w off every chain is asked through w - 1, which has an arc to it.
   */
  private void fill(Csr out, int[] topo, boolean paired) {
    for (int i = topo.length - 1; i >= 0; i--) {
      int u = topo[i];
      int row = u * k;
      for (int a = out.start[u]; a < out.start[u + 1]; a++) {
        int w = out.head[a];
        int via = paired && chainOf[w] < 0 ? w - 1 : w;
        int c = chainOf[via];
        if (c >= 0 && first[row + c] <= posOf[via]) {
          continue;
        }
        merged[a >>> 6] |= 1L << a;
        int other = w * k;
        for (c = 0; c < k; c++) {
          int x = first[other + c];
          if (x < first[row + c]) {
            first[row + c] = x;
          }
        }
      }
      int c = chainOf[u];
      if (c >= 0) {
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
      Csr in = in();
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

  /**
   * The in-arcs that queries into nodes answered by walking them, and {@link #addArc}'s
   * backward worklist, read: the merged arcs reversed ({@link #mergedArcs}), or every arc
   * when the table was filled elsewhere. Both walks are exact on any arcs with the graph's
   * reachability (added arcs included):
   * <ul>
   *   <li>a query into v needs one in-neighbour on a path from u, and a path of merged arcs
   *       to v ends in one;
   *   <li>after u -> v is added, every ancestor of u must end with a row at most v's, entry
   *       by entry (rows are never below the truth). Suppose one does not; take the latest
   *       such q in topological order, and the earliest node w that q reaches, that reaches
   *       u, and whose row ends at most v's (u is one). The node after q on a path of merged
   *       arcs from q to w reaches u and is later than q, so its row ends at most v's: it is
   *       w. w's row changed (else q's was at most v's before), and w was taken from the
   *       worklist after its last change: then q was lowered from it, or left out by
   *       {@code reachesEarlier} because q reaches a node before w (on w's chain, or the node
   *       before an RW-entry w) that reaches w; that node reaches u and is later than q, so
   *       its row ends at most v's, and it is earlier than w, against w's choice.
   * </ul>
   * On the 1M general history at SI the merged arcs are 2.6M of 21.4M: 18 bytes per
   * transaction where every arc reversed took 94, live at the graph phase's peak, and the
   * updates read fewer rows.
   */
  private Csr in() {
    if (merged == null) {
      return graph.in();
    }
    Csr r = mergedIn;
    if (r == null) {
      synchronized (this) {
        r = mergedIn;
        if (r == null) {
          r = graph.out().reverse(merged);
          mergedIn = r;
        }
      }
    }
    return r;
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
   * nothing, when the arc would close a cycle. Cost: K per in-neighbour of a changed row
   * whose own row is read, one entry for the others ({@link #reachesEarlier}); cheap when the
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
    Csr in = in();
    for (int i = 0; i < work.size(); i++) {
      int x = work.get(i);
      for (int a = in.start[x]; a < in.start[x + 1]; a++) {
        int p = in.head[a];
        if (!reachesEarlier(p, x) && lower(p, x)) {
          work.add(p);
        }
      }
      for (int e = extraIn(x); e >= 0; e = extraNext.get(e)) {
        int p = extraTail.get(e);
        if (!reachesEarlier(p, x) && lower(p, x)) {
          work.add(p);
        }
      }
    }
    return true;
  }

  /**
   * Whether in-neighbour p of a changed node x needs no row update from x: p's row says it
   * reaches a node of x's chain before x (from another chain than x's), or, for an RW-entry
   * node off chains ({@link ChainCoverGraph#pairedNodes}), reaches x - 1, whose arc to x it is
   * not. Then the change reaches p anyway, through that node, which reaches x and lies
   * before it ({@link #in} gives the argument). On the 200-session 1M history at SI, a
   * pruning round that updated the index for 672k new edges read 251M in-neighbours' rows
   * (every arc's), of which 2.5M changed.
   */
  private boolean reachesEarlier(int p, int x) {
    int c = chainOf[x];
    if (c >= 0) {
      return chainOf[p] != c && first[p * k + c] < posOf[x];
    }
    if (!graph.pairedNodes()) {
      return false;
    }
    int via = x - 1;
    c = chainOf[via];
    return c >= 0 && p != via && first[p * k + c] <= posOf[via];
  }

  /** row(p) = min(row(p), row(x)); true when it changed. */
  private boolean lower(int p, int x) {
    lowered++;
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
  public long fillWork() {
    if (fillWork < 0) {
      long arcs = graph.arcCount();
      long rows = arcs / 8;
      if (merged != null) {
        rows = 0;
        for (long w : merged) {
          rows += Long.bitCount(w);
        }
      }
      fillWork = arcs + rows * k;
    }
    return fillWork;
  }

  @Override
  public long updateWork() {
    return lowered * k;
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
