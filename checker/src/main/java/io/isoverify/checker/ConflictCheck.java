package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-validates a {@link ConflictEvidence} by brute force: every edge is supported by the
 * raw history ({@link EdgeJustification}), every read's candidates installed the value it
 * read from outside, and each choice (2^k for the k version-order constraints' sides, times
 * each read's candidates), with the known edges, has a cycle (for SI, of the induced graph
 * (D ; RW?), polysi section 4). A read's edges are derived here from the writer tried and
 * the choice's WW edges (W -WR-> R; R -RW-> U for each W -WW-> U on its key; veristrong
 * Definition 3.3), not taken from the solver. Its own small graph code: adjacency lists
 * over the transactions the evidence names and a depth-first search. O(choices * (E + I))
 * for E edges and I induced SI edges; callers bound it with {@link #affordable}.
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
    long choices = evidence.choices();
    return k + evidence.reads().size() <= MAX_CONSTRAINTS && choices <= MAX_WORK
        && choices * edges <= MAX_WORK;
  }

  public static Check check(History h, Level level, ConflictEvidence evidence) {
    int k = evidence.side0().size();
    if (k + evidence.reads().size() > MAX_CONSTRAINTS || evidence.choices() > MAX_WORK) {
      return Check.rejected("the conflict has " + evidence.choices() + " choices over "
          + (k + evidence.reads().size()) + " constraints, more than a brute-force check tries");
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
    for (WrConstraint r : evidence.reads()) {
      for (int w : r.writers()) {
        int value = valueOf(h, r, w);
        if (w == r.reader() || (w >= 0 && (h.isAborted(w)
            || !Transactions.installed(h, w, r.key(), value)))
            || !PredicateEvidence.observedExternally(h, r.reader(), r.key(), value)) {
          return Check.rejected((w < 0 ? "the initial state" : h.showTxn(w))
              + " is no candidate writer of the " + h.showKey(r.key()) + " = "
              + h.showValue(value) + " that " + h.showTxn(r.reader()) + " read");
        }
      }
    }
    int reads = evidence.reads().size();
    int[] writer = new int[reads];
    for (long mask = 0; mask < (1L << k); mask++) {
      java.util.Arrays.fill(writer, 0);
      do {
        List<Edge> chosen = new ArrayList<>(evidence.known());
        for (int c = 0; c < k; c++) {
          chosen.addAll(((mask >> c) & 1) == 0 ? evidence.side0().get(c) : evidence.side1().get(c));
        }
        derive(h, evidence.reads(), writer, chosen);
        if (!hasCycle(level == Level.SI ? induced(chosen) : chosen)) {
          String sides = k == 0 ? "" : "side " + sidesText(mask, k) + " of the conflict's constraints";
          String writers = writersText(h, evidence.reads(), writer);
          return Check.rejected("choosing " + sides + (k > 0 && reads > 0 ? " with " : "")
              + writers + " leaves no cycle");
        }
      } while (next(writer, evidence.reads()));
    }
    return Check.ok();
  }

  /**
   * The value candidate w of read r would have given: the value read, or for a predicate
   * read's unmatched key (vbox) w's own version, the initial state for w = -1.
   */
  private static int valueOf(History h, WrConstraint r, int w) {
    if (r.op() < 0 || h.predicate(r.op()) == null) {
      return r.value();
    }
    return w < 0 ? History.INITIAL : Transactions.lastWrite(h, w, r.key());
  }

  /**
   * Adds each read's edges under the writers tried: W -WR-> R, R -RW-> U per W -WW-> U; a
   * predicate read that saw the initial state (vbox) precedes every writer of the key.
   */
  private static void derive(History h, List<WrConstraint> reads, int[] writer, List<Edge> chosen) {
    int before = chosen.size();
    for (int j = 0; j < reads.size(); j++) {
      WrConstraint r = reads.get(j);
      int w = r.writers()[writer[j]];
      int value = valueOf(h, r, w);
      if (w < 0) {
        for (int u = 0; u < h.txnCount(); u++) {
          if (u != r.reader() && !h.isAborted(u)
              && Transactions.lastWrite(h, u, r.key()) != History.NO_VALUE) {
            chosen.add(new Edge(r.reader(), u, EdgeType.RW, r.key(), value));
          }
        }
        continue;
      }
      chosen.add(new Edge(w, r.reader(), EdgeType.WR, r.key(), value));
      for (int e = 0; e < before; e++) {
        Edge ww = chosen.get(e);
        if (ww.type() == EdgeType.WW && ww.from() == w && ww.key() == r.key()
            && ww.to() != r.reader()) {
          chosen.add(new Edge(r.reader(), ww.to(), EdgeType.RW, r.key(), value));
        }
      }
    }
  }

  /** The next combination of writers (odometer); false after the last. */
  private static boolean next(int[] writer, List<WrConstraint> reads) {
    for (int j = 0; j < writer.length; j++) {
      if (++writer[j] < reads.get(j).writers().length) {
        return true;
      }
      writer[j] = 0;
    }
    return false;
  }

  private static String writersText(History h, List<WrConstraint> reads, int[] writer) {
    StringBuilder sb = new StringBuilder();
    for (int j = 0; j < reads.size(); j++) {
      WrConstraint r = reads.get(j);
      sb.append(j == 0 ? "" : ", ").append(h.showTxn(r.reader())).append(" reading ")
          .append(h.showKey(r.key())).append(" from ")
          .append(r.writers()[writer[j]] < 0 ? "the initial state" : h.showTxn(r.writers()[writer[j]]));
    }
    return sb.toString();
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
