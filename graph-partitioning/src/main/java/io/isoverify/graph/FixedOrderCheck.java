package io.isoverify.graph;

import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.PathChoice;
import java.util.Arrays;
import java.util.List;

/**
 * The check of a history whose known graph fixes every version order a cycle can depend on,
 * as Elle's list-append histories do (Kingsbury and Alvaro, VLDB 2020, 4.2): one cycle search
 * on the known graph, in linear time, with no reachability index, constraint avoidance,
 * pruning, components or solver.
 *
 * <p>The shape, read off the write chains ({@link Chains}, cobra 3.1): every key's versions
 * are the chain holding its initial version, then versions no transaction read, each a chain
 * of its own. A list key's first chain is its observed appends in the order its longest
 * read list shows, and the appends no list shows follow it (known edges, {@link
 * Chains#addListOrderEdges}); another key qualifies when its first chain is its initial
 * version alone, which comes first in every version order: "initial version before c" (WW,
 * and RW from the initial state's readers) is added here for each other chain c ({@link
 * Chains#addBefore}). What is left are pairs u, v of unread versions of one key, a
 * constraint whose sides are the single edges u -WW-> v and v -WW-> u (no reader of either
 * adds an RW edge). Under SER and SSER the graph is acyclic or not whatever they are: on an
 * acyclic known graph every topological order puts one of the two forward, so ordering all
 * unread versions of every key by one topological order closes no cycle. The choice edges of
 * the result are those orders (consecutive versions only). Under SI the pairs are real
 * constraints: u and v each reading what the other overwrote (write skew, allowed) make both
 * orders a cycle with one RW edge, two concurrent writers of a key. SI therefore first
 * searches the SER graph: when it is acyclic, the order its topological order gives closes no
 * cycle there, so none of SI's either (every cycle of the induced graph is one of the plain
 * graph). Otherwise (write skew, which SI allows) SI orders them by the dep nodes' places in a
 * topological order of its own graph and takes this path only when that closes no cycle (one
 * more linear search, over the graph and those arcs); where it does, the pairs go to the
 * general path as constraints. Sound either way: an order that closes no cycle resolves every
 * pair.
 *
 * <p>Reads with several candidate writers (repeated values, predicate observations) leave a
 * WR choice: such histories take the general path. Cost: O(vertices + edges) for the graph
 * and the search, O(u log u) for the u unread versions' orders.
 */
final class FixedOrderCheck {
  private FixedOrderCheck() {}

  /**
   * The partition of {@code level} from its known graph, or null when the graph leaves a
   * choice a cycle may depend on (a read with several candidates, a key with a chain that is
   * neither its first nor one unread version, or under SI unread versions whose order from a
   * topological order closes a cycle): the general path then goes on with {@code g}. In the
   * last case g's known edges hold "initial version before c" for keys that are not lists,
   * the edges the general path's constraint avoidance forces (c before the initial version
   * is a cycle through vertex 0's session order edges).
   */
  static Partition check(KnownGraph g, Level level, int threads, long t0) {
    Chains chains = g.chains;
    Versions versions = g.versions;
    if (versions.anyPending() || !shaped(chains, versions, g.history)) {
      return null;
    }
    boolean lists = false;
    for (int k = 0; k < g.keyCount; k++) {
      boolean list = list(g.history, k);
      lists |= list;
      if (!list) {
        for (int c = chains.keyChainStart[k] + 1; c < chains.keyChainStart[k + 1]; c++) {
          chains.addBefore(chains.keyChainStart[k], c, g.known);
        }
      }
    }
    g.known.trim();
    boolean si = level == Level.SI;
    // SI first asks the SER graph: where it is acyclic, so is SI's with the same choices
    CycleGraph graph = new CycleGraph(si ? Level.SER : level, g.vertexCount(), g.known, threads);
    int[] topo = TopologicalOrder.of(graph.out);
    if (topo == null && si) {
      graph = null;
      graph = new CycleGraph(level, g.vertexCount(), g.known, threads);
      topo = TopologicalOrder.of(graph.out);
    }
    List<Edge> knownCycle = null;
    EdgeList choices = new EdgeList();
    if (topo == null) {
      knownCycle = g.report().edges(MiniTransactionCheck.cycleOf(graph, g.known));
    } else {
      choices = unreadOrders(chains, versions, topo, graph.induced);
      if (graph.induced && choices.size() > 0 && !TopologicalOrder.acyclic(graph.out,
          arcs(choices, graph.out.nodeCount()))) {
        return null;
      }
    }
    ReadConstraints reads = versions.materialize(null);
    g.releaseInput();
    long[] byType = g.countByType();
    PartitionStats stats = new PartitionStats(g.vertexCount(), byType[EdgeType.SO.ordinal()],
        byType[EdgeType.WR.ordinal()], byType[EdgeType.WW.ordinal()],
        byType[EdgeType.RW.ordinal()], byType[EdgeType.RT.ordinal()], chains.chainCount(), 0,
        0, 0, 0, 0, g.vertices.unknownIncluded, g.vertices.unknownExcluded, 0, 0, 0,
        reads.leftOut, reads.unexplained, 0, System.nanoTime() - t0, 0, 0);
    // one node per vertex: the order is the witness's (at SI a commit order as well)
    int[] order = topo == null || graph.induced ? null : topo;
    int[] txnOf = g.vertices.txnOf;
    Partition p = new Partition(txnOf, g.known, choices, knownCycle, null, null,
        List.of(), null, new int[][] {new int[0], new int[0], new int[0]}, stats,
        order == null ? null : () -> serialOrder(order, txnOf));
    return p.taking(new PathChoice(CheckPath.FIXED_ORDER, reason(lists, level)));
  }

  /** The transactions of the vertices in {@code order}, the initial vertex left out. */
  private static int[] serialOrder(int[] order, int[] txnOf) {
    int[] out = new int[order.length];
    int k = 0;
    for (int v : order) {
      if (txnOf[v] >= 0) {
        out[k++] = txnOf[v];
      }
    }
    return Arrays.copyOf(out, k);
  }

  /**
   * The arcs of the SI graph's compact form ({@link CycleGraph}) for WW edges u -> v:
   * anti(u) -> dep(v), that is 2u+1 -> 2v.
   */
  private static Csr arcs(EdgeList ww, int nodes) {
    int m = ww.size();
    int[] tail = new int[m];
    int[] head = new int[m];
    for (int e = 0; e < m; e++) {
      tail[e] = 2 * ww.from(e) + 1;
      head[e] = 2 * ww.to(e);
    }
    return Csr.of(nodes, tail, head, m);
  }

  /** Whether key k (a virtual key of a predicate's field past the history's) is read as a list. */
  private static boolean list(PolygraphInput lists, int k) {
    return k < lists.keyCount && lists.listKey[k];
  }

  /** Why this path, in the words reports use. */
  static String reason(boolean lists, Level level) {
    String unread = level == Level.SI ? "versions no read shows ordered by a topological "
        + "order of the known graph (this path only where that closes no cycle of SI)"
        : "the order of versions no read shows, among themselves, cannot close a cycle of "
        + level;
    return (lists ? "list-append: the read lists fix each key's version order (Elle 4.2), "
        + "appends no list shows after it" : "each key's versions are one chain of "
        + "read-modify-writes from its initial state, or its initial state and then writes "
        + "no read saw") + "; " + unread
        + ": one cycle search on the known graph";
  }

  /**
   * True when every key's chains after its first are single versions no transaction read; a
   * key with such versions that is not read as a list must have its initial version alone as
   * its first chain. (After a chain of read-modify-writes from the initial state, "that
   * chain before c" holds only because c inside it would be a lost update: a cycle through
   * it would need that justified, which the general path's pruning does.)
   */
  private static boolean shaped(Chains chains, Versions versions, PolygraphInput lists) {
    for (int k = 0; k + 1 < chains.keyChainStart.length; k++) {
      int first = chains.keyChainStart[k];
      int end = chains.keyChainStart[k + 1];
      if (end - first > 1 && !list(lists, k) && chains.chainHead[first] != chains.chainTail[first]) {
        return false;
      }
      for (int c = first + 1; c < end; c++) {
        int s = chains.chainHead[c];
        if (s != chains.chainTail[c] || versions.readerStart[s] != versions.readerStart[s + 1]) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * For each key with two or more unread versions, WW edges between them in the order of
   * {@code topo}, a topological order of the level's graph ({@link CycleGraph}: one node per
   * vertex, or under SI two, the order of dep(v) = 2v), each to the next.
   */
  private static EdgeList unreadOrders(Chains chains, Versions versions, int[] topo,
      boolean si) {
    int[] rank = new int[topo.length];
    for (int i = 0; i < topo.length; i++) {
      rank[topo[i]] = i;
    }
    EdgeList out = new EdgeList();
    long[] byRank = new long[0];
    int ww = EdgeType.WW.ordinal();
    for (int k = 0; k + 1 < chains.keyChainStart.length; k++) {
      int from = chains.keyChainStart[k] + 1;
      int n = chains.keyChainStart[k + 1] - from;
      if (n < 2) {
        continue;
      }
      if (byRank.length < n) {
        byRank = new long[Math.max(n, 2 * byRank.length)];
      }
      for (int i = 0; i < n; i++) {
        int v = versions.slotVertex[chains.chainHead[from + i]];
        byRank[i] = (long) rank[si ? 2 * v : v] << 32 | v;
      }
      Arrays.sort(byRank, 0, n);
      for (int i = 1; i < n; i++) {
        out.add((int) byRank[i - 1], (int) byRank[i], ww, k);
      }
    }
    return out;
  }
}
