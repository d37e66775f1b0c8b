package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a certificate into an {@link Explanation}: for a cycle (or, for a set of edges that is
 * not one cycle in order, its shortest fewest-RW cycle), it is rotated to start at its smallest
 * transaction, each edge is matched to the operations that show it in the history,
 * and the cycle is named ({@link CycleClassifier}); for a non-cycle anomaly, the certificate's
 * own operations and edges are kept. O(sum over the cycle's edges of ops(from) * ops(to)).
 */
public final class Explainer {
  private final History h;
  private final StepFinder steps;

  public Explainer(History h) {
    this.h = h;
    this.steps = new StepFinder(h);
  }

  public Explanation explain(Certificate c) {
    if (!c.anomaly().isCycle() || c.edges().isEmpty()) {
      return direct(c);
    }
    List<Step> cycle = new ArrayList<>();
    for (Edge e : rotated(cycleOf(c.edges()))) {
      cycle.add(steps.find(e));
    }
    CycleClassifier.Classification k = CycleClassifier.classify(h, cycle);
    Set<Integer> txns = new LinkedHashSet<>();
    Set<Integer> keys = new LinkedHashSet<>();
    Set<Integer> ops = new TreeSet<>();
    for (Step s : cycle) {
      txns.add(s.edge().from());
      if (s.edge().key() >= 0) {
        keys.add(s.edge().key());
      }
      addOp(ops, s.fromOp());
      addOp(ops, s.toOp());
      if (k.pattern() == Anomaly.LOST_UPDATE && s.edge().type() == EdgeType.WW) {
        // Both overwriters read the version they overwrote; the RW step shows only one read.
        addOp(ops, steps.readBefore(s.edge().from(), s.fromOp()));
      }
    }
    return new Explanation(k.adya(), k.pattern(), k.adyaName(),
        Implications.rulesOut(k.adya(), k.realtime()),
        Implications.stillPossible(k.adya(), k.realtime()), List.copyOf(txns), List.copyOf(keys),
        cycle, List.copyOf(ops), CertificateSummary.of(h, c));
  }

  /**
   * The certificate with only the operations that take part in its cycle (the reads and writes
   * behind each edge), not its transactions' other operations; non-cycle certificates, whose
   * operations are already only those, come back unchanged.
   */
  public Certificate trim(Certificate c) {
    if (!c.anomaly().isCycle() || c.edges().isEmpty()) {
      return c;
    }
    Explanation x = explain(c);
    return new Certificate(c.anomaly(), toArray(x.txns()), toArray(x.keys()), toArray(x.ops()),
        c.edges(), c.choices(), c.reads());
  }

  private Explanation direct(Certificate c) {
    List<Step> edges = new ArrayList<>();
    for (Edge e : c.edges()) {
      edges.add(steps.find(e));
    }
    Set<Integer> ops = new TreeSet<>();
    for (int o : c.ops()) {
      ops.add(o);
    }
    return new Explanation(c.anomaly(), null, c.anomaly().displayName(),
        Implications.rulesOut(c.anomaly(), false), Implications.stillPossible(c.anomaly(), false),
        boxed(c.txns()), boxed(c.keys()), edges, List.copyOf(ops), CertificateSummary.of(h, c));
  }

  /**
   * The edges themselves when they form one cycle in order; otherwise (a solver's conflict: a
   * set of edges containing cycles) a shortest, fewest-RW cycle among them
   * ({@link ShortestCycle}, tried through each edge: O(edges^2) for a core of that many edges).
   */
  private List<Edge> cycleOf(List<Edge> edges) {
    int n = edges.size();
    boolean ordered = true;
    for (int i = 0; i < n && ordered; i++) {
      ordered = edges.get(i).to() == edges.get((i + 1) % n).from();
    }
    if (ordered) {
      return edges;
    }
    // Vertices renumbered 0..k-1 (init stays -1) so the search costs O(edges), not O(history).
    Map<Integer, Integer> dense = new HashMap<>();
    List<Integer> original = new ArrayList<>();
    int[] from = new int[n];
    int[] to = new int[n];
    int[] type = new int[n];
    int[] key = new int[n];
    for (int i = 0; i < n; i++) {
      Edge e = edges.get(i);
      from[i] = compact(e.from(), dense, original);
      to[i] = compact(e.to(), dense, original);
      type[i] = e.type().ordinal();
      key[i] = e.key();
    }
    ShortestCycle g = new ShortestCycle(original.size(), from, to, type, key);
    List<Edge> best = List.of();
    for (int i = 0; i < n; i++) {
      List<Edge> cycle = g.throughEdge(i);
      if (!cycle.isEmpty() && (best.isEmpty() || cycle.size() < best.size()
          || cycle.size() == best.size() && antiDependencies(cycle) < antiDependencies(best))) {
        best = cycle;
      }
    }
    if (best.isEmpty()) {
      return edges;
    }
    List<Edge> out = new ArrayList<>();
    for (Edge e : best) {
      out.add(new Edge(e.from() < 0 ? -1 : original.get(e.from()), e.to() < 0 ? -1 : original.get(e.to()),
          e.type(), e.key(), e.value()));
    }
    return out;
  }

  private static int compact(int t, Map<Integer, Integer> dense, List<Integer> original) {
    if (t < 0) {
      return -1;
    }
    return dense.computeIfAbsent(t, x -> {
      original.add(x);
      return original.size() - 1;
    });
  }

  private static long antiDependencies(List<Edge> cycle) {
    return cycle.stream().filter(e -> e.type() == EdgeType.RW).count();
  }

  /** The cycle starting at the edge whose source is the smallest id (init, -1, first). */
  private static List<Edge> rotated(List<Edge> cycle) {
    int start = 0;
    for (int i = 1; i < cycle.size(); i++) {
      if (cycle.get(i).from() < cycle.get(start).from()) {
        start = i;
      }
    }
    List<Edge> out = new ArrayList<>(cycle.subList(start, cycle.size()));
    out.addAll(cycle.subList(0, start));
    return out;
  }

  private static void addOp(Set<Integer> ops, int o) {
    if (o >= 0) {
      ops.add(o);
    }
  }

  private static List<Integer> boxed(int[] a) {
    List<Integer> out = new ArrayList<>(a.length);
    for (int x : a) {
      out.add(x);
    }
    return out;
  }

  private static int[] toArray(List<Integer> l) {
    return l.stream().mapToInt(Integer::intValue).toArray();
  }
}
