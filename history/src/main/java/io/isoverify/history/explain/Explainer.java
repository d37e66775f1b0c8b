package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a certificate into an {@link Explanation}: for a cycle, it is rotated to start at its
 * smallest transaction, each edge is matched to the operations that show it in the history,
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
    for (Edge e : rotated(c.edges())) {
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
        cycle, List.copyOf(ops), c.summary());
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
        c.edges(), c.summary());
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
        boxed(c.txns()), boxed(c.keys()), edges, List.copyOf(ops), c.summary());
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
