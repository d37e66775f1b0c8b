package io.isoverify.graph;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * P-SCC decomposition (cobra appendix B.3). The P-graph is the known graph plus every edge of
 * every live constraint: both sides of the version-order ones, the candidates' edges of the
 * WR ones and the RW edges derived from a candidate and a side ({@link ReadEdges}); every
 * cycle of every compatible graph lies inside one SCC of it, so an edge between two SCCs is
 * on no cycle, whatever the choices. Hence:
 * <ul>
 *   <li>a version-order constraint one of whose sides has no edge inside an SCC (its own or
 *       derived) is dropped, choosing that side (its edges all follow the condensation
 *       order, so they close no cycle); the choice is recorded as extra known edges for the
 *       witness; a WR constraint with such a candidate is dropped choosing it, its edges
 *       recorded the same way and the read recorded with its writer
 *       ({@link #fixedReader}, for the witness to state it and derive its RW edges);</li>
 *   <li>every other constraint keeps only its edges inside SCCs, and joins the SCCs those
 *       edges lie in into one component (union-find); a derived edge is kept when both its
 *       constraints are, and joins them;</li>
 *   <li>each group of SCCs with at least one constraint is a {@link Component}: its vertices,
 *       its known edges inside SCCs, its constraints, in local ids ascending with the global
 *       ones ({@link ComponentAssembly}). Groups without constraints are acyclic already and
 *       need no solving.</li>
 * </ul>
 * With the chain-pair constraints built here every side edge lies inside one SCC (the two
 * WW edges of a pair close a cycle through both chains, and each reader is entered from its
 * chain's tail), so nothing is dropped or joined in practice; both cases are kept because
 * the argument does not hold for constraints from other sources (predicates, hyper-edges).
 *
 * <p>{@link #sccRank} orders the SCCs topologically: a witness for the whole history orders
 * vertices by (rank, order inside their component).
 *
 * <p>The SCCs come from the in-JVM iterative Tarjan, or for large P-graphs from the
 * external labeller of {@link PartitionOptions#sccLabeller()} ({@link LabelledScc}). The
 * components do not depend on how SCCs are numbered (they are grouped and numbered by their
 * lowest vertex), so both give the same components in the same order; {@link #sccRank} is a
 * topological rank either way, though not the same one.
 *
 * <p>The known graph enters the P-graph as the pruning index's arcs when there are such
 * ({@link Pruner#reachabilityArcs}): they have its reachability, so the SCCs are the same, from
 * a fraction of the arcs (on the low-abort 1M history 2.9M instead of 24.6M at SER, 3.6M
 * instead of 29.5M at SI).
 *
 * <p>Cost O(vertices + known edges + side edges + read edges) plus the SCC step; the
 * P-graph's side edges and the components' counts are written out in ranges of constraints
 * on {@link PartitionOptions#threads()} threads (the same arrays for any number).
 */
final class ComponentBuilder {
  /** The fewest items (constraints, edges) a thread of {@link #parts} gets. */
  static final int MIN_PART = 256;
  final ComponentAssembly assembly;
  final EdgeList choices = new EdgeList();
  /** Dropped WR constraints: the reader vertex, the chosen writer vertex, the key. */
  final IntBuffer fixedReader = new IntBuffer();
  final IntBuffer fixedWriter = new IntBuffer();
  final IntBuffer fixedKey = new IntBuffer();
  /** Topological rank of each vertex's SCC in the P-graph. */
  final int[] sccRank;

  private final Constraints cons;
  private final ReadEdges reads;
  /** Scratch: the side being read ({@link Constraints#side}). */
  private final EdgeList side = new EdgeList();
  private final int[] comp;
  private final int[] parent;
  /** Per kept constraint (version-order c, then WR j at count + j): an SCC it lies in, else -1. */
  private final int[] home;
  /** Derived edges by candidate: byCandidate[byCandidateStart[i] .. byCandidateStart[i+1]-1]. */
  private int[] byCandidateStart;
  private int[] byCandidate;

  /**
   * @param txnTime per History transaction its client timestamp (the solver's first order
   *     follows it, {@link Component#time}), or null when the history has none
   * @param knownArcs {tails, heads} with the reachability of {@code known}, the P-graph's
   *     known part ({@link Pruner#reachabilityArcs}); null: the known edges themselves
   */
  ComponentBuilder(int n, int[] txnOf, long[] txnTime, EdgeList known, int[][] knownArcs,
      Constraints cons, ReadEdges reads, PartitionOptions options) {
    this.cons = cons;
    this.reads = reads;
    // the live sides' edges, counted then copied in ranges of constraints on the threads
    int[] bound = parts(cons.count(), options.threads());
    int ranges = bound.length - 1;
    long[] sideArcs = new long[ranges + 1];
    IntStream.range(0, ranges).parallel().forEach(p -> {
      EdgeList edges = new EdgeList();
      long m = 0;
      for (int c = bound[p]; c < bound[p + 1]; c++) {
        for (int s = 0; s < 2 && cons.alive(c); s++) {
          cons.side(c, s, edges);
          m += edges.size();
        }
      }
      sideArcs[p + 1] = m;
    });
    for (int p = 0; p < ranges; p++) {
      sideArcs[p + 1] += sideArcs[p];
    }
    int knownCount = knownArcs != null ? knownArcs[0].length : known.size();
    int arcs = Math.toIntExact(knownCount + sideArcs[ranges] + reads.edges.size()
        + reads.derived.size());
    int[] tail = new int[arcs];
    int[] head = new int[arcs];
    int a = knownCount;
    if (knownArcs != null) {
      System.arraycopy(knownArcs[0], 0, tail, 0, a);
      System.arraycopy(knownArcs[1], 0, head, 0, a);
    } else {
      copy(known, 0, known.size(), tail, head, 0);
    }
    int sidesFrom = a;
    IntStream.range(0, ranges).parallel().forEach(p -> {
      EdgeList edges = new EdgeList();
      int at = sidesFrom + (int) sideArcs[p];
      for (int c = bound[p]; c < bound[p + 1]; c++) {
        for (int s = 0; s < 2 && cons.alive(c); s++) {
          cons.side(c, s, edges);
          at = copy(edges, 0, edges.size(), tail, head, at);
        }
      }
    });
    a += (int) sideArcs[ranges];
    a = copy(reads.edges, 0, reads.edges.size(), tail, head, a);
    copy(reads.derived, 0, reads.derived.size(), tail, head, a);
    int count;
    if (options.external(arcs)) {
      LabelledScc scc = new LabelledScc(n, tail, head, arcs, options.sccLabeller());
      comp = scc.component;
      count = scc.count;
    } else {
      StronglyConnected scc = new StronglyConnected(Csr.of(n, tail, head, arcs));
      comp = scc.component;
      count = scc.count;
    }
    sccRank = new int[n];
    for (int v = 0; v < n; v++) {
      sccRank[v] = count - 1 - comp[v];
    }
    parent = new int[count];
    Arrays.setAll(parent, i -> i);
    home = new int[cons.count() + reads.reads.count];
    Arrays.fill(home, -1);
    indexByCandidate();
    byte[] free = freeSides(bound);
    for (int c = 0; c < cons.count(); c++) {
      if (cons.alive(c)) {
        versionOrder(c, free[c]);
      }
    }
    for (int j = 0; j < reads.reads.count; j++) {
      if (reads.reads.live(j)) {
        read(j);
      }
    }
    assembly = new ComponentAssembly(n, txnOf, txnTime, known, cons, reads, comp, parent, home,
        options.threads());
  }

  /**
   * Per constraint, 1 + the first side with no edge inside an SCC (its own or derived), or 0
   * when both have some; decided in the ranges {@code bound} of constraints on the threads (it
   * reads the SCCs only).
   */
  private byte[] freeSides(int[] bound) {
    byte[] free = new byte[cons.count()];
    IntStream.range(0, bound.length - 1).parallel().forEach(p -> {
      EdgeList edges = new EdgeList();
      for (int c = bound[p]; c < bound[p + 1]; c++) {
        for (int s = 0; s < 2 && cons.alive(c); s++) {
          cons.side(c, s, edges);
          if (inside(edges, 0, edges.size()) == 0 && inside(reads.derived,
              reads.derivedAt(2 * c + s), reads.derivedAt(2 * c + s + 1)) == 0) {
            free[c] = (byte) (s + 1);
            break;
          }
        }
      }
    });
    return free;
  }

  /**
   * Drops constraint c choosing its free side ({@code free} - 1, from {@link #freeSides}), or
   * (free 0) keeps it and joins its SCCs.
   */
  private void versionOrder(int c, byte free) {
    if (free > 0) {
      cons.side(c, free - 1, side);
      choices.addRange(side, 0, side.size());
      return;
    }
    int h = -1;
    for (int s = 0; s < 2; s++) {
      cons.side(c, s, side);
      h = join(side, 0, side.size(), h);
    }
    home[c] = join(reads.derived, reads.derivedAt(2 * c), reads.derivedAt(2 * c + 2), h);
  }

  /** Drops WR constraint j choosing a candidate without inner edges, or keeps it. */
  private void read(int j) {
    ReadConstraints r = reads.reads;
    for (int i = r.candStart[j]; i < r.candStart[j + 1]; i++) {
      if (reads.live(i) && inside(reads.edges, reads.edgeStart[i], reads.edgeStart[i + 1]) == 0
          && innerDerived(i, -1) < 0) {
        choices.addRange(reads.edges, reads.edgeStart[i], reads.edgeStart[i + 1]);
        fixedReader.add(r.reader[j]);
        fixedWriter.add(reads.writerVertex(i));
        fixedKey.add(r.key[j]);
        return;
      }
    }
    int h = -1;
    for (int i = r.candStart[j]; i < r.candStart[j + 1]; i++) {
      if (reads.live(i)) {
        h = join(reads.edges, reads.edgeStart[i], reads.edgeStart[i + 1], h);
        for (int d = innerDerived(i, -1); d >= 0; d = innerDerived(i, d)) {
          h = join(reads.derived, d, d + 1, h);
        }
      }
    }
    home[cons.count() + j] = h;
  }

  /**
   * The next derived edge of candidate i after {@code after} (-1: from the first) that lies
   * inside an SCC and whose version-order constraint is kept, or -1.
   */
  private int innerDerived(int i, int after) {
    for (int k = byCandidateStart[i]; k < byCandidateStart[i + 1]; k++) {
      int d = byCandidate[k];
      if (d > after && home[reads.constraint.get(d)] >= 0
          && comp[reads.derived.from(d)] == comp[reads.derived.to(d)]) {
        return d;
      }
    }
    return -1;
  }

  private void indexByCandidate() {
    int cands = reads.edgeStart.length - 1;
    byCandidateStart = new int[cands + 1];
    for (int d = 0; d < reads.derived.size(); d++) {
      byCandidateStart[reads.candidate.get(d) + 1]++;
    }
    for (int i = 0; i < cands; i++) {
      byCandidateStart[i + 1] += byCandidateStart[i];
    }
    byCandidate = new int[reads.derived.size()];
    int[] fill = Arrays.copyOf(byCandidateStart, cands);
    for (int d = 0; d < reads.derived.size(); d++) {
      byCandidate[fill[reads.candidate.get(d)]++] = d;
    }
  }

  /** Joins the SCCs of the inner edges begin..end-1 with {@code root}; returns the root. */
  private int join(EdgeList edges, int begin, int end, int root) {
    for (int e = begin; e < end; e++) {
      if (comp[edges.from(e)] == comp[edges.to(e)]) {
        int r = find(parent, comp[edges.from(e)]);
        if (root < 0) {
          root = r;
        } else if (r != root) {
          parent[r] = root;
          root = find(parent, root);
        }
      }
    }
    return root;
  }

  private int inside(EdgeList edges, int begin, int end) {
    int count = 0;
    for (int e = begin; e < end; e++) {
      if (comp[edges.from(e)] == comp[edges.to(e)]) {
        count++;
      }
    }
    return count;
  }

  private static int copy(EdgeList edges, int begin, int end, int[] tail, int[] head, int at) {
    for (int e = begin; e < end; e++, at++) {
      tail[at] = edges.from(e);
      head[at] = edges.to(e);
    }
    return at;
  }

  /**
   * Bounds of up to {@code threads} ranges of 0..count-1 with about as many items each, at
   * least {@link #MIN_PART} (range p is bound[p] .. bound[p+1]-1; one range for fewer).
   */
  static int[] parts(int count, int threads) {
    int parts = Math.max(1, Math.min(threads, count / MIN_PART));
    int[] bound = new int[parts + 1];
    for (int p = 1; p <= parts; p++) {
      bound[p] = (int) ((long) count * p / parts);
    }
    return bound;
  }

  static int find(int[] parent, int x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }
}
