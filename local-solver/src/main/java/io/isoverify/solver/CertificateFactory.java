package io.isoverify.solver;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.explain.CycleClassifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns a cycle of typed edges (values unfilled) into a {@link Certificate}: fills each
 * edge's value from the history (WR, WW: the value the first transaction installed; RW:
 * the value the first read), collects the transactions, keys and the operations that show
 * each edge, and names the anomaly by its edge types with the one classifier every engine
 * uses ({@link CycleClassifier#anomalyOf}). A fuller explanation is another stage's job. Public so that the
 * Spark engine states its cycles on the excerpt of the history they mention exactly as the
 * in-process engine does.
 */
public final class CertificateFactory {
  private static final int READ = OpKind.READ.ordinal();

  private final History h;

  public CertificateFactory(History h) {
    this.h = h;
  }

  /** The edges with their values filled in. */
  public List<Edge> withValues(List<Edge> edges) {
    List<Edge> out = new ArrayList<>(edges.size());
    for (Edge e : edges) {
      int value = switch (e.type()) {
        case WR, WW -> installedOp(e.from(), e.key()) < 0 ? -1 : h.opValue(installedOp(e.from(), e.key()));
        case RW -> externalReadOp(e.from(), e.key()) < 0 ? -1 : h.opValue(externalReadOp(e.from(), e.key()));
        case SO, RT -> -1;
      };
      out.add(new Edge(e.from(), e.to(), e.type(), e.key(), value));
    }
    return out;
  }

  /** The reads with their operation and value filled in: each reader's read of its key. */
  public List<WrConstraint> withReads(List<WrConstraint> reads) {
    List<WrConstraint> out = new ArrayList<>(reads.size());
    for (WrConstraint r : reads) {
      int op = externalReadOp(r.reader(), r.key());
      out.add(r.at(op, op < 0 ? -1 : h.opValue(op)));
    }
    return out;
  }

  /**
   * The certificate of a cycle (values unfilled, dense ids of {@code h}), named by
   * {@link CycleClassifier#anomalyOf}; {@code choices} as {@link Certificate#choices()}.
   */
  public Certificate cycle(List<Edge> rawCycle, int choices) {
    return cycle(rawCycle, choices, List.of());
  }

  /**
   * The same for a cycle that holds whichever candidate wrote each of {@code reads} (values
   * unfilled), as {@link Certificate#reads()}: their operations join the certificate's.
   */
  public Certificate cycle(List<Edge> rawCycle, int choices, List<WrConstraint> rawReads) {
    List<WrConstraint> reads = withReads(rawReads);
    List<Edge> cycle = withValues(rawCycle);
    Set<Integer> txns = new LinkedHashSet<>();
    Set<Integer> keys = new LinkedHashSet<>();
    Set<Integer> ops = new LinkedHashSet<>();
    for (Edge e : cycle) {
      txns.add(e.from());
      if (e.key() >= 0) {
        keys.add(e.key());
      }
      int op = switch (e.type()) {
        case WR -> externalReadOp(e.to(), e.key());
        case WW -> installedOp(e.to(), e.key());
        case RW -> externalReadOp(e.from(), e.key());
        case SO, RT -> -1;
      };
      if (op >= 0) {
        ops.add(op);
      }
    }
    for (WrConstraint r : reads) {
      txns.add(r.reader());
      for (int w : r.writers()) {
        txns.add(w);
      }
      keys.add(r.key());
      if (r.op() >= 0) {
        ops.add(r.op());
      }
    }
    return new Certificate(CycleClassifier.anomalyOf(cycle), ints(txns), ints(keys), ints(ops), cycle,
        choices, reads);
  }

  /** The transaction's last write of the key, or -1. */
  private int installedOp(int t, int key) {
    int found = -1;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key && h.opKind(o).installsVersion()) {
        found = o;
      }
    }
    return found;
  }

  /** The transaction's first read of the key before writing it, or -1. */
  private int externalReadOp(int t, int key) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key) {
        if (h.opKind(o).installsVersion()) {
          return -1;
        }
        if (h.opKindOrdinal(o) == READ) {
          return o;
        }
      }
    }
    return -1;
  }

  private static int[] ints(Set<Integer> s) {
    return s.stream().mapToInt(Integer::intValue).toArray();
  }
}
