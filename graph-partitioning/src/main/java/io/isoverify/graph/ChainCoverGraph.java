package io.isoverify.graph;

import java.util.function.Supplier;

/**
 * What a chain-cover reachability index is built from ({@link ChainReachability}): a DAG in
 * compressed sparse row form (node u's successors are {@code outHead()[outStart()[u] ..
 * outStart()[u+1]-1]}), the nodes in a topological order, and a cover of (some of) its nodes
 * by K chains: {@code chainOf()[u]} is u's chain or -1, {@code posOf()[u]} its position,
 * increasing along the chain, each node with an arc to the next. Nodes off every chain
 * must have only chained in-neighbours (the SI split graph's RW-entry nodes). A graph may say
 * that each node off every chain has the arc from the node before it ({@link #pairedNodes}:
 * the SI compact form's dep(v) -> anti(v)), which lets {@link ChainReachability}'s fill
 * answer "does u already reach it" for such nodes too.
 *
 * <p>The arrays are shared, not copied (10^7 nodes): a backend reads them and never writes.
 */
public final class ChainCoverGraph {
  private final Csr out;
  private final Supplier<Csr> in;
  private final int[] topo;
  private final int[] chainOf;
  private final int[] posOf;
  private final int chains;
  private final boolean pairedNodes;

  ChainCoverGraph(Csr out, Supplier<Csr> in, int[] topo, int[] chainOf, int[] posOf,
      int chains, boolean pairedNodes) {
    this.out = out;
    this.in = in;
    this.topo = topo;
    this.chainOf = chainOf;
    this.posOf = posOf;
    this.chains = chains;
    this.pairedNodes = pairedNodes;
  }

  /**
   * The graph of arcs {@code tail[a] -> head[a]} (a below {@code arcs}) with the given
   * chains (tests and benchmarks of backends). O(nodes + arcs).
   *
   * @throws IllegalArgumentException when the arcs close a cycle
   */
  public static ChainCoverGraph of(int nodes, int[] tail, int[] head, int arcs, int[] chainOf,
      int[] posOf, int chains) {
    Csr out = Csr.of(nodes, tail, head, arcs);
    int[] topo = TopologicalOrder.of(out);
    if (topo == null) {
      throw new IllegalArgumentException("the arcs close a cycle: no reachability index");
    }
    return ofArrays(out.start, out.head, topo, chainOf, posOf, chains, false);
  }

  /**
   * The graph as another JVM received it ({@link #outStart()}, {@link #outHead()},
   * {@link #topologicalOrder()}, chains, {@link #pairedNodes()}): the arrays are kept, not
   * checked.
   */
  public static ChainCoverGraph ofArrays(int[] outStart, int[] outHead, int[] topo,
      int[] chainOf, int[] posOf, int chains, boolean pairedNodes) {
    Csr out = Csr.wrap(outStart, outHead);
    Csr[] reversed = new Csr[1];
    return new ChainCoverGraph(out, () -> reversed[0] != null ? reversed[0]
        : (reversed[0] = out.reverse()), topo, chainOf, posOf, chains, pairedNodes);
  }

  public int nodeCount() {
    return out.nodeCount();
  }

  public int arcCount() {
    return out.head.length;
  }

  /** The number K of chains. */
  public int chains() {
    return chains;
  }

  public int[] outStart() {
    return out.start;
  }

  public int[] outHead() {
    return out.head;
  }

  public int[] topologicalOrder() {
    return topo;
  }

  public int[] chainOf() {
    return chainOf;
  }

  public int[] posOf() {
    return posOf;
  }

  /**
   * True when every node w off every chain has the arc w-1 -> w, from a node on a chain (the
   * SI compact form, {@link CycleGraph}: only anti(v) = 2v+1 is off chains, and dep(v) -> anti(v)
   * is an arc): reaching w-1 then reaches w. False says nothing.
   */
  public boolean pairedNodes() {
    return pairedNodes;
  }

  Csr out() {
    return out;
  }

  /** The reversed arcs, built on first use and kept by whoever supplies them. */
  Csr in() {
    return in.get();
  }
}
