package io.isoverify.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * P-SCC decomposition (cobra appendix B.3). The P-graph is the known graph plus every edge of
 * every live constraint; every cycle of every compatible graph lies inside one SCC of it, so
 * an edge between two SCCs is on no cycle, whatever the choices. Hence:
 * <ul>
 *   <li>a constraint one of whose sides has no edge inside an SCC is dropped, choosing that
 *       side (its edges all follow the condensation order, so they close no cycle); the
 *       choice is recorded as extra known edges for the witness;</li>
 *   <li>every other constraint keeps only its edges inside SCCs, and joins the SCCs those
 *       edges lie in into one component (union-find);</li>
 *   <li>each group of SCCs with at least one constraint is a {@link Component}: its vertices,
 *       its known edges inside SCCs, its constraints, in local ids ascending with the global
 *       ones. Groups without constraints are acyclic already and need no solving.</li>
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
 * <p>Cost O(vertices + known edges + side edges) plus the SCC step.
 */
final class ComponentBuilder {
  final List<Component> components = new ArrayList<>();
  final EdgeList choices = new EdgeList();
  /** Topological rank of each vertex's SCC in the P-graph. */
  final int[] sccRank;
  int largest;

  ComponentBuilder(int n, int[] txnOf, EdgeList known, Constraints cons, PartitionOptions options) {
    EdgeList sides = cons.edges;
    int arcs = known.size();
    for (int c = 0; c < cons.count(); c++) {
      if (cons.alive(c)) {
        arcs += cons.end(c, 1) - cons.begin(c, 0);
      }
    }
    int[] tail = new int[arcs];
    int[] head = new int[arcs];
    int a = 0;
    for (int e = 0; e < known.size(); e++, a++) {
      tail[a] = known.from(e);
      head[a] = known.to(e);
    }
    for (int c = 0; c < cons.count(); c++) {
      for (int e = cons.begin(c, 0); cons.alive(c) && e < cons.end(c, 1); e++, a++) {
        tail[a] = sides.from(e);
        head[a] = sides.to(e);
      }
    }
    int[] comp;
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
    int[] parent = new int[count];
    Arrays.setAll(parent, i -> i);
    boolean[] kept = new boolean[cons.count()];
    for (int c = 0; c < cons.count(); c++) {
      if (!cons.alive(c)) {
        continue;
      }
      int inside0 = inside(sides, cons.begin(c, 0), cons.end(c, 0), comp);
      int inside1 = inside(sides, cons.begin(c, 1), cons.end(c, 1), comp);
      if (inside0 == 0 || inside1 == 0) {
        int side = inside0 == 0 ? 0 : 1;
        choices.addRange(sides, cons.begin(c, side), cons.end(c, side));
        continue;
      }
      kept[c] = true;
      int root = -1;
      for (int e = cons.begin(c, 0); e < cons.end(c, 1); e++) {
        if (comp[sides.from(e)] == comp[sides.to(e)]) {
          int r = find(parent, comp[sides.from(e)]);
          if (root < 0) {
            root = r;
          } else if (r != root) {
            parent[r] = root;
          }
        }
      }
    }
    assemble(n, txnOf, known, cons, kept, comp, parent);
  }

  private void assemble(int n, int[] txnOf, EdgeList known, Constraints cons, boolean[] kept,
      int[] comp, int[] parent) {
    EdgeList sides = cons.edges;
    int[] groupOfRoot = new int[parent.length];
    Arrays.fill(groupOfRoot, -2);
    for (int c = 0; c < cons.count(); c++) {
      if (kept[c]) {
        groupOfRoot[find(parent, comp[sides.from(firstInside(sides, cons.begin(c, 0), comp))])] = -1;
      }
    }
    // groups numbered by their lowest vertex; local ids ascending with the global ones
    int[] group = new int[n];
    int[] local = new int[n];
    List<IntBuffer> members = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      int r = find(parent, comp[v]);
      if (groupOfRoot[r] == -1) {
        groupOfRoot[r] = members.size();
        members.add(new IntBuffer());
      }
      group[v] = groupOfRoot[r] < 0 ? -1 : groupOfRoot[r];
      if (group[v] >= 0) {
        local[v] = members.get(group[v]).size();
        members.get(group[v]).add(txnOf[v]);
      }
    }
    int g = members.size();
    EdgeList[] knownOf = new EdgeList[g];
    EdgeList[] sideOf = new EdgeList[g];
    IntBuffer[] startOf = new IntBuffer[g];
    for (int i = 0; i < g; i++) {
      knownOf[i] = new EdgeList();
      sideOf[i] = new EdgeList();
      startOf[i] = new IntBuffer();
      startOf[i].add(0);
    }
    for (int e = 0; e < known.size(); e++) {
      int u = known.from(e);
      int v = known.to(e);
      if (comp[u] == comp[v] && group[u] >= 0) {
        knownOf[group[u]].add(local[u], local[v], known.type(e), known.key(e));
      }
    }
    for (int c = 0; c < cons.count(); c++) {
      if (!kept[c]) {
        continue;
      }
      int gc = group[sides.from(firstInside(sides, cons.begin(c, 0), comp))];
      for (int side = 0; side < 2; side++) {
        for (int e = cons.begin(c, side); e < cons.end(c, side); e++) {
          int u = sides.from(e);
          int v = sides.to(e);
          if (comp[u] == comp[v]) {
            sideOf[gc].add(local[u], local[v], sides.type(e), sides.key(e));
          }
        }
        startOf[gc].add(sideOf[gc].size());
      }
    }
    for (int i = 0; i < g; i++) {
      EdgeList k = knownOf[i];
      EdgeList s = sideOf[i];
      components.add(new Component(members.get(i).toArray(), k.fromArray(), k.toArray(),
          k.typeArray(), k.keyArray(), startOf[i].toArray(), s.fromArray(), s.toArray(),
          s.typeArray(), s.keyArray()));
      largest = Math.max(largest, members.get(i).size());
    }
  }

  private static int inside(EdgeList edges, int begin, int end, int[] comp) {
    int count = 0;
    for (int e = begin; e < end; e++) {
      if (comp[edges.from(e)] == comp[edges.to(e)]) {
        count++;
      }
    }
    return count;
  }

  private static int firstInside(EdgeList edges, int begin, int[] comp) {
    int e = begin;
    while (comp[edges.from(e)] != comp[edges.to(e)]) {
      e++;
    }
    return e;
  }

  private static int find(int[] parent, int x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }
}
