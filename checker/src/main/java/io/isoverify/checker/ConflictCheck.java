package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-validates a {@link ConflictEvidence} by brute force: every edge is supported by the
 * raw history ({@link EdgeJustification}), and each of the 2^k choices of the k
 * constraints' sides, with the known edges, has a cycle (for SI, of the induced graph
 * (D ; RW?), polysi section 4). Its own small graph code: adjacency lists over the
 * transactions the evidence names and a depth-first search. O(2^k * (E + I)) for E edges
 * and I induced SI edges; callers bound it with {@link #affordable}.
 */
public final class ConflictCheck {
  public static final int MAX_CONSTRAINTS = 16;
  private static final long MAX_WORK = 20_000_000L;

  private ConflictCheck() {
  }

  /** True when the brute force is cheap enough to run: 2^k * edges within a fixed budget. */
  public static boolean affordable(ConflictEvidence evidence) {
    int k = evidence.side0().size();
    long edges = evidence.known().size() + 1;
    for (int c = 0; c < k; c++) {
      edges += evidence.side0().get(c).size() + evidence.side1().get(c).size();
    }
    return k <= MAX_CONSTRAINTS && (1L << k) * edges <= MAX_WORK;
  }

  public static Check check(History h, Level level, ConflictEvidence evidence) {
    int k = evidence.side0().size();
    if (k > MAX_CONSTRAINTS) {
      return Check.rejected("the conflict has " + k + " constraints, more than the "
          + MAX_CONSTRAINTS + " a brute-force check tries");
    }
    List<Edge> all = new ArrayList<>(evidence.known());
    evidence.side0().forEach(all::addAll);
    evidence.side1().forEach(all::addAll);
    for (Edge e : all) {
      String problem = EdgeJustification.problem(h, level, e);
      if (problem != null) {
        return Check.rejected(problem);
      }
    }
    for (long mask = 0; mask < (1L << k); mask++) {
      List<Edge> chosen = new ArrayList<>(evidence.known());
      for (int c = 0; c < k; c++) {
        chosen.addAll(((mask >> c) & 1) == 0 ? evidence.side0().get(c) : evidence.side1().get(c));
      }
      if (!hasCycle(level == Level.SI ? induced(chosen) : chosen)) {
        return Check.rejected("choosing side " + sidesText(mask, k) + " of the conflict's constraints leaves no cycle");
      }
    }
    return Check.ok();
  }

  private static String sidesText(long mask, int k) {
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < k; c++) {
      sb.append((mask >> c) & 1);
    }
    return sb.toString();
  }

  /** The edges of (D ; RW?), as WW-typed pairs (type and key no longer matter). */
  private static List<Edge> induced(List<Edge> edges) {
    Map<Integer, List<Integer>> rwOut = new HashMap<>();
    for (Edge r : edges) {
      if (r.type() == EdgeType.RW) {
        rwOut.computeIfAbsent(r.from(), x -> new ArrayList<>()).add(r.to());
      }
    }
    List<Edge> out = new ArrayList<>();
    for (Edge d : edges) {
      if (d.type() != EdgeType.RW) {
        out.add(d);
        for (int c : rwOut.getOrDefault(d.to(), List.of())) {
          out.add(Edge.of(d.from(), c, EdgeType.WW));
        }
      }
    }
    return out;
  }

  private static boolean hasCycle(List<Edge> edges) {
    Map<Integer, List<Integer>> adj = new HashMap<>();
    for (Edge e : edges) {
      if (e.from() == e.to()) {
        return true;
      }
      adj.computeIfAbsent(e.from(), x -> new ArrayList<>()).add(e.to());
    }
    Map<Integer, Integer> state = new HashMap<>();
    for (Integer v : adj.keySet()) {
      if (!state.containsKey(v) && cycleFrom(v, adj, state)) {
        return true;
      }
    }
    return false;
  }

  /** Depth-first: state 1 = on the current path, 2 = done. */
  private static boolean cycleFrom(int v, Map<Integer, List<Integer>> adj, Map<Integer, Integer> state) {
    state.put(v, 1);
    for (int w : adj.getOrDefault(v, List.of())) {
      Integer s = state.get(w);
      if ((s != null && s == 1) || (s == null && cycleFrom(w, adj, state))) {
        return true;
      }
    }
    state.put(v, 2);
    return false;
  }
}
