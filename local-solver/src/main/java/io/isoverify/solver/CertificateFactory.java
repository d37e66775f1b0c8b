package io.isoverify.solver;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.PredicateObservations;
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
    return withValues(edges, List.of());
  }

  /**
   * The same, where an RW edge leaves a key a predicate read scanned without returning it
   * (vbox's unknown θ-read, no value read): the value of the version {@code reads} assume it
   * saw, else the one a WR edge of {@code edges} brings it, else the initial state (it saw a
   * version before the one overwriting it, and the initial state is before every one).
   */
  private List<Edge> withValues(List<Edge> rawEdges, List<WrConstraint> reads) {
    List<Edge> edges = new ArrayList<>(rawEdges.size());
    for (Edge e : rawEdges) {
      edges.add(new Edge(e.from(), e.to(), e.type(), realKey(e.key()), e.value()));
    }
    List<Edge> out = new ArrayList<>(edges.size());
    for (Edge e : edges) {
      int value = switch (e.type()) {
        case WR, WW -> installedValue(e.from(), e.key());
        case RW -> rwValue(e, edges, reads);
        case SO, RT -> -1;
      };
      out.add(new Edge(e.from(), e.to(), e.type(), e.key(), value));
    }
    return out;
  }

  /**
   * The value an RW edge's reader saw: its read of the key from outside, unless the edge's
   * target installed that value (then the edge comes from a predicate read's observation of
   * the key, vbox), or what its predicate reads show ({@link #observedValue}).
   */
  private int rwValue(Edge e, List<Edge> edges, List<WrConstraint> reads) {
    int op = externalReadOp(e.from(), e.key());
    boolean item = op >= 0 && installedValue(e.to(), e.key()) != h.opValue(op);
    if (item || predicateOp(e.from()) < 0) {
      return op < 0 ? -1 : h.opValue(op);
    }
    return observedValue(e, edges, reads);
  }

  /**
   * The version an RW edge's reader saw by a predicate read (vbox: no value read): the one
   * {@code reads} assume, else the one a WR edge of {@code edges} brings it (not the edge's
   * target's: two predicate reads of one key may close the cycle), else the first
   * the predicate reads show it could have seen (the initial state first: every version
   * comes after it).
   */
  private int observedValue(Edge rw, List<Edge> edges, List<WrConstraint> reads) {
    for (WrConstraint r : reads) {
      if (r.reader() == rw.from() && r.key() == rw.key() && r.assumed() != rw.to()) {
        return r.value();
      }
    }
    for (Edge e : edges) {
      if (e.type() == EdgeType.WR && e.to() == rw.from() && e.key() == rw.key() && e.from() >= 0
          && e.from() != rw.to()) {
        return installedValue(e.from(), e.key());
      }
    }
    return firstObservable(rw.from(), rw.key(), rw.to());
  }

  /**
   * A version (not u's) t's predicate reads show it may have seen: the latest one whose
   * writer ended before t started, by the client clocks (real time puts it before t), else
   * the initial state when a predicate read did not return the key, else the first one.
   */
  private int firstObservable(int t, int key, int u) {
    int latest = -1;
    int first = -1;
    boolean initial = false;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      PredicateRead p = h.predicate(o);
      if (p == null) {
        continue;
      }
      int want = returned(o, p, key) ? 1 : 0;
      initial |= want == 0;
      for (int w = 0; w < h.txnCount(); w++) {
        if (w == t || w == u || h.isAborted(w) || installedOp(w, key) < 0
            || PredicateObservations.matches(version(w, key), p) != want) {
          continue;
        }
        first = first < 0 ? w : first;
        if (h.endTs(w) != History.NO_TIME && h.startTs(t) != History.NO_TIME
            && h.endTs(w) < h.startTs(t) && (latest < 0 || h.endTs(w) > h.endTs(latest))) {
          latest = w;
        }
      }
    }
    return latest >= 0 ? installedValue(latest, key) : initial || first < 0 ? History.INITIAL
        : installedValue(first, key);
  }

  /** w's version of key, as its writes show it. */
  private PredicateObservations.Row version(int w, int key) {
    PredicateObservations.Row row = null;
    for (int o = h.firstOp(w); o < h.endOp(w); o++) {
      if (h.opKey(o) == key && h.opKind(o).installsVersion()) {
        row = PredicateObservations.Row.after(row, h, o);
      }
    }
    return row;
  }

  private int installedValue(int t, int key) {
    int op = t < 0 ? -1 : installedOp(t, key);
    return op < 0 ? -1 : h.opValue(op);
  }

  /** The key of the history a graph's key code stands for (predicate reads' virtual keys). */
  private int realKey(int key) {
    return key < h.keys().size() ? key : PredicateObservations.realKey(h, key);
  }

  /**
   * The reads with their operation and value filled in: each reader's read of its key; for
   * what a predicate read showed (vbox: its candidates did not all install the value the
   * reader read, if it read one), the reader's first predicate read and the value of the
   * version the read assumes (the initial state for -1).
   */
  public List<WrConstraint> withReads(List<WrConstraint> reads) {
    List<WrConstraint> out = new ArrayList<>(reads.size());
    for (WrConstraint raw : reads) {
      WrConstraint r = new WrConstraint(raw.reader(), raw.op(), realKey(raw.key()), raw.value(),
          raw.writers(), raw.assumed());
      int op = externalReadOp(r.reader(), r.key());
      int scan = predicateOp(r.reader());
      if (scan >= 0 && (op < 0 || !allInstalled(r, h.opValue(op)))) {
        out.add(r.at(scan, r.assumed() < 0 ? History.INITIAL : installedValue(r.assumed(), r.key())));
      } else {
        out.add(r.at(op, op < 0 ? -1 : h.opValue(op)));
      }
    }
    return out;
  }

  private boolean allInstalled(WrConstraint r, int value) {
    for (int w : r.writers()) {
      if (w < 0 || installedValue(w, r.key()) != value) {
        return false;
      }
    }
    return true;
  }

  /** The transaction's first predicate read, or -1. */
  private int predicateOp(int t) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.predicate(o) != null) {
        return o;
      }
    }
    return -1;
  }

  private boolean returned(int o, PredicateRead p, int key) {
    for (int i = 1; i <= p.matched(); i++) {
      if (h.opKey(o + i) == key) {
        return true;
      }
    }
    return false;
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
    List<Edge> cycle = withValues(rawCycle, reads);
    Set<Integer> txns = new LinkedHashSet<>();
    Set<Integer> keys = new LinkedHashSet<>();
    Set<Integer> ops = new LinkedHashSet<>();
    for (Edge e : cycle) {
      txns.add(e.from());
      if (e.key() >= 0) {
        keys.add(e.key());
      }
      int op = switch (e.type()) {
        case WR -> readOrScan(e.to(), e.key());
        case WW -> installedOp(e.to(), e.key());
        case RW -> readOrScan(e.from(), e.key());
        case SO, RT -> -1;
      };
      if (op >= 0) {
        ops.add(op);
      }
    }
    for (WrConstraint r : reads) {
      txns.add(r.reader());
      for (int w : r.writers()) {
        if (w >= 0) {
          txns.add(w);
        }
      }
      keys.add(r.key());
      if (r.op() >= 0) {
        ops.add(r.op());
      }
    }
    return new Certificate(CycleClassifier.anomalyOf(cycle), ints(txns), ints(keys), ints(ops), cycle,
        choices, reads);
  }

  /** The transaction's read of the key from outside, else its first predicate read, or -1. */
  private int readOrScan(int t, int key) {
    int op = externalReadOp(t, key);
    return op >= 0 ? op : predicateOp(t);
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
