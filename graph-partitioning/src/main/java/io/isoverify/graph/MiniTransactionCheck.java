package io.isoverify.graph;

import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * The check of a mini-transaction history (mtc section IV; history's
 * {@code TransactionShapes} decides the shape): its version order is fixed, so its
 * dependency graph is known and a level is a cycle search on it, in linear time.
 *
 * <ol>
 *   <li>The known graph ({@link KnownGraph}): SO, WR from each version to its readers, WW
 *       from each version to the one written by its read-modify-writer and RW from its other
 *       readers to that one (mtc Algorithm 1, BuildDependency, without the transitive closure
 *       of WW: IV-C, Theorems 1 and 2), for SSER the real-time frontier edges
 *       ({@link RealTimeEdges}: O(n c) edges for c concurrent transactions instead of the
 *       paper's Theta(n^2)). A key's initial write (an initial transaction's, or an insert
 *       recorded without its read) follows the initial state: WW from it and RW from its
 *       readers ({@link Chains#addBefore}).</li>
 *   <li>The Divergence pattern (mtc Definition 10, CheckSI line 2), at every level: two
 *       transactions read one version of a key and both write the key. Lemma 1: no level
 *       holds. Shown as the constraint on their order whose sides both close a cycle, a
 *       LostUpdate (T2 -WW-> T3 -RW-> T2 and T3 -WW-> T2 -RW-> T3).</li>
 *   <li>Acyclicity (CheckSER, CheckSSER; CheckSI on the induced graph
 *       (SO u WR u WW) ; RW?, linear through {@link CycleGraph}'s two nodes per vertex): Kahn's
 *       algorithm, and a shortest cycle through the first arc inside a strongly connected
 *       component when there is one ({@link Paths#anyCycle}).</li>
 *   <li>SSER of a lightweight-transaction history: the known graph without real-time edges
 *       acyclic, then linearizability per key ({@link LinearizabilityCheck}).</li>
 * </ol>
 * The result is a {@link Partition} without constraints or components: its known cycle or
 * conflict is the violation; otherwise the witness is a topological order of its edges (or
 * the linearization). Cost: O(vertices + reads + writes log writes), plus O(n c) for SSER's
 * real-time edges on the mini-transaction path.
 */
final class MiniTransactionCheck {
  private MiniTransactionCheck() {}

  static Partition check(PolygraphInput history, Level level, boolean lightweight,
      PhaseProgress progress) {
    long t0 = System.nanoTime();
    progress.phase("graph");
    boolean linearizability = lightweight && level == Level.SSER;
    KnownGraph g = new KnownGraph(history, level == Level.SSER && !linearizability);
    CycleReport report = g.report();
    List<List<Edge>> conflict = null;
    List<Edge> knownCycle = null;
    Supplier<int[]> order = null;
    EdgeList[] divergence = divergence(g.versions);
    if (divergence != null) {
      conflict = List.of(report.edges(divergence[0]), report.edges(divergence[1]));
    } else {
      int[] initialWriteChain = linkInitialWrites(g);
      CycleGraph graph = new CycleGraph(level, g.vertexCount(), g.known);
      if (TopologicalOrder.of(graph.out) == null) {
        knownCycle = report.edges(cycleOf(graph, g.known));
      } else if (linearizability) {
        LinearizabilityCheck lin = new LinearizabilityCheck(g, initialWriteChain);
        if (lin.cycle() != null) {
          knownCycle = report.edges(lin.cycle());
        } else {
          order = lin::serialOrder;
        }
      }
    }
    long t1 = System.nanoTime();
    long[] byType = g.countByType();
    PartitionStats stats = new PartitionStats(g.vertexCount(), byType[EdgeType.SO.ordinal()],
        byType[EdgeType.WR.ordinal()], byType[EdgeType.WW.ordinal()],
        byType[EdgeType.RW.ordinal()], byType[EdgeType.RT.ordinal()], g.chains.chainCount(), 0,
        0, 0, 0, 0, g.vertices.unknownIncluded, g.vertices.unknownExcluded, 0, 0, 0, 0, 0, 0,
        t1 - t0, 0, 0);
    return new Partition(g.vertices.txnOf, g.known, new EdgeList(), knownCycle, conflict, null,
        List.of(), null, new int[][] {new int[0], new int[0], new int[0]}, stats, order);
  }

  /**
   * A cycle of {@code graph}, built from {@code edges}, as its edges in cycle order: the
   * shortest through the first arc of a strongly connected component ({@link Paths#anyCycle}).
   * For a graph that has one, O(nodes + arcs).
   */
  static EdgeList cycleOf(CycleGraph graph, EdgeList edges) {
    return Pruner.pick(edges, graph.edgesOf(Paths.anyCycle(graph.paths()), edges));
  }

  /**
   * The first instance of the Divergence pattern (versions in (key, writer) order): S, the
   * lowest reader of the version that also writes its key (the one its chain continues
   * with), and S', the next such reader. Returns the two cycles of their order, each
   * starting with its side's WW edge: S -WW-> S' -RW-> S, then S' -WW-> S -RW-> S'. Null
   * when there is none. O(readers log slots).
   */
  static EdgeList[] divergence(Versions versions) {
    int ww = EdgeType.WW.ordinal();
    int rw = EdgeType.RW.ordinal();
    for (int i = 0; i < versions.slotCount(); i++) {
      int key = versions.slotKey[i];
      int first = -1;
      for (int r = versions.readerStart[i]; r < versions.readerStart[i + 1]; r++) {
        int reader = versions.readers[r];
        if (versions.slot(key, reader) < 0) {
          continue;
        }
        if (first < 0) {
          first = reader;
          continue;
        }
        EdgeList side0 = new EdgeList(2);
        side0.add(first, reader, ww, key);
        side0.add(reader, first, rw, key);
        EdgeList side1 = new EdgeList(2);
        side1.add(reader, first, ww, key);
        side1.add(first, reader, rw, key);
        return new EdgeList[] {side0, side1};
      }
    }
    return null;
  }

  /**
   * Puts each key's initial write (a write no read of the key precedes in its transaction:
   * at most one per key, on a key whose initial version nobody read-modify-wrote, as the
   * shape rules require) right after the initial state: the edges of "the initial chain
   * before its chain". Returns per key the chain of its initial write, or -1.
   */
  private static int[] linkInitialWrites(KnownGraph g) {
    Chains chains = g.chains;
    Versions versions = g.versions;
    int keys = chains.keyChainStart.length - 1;
    int[] initialWriteChain = new int[keys];
    Arrays.fill(initialWriteChain, -1);
    for (int k = 0; k < keys; k++) {
      int first = chains.keyChainStart[k];
      for (int c = first + 1; c < chains.keyChainStart[k + 1]; c++) {
        int head = versions.slotVertex[chains.chainHead[c]];
        if (readsKey(g, head, k)) {
          continue; // a cycle of read-modify-writes: the cycle search finds its WR cycle
        }
        if (initialWriteChain[k] >= 0 || chains.chainHead[first] != chains.chainTail[first]) {
          throw new IllegalStateException("not a mini-transaction history: key " + k
              + " has two versions whose place in its version order no read fixes");
        }
        initialWriteChain[k] = c;
        chains.addBefore(first, c, g.known);
      }
    }
    return initialWriteChain;
  }

  private static boolean readsKey(KnownGraph g, int vertex, int key) {
    Operations ops = g.history.ops;
    int t = g.vertices.txnOf[vertex];
    for (int r = ops.readStart[t]; r < ops.readStart[t + 1]; r++) {
      if (ops.readKey[r] == key) {
        return true;
      }
    }
    return false;
  }
}
