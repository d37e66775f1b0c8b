package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.List;

/**
 * Names a cycle of typed edges, twice: with Adya's taxonomy (thesis section 3.2, as Elle
 * applies it) and, where the shape matches one, with the mtc paper's names (Table I, Figure
 * 5). Session-order and real-time edges are "process" and "realtime" edges: they do not change
 * the Adya class, they add the -process / -realtime suffix (realtime wins when both occur).
 *
 * <pre>
 *   data edges (WR, WW, RW) of the cycle     Adya class
 *   only WW                                  G0
 *   WW and WR, no RW                         G1c
 *   exactly one RW                           G-single
 *   two or more RW, no two adjacent          G-nonadjacent
 *   two or more RW, some adjacent            G2-item
 * </pre>
 * Adjacency is along the cycle, cyclically, counting every edge (an SO edge between two RW
 * edges separates them, as in the SI characterization (SO+WR+WW);RW?). O(cycle length).
 */
public final class CycleClassifier {
  private CycleClassifier() {}

  /** What a cycle is: its Adya class, its mtc pattern (or null) and its variant flags. */
  public record Classification(Anomaly adya, Anomaly pattern, boolean process, boolean realtime) {
    /** Adya's name with its variant suffix: "G-single-process", "G2-item-realtime". */
    public String adyaName() {
      return adya.displayName() + (realtime ? "-realtime" : process ? "-process" : "");
    }
  }

  /**
   * The anomaly a certificate of this cycle names, and the key its count is kept under: the
   * Adya class of its edges, or RealtimeViolation when a real-time edge takes part (the
   * explanation's title then reads "G-single-realtime (RealtimeViolation)"). Every engine
   * names cycles here, so counts and titles agree. O(cycle length); the edges must be
   * consecutive, as {@link #classify} requires.
   */
  public static Anomaly anomalyOf(List<Edge> cycle) {
    EdgeType[] types = new EdgeType[cycle.size()];
    for (int i = 0; i < types.length; i++) {
      types[i] = cycle.get(i).type();
    }
    Shape shape = Shape.of(types);
    return shape.realtime ? Anomaly.REALTIME_VIOLATION : shape.adya;
  }

  /**
   * Classifies the cycle {@code steps} (consecutive: each edge's target is the next one's
   * source, the last one's target the first one's source), whose keys and values were
   * re-derived from {@code h}.
   */
  public static Classification classify(History h, List<Step> steps) {
    EdgeType[] types = new EdgeType[steps.size()];
    for (int i = 0; i < types.length; i++) {
      types[i] = steps.get(i).edge().type();
    }
    Shape shape = Shape.of(types);
    return new Classification(shape.adya, pattern(h, steps, shape.rw, shape.realtime), shape.process,
        shape.realtime);
  }

  /** The edge-type facts both answers rest on: the Adya class, the RW count, the variants. */
  private record Shape(Anomaly adya, int rw, boolean process, boolean realtime) {
    static Shape of(EdgeType[] types) {
      int n = types.length;
      int rw = 0;
      int wr = 0;
      boolean ww = false;
      boolean adjacentRw = false;
      boolean process = false;
      boolean realtime = false;
      for (int i = 0; i < n; i++) {
        switch (types[i]) {
          case RW -> {
            rw++;
            adjacentRw |= n > 1 && types[(i + 1) % n] == EdgeType.RW;
          }
          case WR -> wr++;
          case WW -> ww = true;
          case SO -> process = true;
          case RT -> realtime = true;
        }
      }
      Anomaly adya;
      if (rw == 0) {
        adya = wr > 0 ? Anomaly.G1C : ww ? Anomaly.G0 : Anomaly.CYCLE;
      } else if (rw == 1) {
        adya = Anomaly.G_SINGLE;
      } else {
        adya = adjacentRw ? Anomaly.G2_ITEM : Anomaly.G_NONADJACENT;
      }
      return new Shape(adya, rw, process, realtime);
    }
  }

  /**
   * The mtc name of the cycle's shape, or null: through a predicate read (vbox) Phantom,
   * PredicateReadSkew, PredicateWriteSkew; then two-transaction shapes (LostUpdate,
   * WriteSkew, FracturedRead), then the one-anti-dependency families, then LongFork.
   */
  private static Anomaly pattern(History h, List<Step> steps, int rw, boolean realtime) {
    if (realtime) {
      // A transaction missed the effect of one that had finished before it started.
      return Anomaly.REALTIME_VIOLATION;
    }
    int n = steps.size();
    if (steps.stream().anyMatch(s -> throughPredicate(h, s.edge()))) {
      if (n == 2 && rw == 1 && steps.get(0).edge().key() == steps.get(1).edge().key()) {
        return Anomaly.PHANTOM;
      }
      if (rw == 1) {
        return Anomaly.PREDICATE_READ_SKEW;
      }
      if (n == 2 && rw == 2) {
        return Anomaly.PREDICATE_WRITE_SKEW;
      }
    }
    if (n == 2) {
      Step a = steps.get(0);
      Step b = steps.get(1);
      if (rw == 1 && lostUpdate(h, a, b)) {
        return Anomaly.LOST_UPDATE;
      }
      if (rw == 2 && a.edge().key() != b.edge().key()) {
        return Anomaly.WRITE_SKEW;
      }
      if (rw == 1 && count(steps, EdgeType.WR) == 1) {
        return Anomaly.FRACTURED_READ;
      }
    }
    if (rw == 1) {
      if (only(steps, EdgeType.SO)) {
        return Anomaly.SESSION_GUARANTEE_VIOLATION;
      }
      if (only(steps, EdgeType.WR, EdgeType.SO)) {
        return Anomaly.CAUSALITY_VIOLATION;
      }
      return Anomaly.READ_SKEW;
    }
    if (n == 4 && rw == 2 && count(steps, EdgeType.WR) == 2
        && steps.get(0).edge().type() != steps.get(1).edge().type()
        && steps.get(1).edge().type() != steps.get(2).edge().type()) {
      return Anomaly.LONG_FORK;
    }
    return null;
  }

  /**
   * True when a WR or RW edge rests on a predicate read (vbox): its reader has one and no
   * item read of the key with the edge's value ({@link StepFinder#restsOnPredicate}).
   */
  private static boolean throughPredicate(History h, Edge e) {
    int t = e.type() == EdgeType.WR ? e.to() : e.type() == EdgeType.RW ? e.from() : -1;
    return t >= 0 && e.key() >= 0 && !h.predicates().isEmpty()
        && StepFinder.restsOnPredicate(h, t, e.key(), e.value());
  }

  /** WW then RW (either order) on one key, and both overwriters read the same version. */
  private static boolean lostUpdate(History h, Step a, Step b) {
    Step ww = a.edge().type() == EdgeType.WW ? a : b.edge().type() == EdgeType.WW ? b : null;
    Step rw = a.edge().type() == EdgeType.RW ? a : b.edge().type() == EdgeType.RW ? b : null;
    if (ww == null || rw == null || ww.edge().key() != rw.edge().key() || ww.edge().key() < 0) {
      return false;
    }
    // rw: T2 read x and T1 overwrote it; ww: T1's x was overwritten by T2. Both must have read
    // x, and the same value.
    int key = rw.edge().key();
    int first = ww.edge().from() < 0 ? -1 : readOf(h, ww.edge().from(), key);
    int second = readOf(h, ww.edge().to(), key);
    return first >= 0 && second >= 0 && h.opValue(first) == h.opValue(second);
  }

  private static int readOf(History h, int t, int key) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key && h.opKind(o) == OpKind.READ) {
        return o;
      }
    }
    return -1;
  }

  private static int count(List<Step> steps, EdgeType t) {
    return (int) steps.stream().filter(s -> s.edge().type() == t).count();
  }

  /** True when every edge but the RW ones is of one of the given types. */
  private static boolean only(List<Step> steps, EdgeType... allowed) {
    return steps.stream().map(s -> s.edge().type()).filter(t -> t != EdgeType.RW)
        .allMatch(t -> List.of(allowed).contains(t));
  }
}
